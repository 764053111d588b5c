import { findChain, networksForMode, pageHeaderFor, webRoutes } from '@vaultscope/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LogInPrompt } from '@/components/ui/log-in-prompt';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useHydrated } from '@/lib/use-hydrated';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';
import { useNetworkMode } from '../api/network-mode';
import { usePortfolio } from '../api/portfolio';
import { useConnectOnForbidden } from '../lib/not-connected';
import { passwordVerified } from '../lib/password-verified';
import { balanceKey } from '../lib/portfolio';
import { BalanceCard } from './balance-card';
import { dialogChunk } from './dialog-chunk';
import { FaucetButton } from './faucet-button';
import { NetworkModeSelect } from './network-mode-select';
import { PortfolioTable } from './portfolio-table';
import styles from './wallet-screen.module.css';

// The Send and Receive dialogs (the send form with viem's address checks, the QR encoder, the
// chains' account calls: two thirds of the screen's code) are chunks of their own, fetched when
// a pointer, a touch or the keyboard comes to their button and at the latest when it is pressed,
// so the wallet's first frame does not wait for them.
const loadSendDialog = () => import('./send-dialog');
const loadReceiveDialog = () => import('./receive-dialog');
const SendDialog = dialogChunk('Send', () => loadSendDialog().then((m) => m.SendDialog));
const ReceiveDialog = dialogChunk('Receive', () =>
  loadReceiveDialog().then((m) => m.ReceiveDialog),
);

/** Props that start fetching a part's code on intent, as links do (app/route-prefetch.ts). */
const prefetchOnIntent = (load: () => Promise<unknown>) => {
  const prefetch = () => void load().catch(() => {});
  return { onPointerEnter: prefetch, onTouchStart: prefetch, onFocus: prefetch };
};

/**
 * The wallet portfolio (/vaultscope-wallet, spec section 2).
 *
 * Its first frame comes in the HTML (apps/web/build/prerender.ts), the same for every visitor:
 * the dashboard as it looks while its figures load (buttons, skeletons), with no session and so
 * no request and nothing of anyone's wallet. Once the app has hydrated it, a logged-in user's
 * dashboard fills in where it stands; a visitor gets the Log in prompt in its place.
 */
export function WalletScreen() {
  const header = pageHeaderFor(webRoutes.wallet);
  const hydrated = useHydrated();
  const loggedIn = useSessionStore(selectIsLoggedIn);
  return (
    <Page title={header.title} description={header.description} visuallyHiddenTitle>
      {/* Before hydration the session is the store's server snapshot (none), so the dashboard's
          queries, enabled by the user's id, ask nothing. */}
      {loggedIn || !hydrated ? (
        <WalletDashboard />
      ) : (
        <div className="card">
          <LogInPrompt title="Log in to use the wallet." icon="◆" />
        </div>
      )}
    </Page>
  );
}

function WalletDashboard() {
  const portfolio = usePortfolio();
  const mode = useNetworkMode();
  // Spec section 8: a 403 on the portfolio goes to /connect-wal.
  useConnectOnForbidden([portfolio.error, mode.error]);
  usePrefetchConnectScreen();
  const [dialog, setDialog] = useState<'send' | 'receive' | null>(null);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const [hidden, setHidden] = useState(false);

  const balances = portfolio.data?.balances ?? [];
  const focused = balances.find((balance) => balanceKey(balance) === focusedKey);
  const firstChainId = mode.data ? networksForMode(mode.data)[0]?.id : undefined;
  const unavailable = portfolio.data?.unavailableChains ?? [];

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={styles.actions}>
          <Button onClick={() => setDialog('send')} {...prefetchOnIntent(loadSendDialog)}>
            Send
          </Button>
          <Button
            variant="secondary"
            onClick={() => setDialog('receive')}
            {...prefetchOnIntent(loadReceiveDialog)}
          >
            Receive
          </Button>
          <Link to={webRoutes.history} className="btn btn--secondary">
            Transactions
          </Link>
          <Button
            variant="secondary"
            busy={portfolio.isFetching && !portfolio.isPending}
            onClick={() => void portfolio.refetch()}
          >
            Refresh
          </Button>
          <FaucetButton chainId={firstChainId} />
        </div>
        <NetworkModeSelect mode={mode.data} />
      </div>

      <BalanceCard
        portfolio={portfolio.data}
        focused={focused}
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
        onShowPortfolio={() => setFocusedKey(null)}
      />

      {unavailable.length > 0 && (
        <p className="notice" role="status">
          Balances on {unavailable.map((id) => findChain(id)?.name ?? `chain ${id}`).join(', ')}{' '}
          could not be read just now and are left out of the total.
        </p>
      )}

      <PortfolioTable
        balances={balances}
        loading={portfolio.isPending}
        error={portfolio.error}
        focusedKey={focused ? focusedKey : null}
        onFocus={setFocusedKey}
        hidden={hidden}
      />

      {dialog === 'send' && <SendDialog onClose={() => setDialog(null)} />}
      {dialog === 'receive' && <ReceiveDialog onClose={() => setDialog(null)} />}
    </div>
  );
}

/**
 * A logged-in user whose wallet password was not entered in this browser (no `passwordVerified`)
 * is most likely sent to /connect-wal by the first call's 403: that screen's code and the error
 * answer's chunk are fetched once the page is hydrated, beside the calls, so the redirect does
 * not wait for them. The wallet's HTML no longer names them: for a user whose wallet is open they
 * were bytes before the first paint that the page never ran.
 */
function usePrefetchConnectScreen() {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  useEffect(() => {
    if (!loggedIn || passwordVerified.read() === 'true') return;
    // A task of its own, as lazyPart does: Vite's preload helper adds a link per chunk.
    const timer = setTimeout(() => {
      void import('./connect-wallet-screen').catch(() => {});
      void import('@/lib/error-response').catch(() => {});
    }, 0);
    return () => clearTimeout(timer);
  }, [loggedIn]);
}
