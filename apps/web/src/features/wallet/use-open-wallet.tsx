import { walletMessages, webRoutes } from '@vaultscope/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { useSessionStore } from '@/stores/session-store';
import { getChainAssets, getOwnAddress } from './api/chain-account';
import { getWalletStatus } from './api/wallet-session';
import { PasswordModal } from './components/password-modal';
import { decideWalletAccess, type PasswordForm } from './lib/access';
import { passwordVerified } from './lib/password-verified';

/** The chain the access check reads (spec section 7: getAssetsByChain?chainId=1). */
const PROBE_CHAIN_ID = 1;

/**
 * The way into the wallet from the side menu or Home (spec section 4, Wallet access). Returns the
 * handler for the Wallet button and the password modal, which the caller renders.
 */
export function useOpenWallet(source: 'menu' | 'home'): {
  openWallet: () => void;
  walletModal: ReactNode;
} {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The modal belongs to the page it was opened on: unlocking navigates, and that closes it.
  const [opened, setOpened] = useState<{ form: PasswordForm; pathname: string } | null>(null);
  // A second click while the probes run would open the modal twice.
  const checking = useRef(false);

  const openWallet = useCallback(() => {
    if (checking.current) return;
    checking.current = true;
    const { token, data } = useSessionStore.getState();
    void decideWalletAccess(
      {
        token,
        passwordVerified: passwordVerified.read(),
        userId: data?._id,
        storedWalletStatus: data?.WalletStatus ?? false,
      },
      {
        probe: () => [getChainAssets(PROBE_CHAIN_ID), getOwnAddress(PROBE_CHAIN_ID)],
        walletStatus: async (userId) => (await getWalletStatus(userId)).data.WalletStatus,
      },
    )
      .then((decision) => {
        if (decision.to === 'connect') void navigate(webRoutes.connectWallet);
        else if (decision.to === 'wallet') void navigate(webRoutes.wallet);
        else if (decision.to === 'modal') setOpened({ form: decision.form, pathname });
        else
          toast.error(
            source === 'menu' ? walletMessages.accessFailedMenu : walletMessages.accessFailedHome,
          );
      })
      .finally(() => {
        checking.current = false;
      });
  }, [navigate, pathname, source]);

  // Leaving the page forgets the modal, so that coming back does not reopen it.
  if (opened && opened.pathname !== pathname) setOpened(null);
  const walletModal =
    opened && opened.pathname === pathname ? (
      <PasswordModal initialForm={opened.form} onClose={() => setOpened(null)} />
    ) : null;

  return { openWallet, walletModal };
}
