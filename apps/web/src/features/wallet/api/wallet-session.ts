import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  generatedWalletResponseSchema,
  walletLoginResponseSchema,
  walletStatusResponseSchema,
  type LoginRequest,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { useSessionStore, withDeviceToken } from '@/stores/session-store';

/**
 * The wallet's session calls: wallet login with the account's credentials, the wallet password
 * (set once, then unlock for a while), lock, and whether a wallet password is set. A 401 from the
 * password calls means a wrong password, not an ended session, so it keeps the session.
 */

/** Like the product login, it sends this browser's device token and keeps the one answered. */
export const walletLogin = async (body: LoginRequest) => {
  const answer = await apiRequest(apiPaths.wallet.login, {
    method: 'POST',
    body: withDeviceToken(body),
    auth: true,
    keepSessionOn401: true,
    schema: walletLoginResponseSchema,
  });
  useSessionStore.getState().rememberDevice(answer.deviceToken);
  return answer;
};

export const setWalletPassword = (body: { email?: string; password: string }) =>
  apiRequest(apiPaths.wallet.setPassword, {
    method: 'POST',
    body,
    auth: true,
    keepSessionOn401: true,
    schema: walletStatusResponseSchema,
  });

export const unlockWallet = (password: string) =>
  apiRequest(apiPaths.wallet.unlock, {
    method: 'POST',
    body: { password },
    auth: true,
    keepSessionOn401: true,
    schema: walletStatusResponseSchema,
  });

/** Whether this account has a wallet password (needs only the session, not an unlocked wallet). */
export const getWalletStatus = (userId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(apiPaths.wallet.updateWalletStatus, {
    method: 'POST',
    body: { userId },
    auth: true,
    schema: walletStatusResponseSchema,
    signal,
  });

/**
 * Creates the account's EVM and Solana wallets when missing (both calls are idempotent) and
 * gives their addresses.
 */
export async function generateWallets(): Promise<{ evm: string; solana: string }> {
  const generate = async (path: string) => {
    const answer = await apiRequest(path, {
      method: 'POST',
      body: {},
      auth: true,
      schema: generatedWalletResponseSchema,
    });
    return answer.data.address;
  };
  const evm = await generate(apiPaths.wallet.generateEvm);
  const solana = await generate(apiPaths.wallet.generateSolana);
  return { evm, solana };
}

/** The wallets could not be prepared after the unlock; `cause` is the API error. */
export class WalletSetupError extends Error {
  override readonly name = 'WalletSetupError';
}

/**
 * Unlock, then make sure both wallets exist (idempotent), so that every screen after this one has
 * an address to show.
 */
export async function unlockAndPrepare(password: string): Promise<{ evm: string; solana: string }> {
  await unlockWallet(password);
  try {
    return await generateWallets();
  } catch (cause) {
    throw new WalletSetupError('Wallet setup failed', { cause });
  }
}

export const useUnlockAndPrepare = () =>
  useMutation({ mutationKey: ['wallet', 'unlock'], mutationFn: unlockAndPrepare });

export const useSetWalletPassword = () =>
  useMutation({ mutationKey: ['wallet', 'set-password'], mutationFn: setWalletPassword });

export const useWalletLogin = () =>
  useMutation({ mutationKey: ['wallet', 'login'], mutationFn: walletLogin });
