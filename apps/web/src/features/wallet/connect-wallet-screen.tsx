import { webRoutes } from '@vaultscope/core';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { EmptyState } from '@/components/ui/empty-state';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';
import './wallet.css';

/** Wallet connect/unlock (/connect-wal, no top bar). */
export function ConnectWalletScreen() {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  return (
    <div className="connect">
      <div className="connect__card card">
        <div className="connect__head">
          <BrandMark size={32} />
          <h1 className="connect__title">Connect Wallet</h1>
          <Link to={webRoutes.home} className="icon-btn connect__close" aria-label="Close">
            ×
          </Link>
        </div>
        {loggedIn ? (
          <EmptyState title="No wallet connected yet." icon="◆">
            The Vaultscope wallet keeps your EVM and Solana keys encrypted under a wallet password
            of your own. Connecting a wallet is not available in this version yet.
          </EmptyState>
        ) : (
          <EmptyState title="Log in to use the wallet." icon="◆">
            <Link to={webRoutes.login}>Log in</Link>
          </EmptyState>
        )}
      </div>
    </div>
  );
}
