import { pageHeaderFor, webRoutes } from '@vaultscope/core';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { DataTable } from '@/components/token-table/data-table';
import './wallet.css';

/** Wallet portfolio frame (/vaultscope-wallet); balances and actions arrive with the wallet issue. */
export function WalletScreen() {
  const header = pageHeaderFor(webRoutes.wallet);
  return (
    <Page title={header.title} description={header.description} visuallyHiddenTitle>
      <div className="wallet-summary card">
        <div>
          <p className="wallet-summary__label">BALANCE</p>
          <p className="wallet-summary__value">—</p>
        </div>
        <div className="wallet-summary__actions">
          <Button variant="secondary" disabled>
            Send
          </Button>
          <Button variant="secondary" disabled>
            Receive
          </Button>
          <Link to={webRoutes.history} className="btn btn--secondary">
            Transactions
          </Link>
        </div>
      </div>
      <DataTable
        caption="Token balances"
        columns={['Tokens', 'Balance', 'Change', 'Price']}
        emptyText="No token balances found."
      />
    </Page>
  );
}
