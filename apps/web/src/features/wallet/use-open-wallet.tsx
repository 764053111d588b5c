import { webRoutes } from '@vaultscope/core';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { useSessionStore } from '@/stores/session-store';
import type { PasswordForm } from './lib/access';
import { passwordVerified } from './lib/password-verified';

// The way in is part of every page's shell (side menu, Home), but its code (the probes, their
// response schemas, the messages, the password forms) is only needed once the Wallet button is
// pressed: it is fetched then, so the first page of the app does not carry it.
const PasswordModal = lazy(() =>
  import('./components/password-modal').then((m) => ({ default: m.PasswordModal })),
);

/** When even the check's code cannot be fetched (offline, a deploy replaced it). */
const ACCESS_CHECK_UNAVAILABLE = 'Could not open the wallet. Please check your connection.';

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
    void import('./lib/access-check')
      .then(async ({ checkWalletAccess, accessFailedMessage }) => {
        const decision = await checkWalletAccess({
          token,
          passwordVerified: passwordVerified.read(),
          userId: data?._id,
          storedWalletStatus: data?.WalletStatus ?? false,
        });
        if (decision.to === 'connect') void navigate(webRoutes.connectWallet);
        else if (decision.to === 'wallet') void navigate(webRoutes.wallet);
        else if (decision.to === 'modal') setOpened({ form: decision.form, pathname });
        else toast.error(accessFailedMessage(source));
      })
      .catch(() => toast.error(ACCESS_CHECK_UNAVAILABLE))
      .finally(() => {
        checking.current = false;
      });
  }, [navigate, pathname, source]);

  // Leaving the page forgets the modal, so that coming back does not reopen it.
  if (opened && opened.pathname !== pathname) setOpened(null);
  const walletModal =
    opened && opened.pathname === pathname ? (
      <Suspense fallback={null}>
        <PasswordModal initialForm={opened.form} onClose={() => setOpened(null)} />
      </Suspense>
    ) : null;

  return { openWallet, walletModal };
}
