import { isNotConnected } from './not-connected';

/**
 * The Wallet button's decision (spec section 4, Wallet access), written as a function of what the
 * browser holds and of two probing calls, so that it is tested without a screen.
 */

export type PasswordForm = 'set' | 'enter';

export type AccessDecision =
  { to: 'connect' } | { to: 'wallet' } | { to: 'modal'; form: PasswordForm } | { to: 'error' };

export interface AccessState {
  token: string | null;
  /** localStorage `passwordVerified`, as stored. */
  passwordVerified: string | null;
  userId: string | undefined;
  /** WalletStatus of the user in the session store (may be old). */
  storedWalletStatus: boolean;
}

export interface AccessProbes {
  /** getAssetsByChain?chainId=1 and getPublicKeyEvmGenerated, both must answer. */
  probe: () => Promise<unknown>[];
  /** Whether a wallet password is set, read fresh from the server. */
  walletStatus: (userId: string) => Promise<boolean>;
}

export async function decideWalletAccess(
  state: AccessState,
  probes: AccessProbes,
): Promise<AccessDecision> {
  if (!state.token) return { to: 'connect' };
  if (state.passwordVerified === 'true') return { to: 'wallet' };

  const results = await Promise.allSettled(probes.probe());
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.some(isNotConnected)) return { to: 'connect' };
  if (failures.length > 0) return { to: 'error' };

  // The stored user may predate setting the password; the server knows. If it cannot say, the
  // stored flag is the best guess.
  let walletStatus = state.storedWalletStatus;
  if (state.userId) {
    walletStatus = await probes.walletStatus(state.userId).catch(() => state.storedWalletStatus);
  }
  return {
    to: 'modal',
    form: walletStatus || state.passwordVerified !== null ? 'enter' : 'set',
  };
}
