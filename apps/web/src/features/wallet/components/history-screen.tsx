import {
  formatUsdFixed,
  pageHeaderFor,
  shortAddress,
  shortHash,
  walletMessages,
  WALLET_DISPLAY,
  webRoutes,
  type WalletTransaction,
  cutDecimals,
} from '@vaultscope/core';
import { LogInPrompt } from '@/components/ui/log-in-prompt';
import { Page } from '@/components/ui/page';
import { PagedTable } from '@/components/ui/paged-table';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';
import { useHistory } from '../api/history';
import { copyWithToast } from '../lib/clipboard';
import { openableLink } from '../lib/links';
import { useConnectOnForbidden } from '../lib/not-connected';
import styles from './history-screen.module.css';

const COLUMNS = [
  'Hash',
  'Chain',
  'Type',
  'From',
  'To',
  'Value',
  'Symbol',
  'Link',
  'Transaction Fee',
  'Value USD',
] as const;

/** Spec section 9: 20 skeleton rows while the history loads. */
const SKELETON_ROWS = 20;

/** Wallet transaction history (/history): pages of 50 appended with Show More. */
export function HistoryScreen() {
  const header = pageHeaderFor(webRoutes.history);
  const loggedIn = useSessionStore(selectIsLoggedIn);
  return (
    <Page title={header.title} description={header.description} visuallyHiddenTitle>
      {loggedIn ? (
        <HistoryTable />
      ) : (
        <div className="card">
          <LogInPrompt title="Log in to use the wallet." icon="◆" />
        </div>
      )}
    </Page>
  );
}

function HistoryTable() {
  const history = useHistory();
  // Spec section 8: a 403 says 'Please connect your wallet', then goes to /connect-wal.
  useConnectOnForbidden([history.error], walletMessages.historyNotConnected);
  const rows = history.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <PagedTable
      query={history}
      rowCount={rows.length}
      caption="Wallet transactions"
      columns={COLUMNS}
      skeletonRows={SKELETON_ROWS}
      errorText={walletMessages.historyFailed}
      emptyText="No transactions yet."
      className={styles.history}
      tableClassName="history-table"
      testId="history-table"
    >
      {rows.map((transaction) => (
        <HistoryRow key={transaction._id} transaction={transaction} />
      ))}
    </PagedTable>
  );
}

function HistoryRow({ transaction }: { transaction: WalletTransaction }) {
  const link = openableLink(transaction.transactionUrl);
  return (
    <tr data-testid="history-row" data-hash={transaction.hash}>
      <th scope="row">
        <CopyCell value={transaction.hash} shown={shortHash(transaction.hash)} what="hash" />
      </th>
      <td>{transaction.chainName}</td>
      <td>
        {transaction.type === 'send' ? 'Send' : 'Receive'}
        {transaction.status !== 'confirmed' && (
          <span className={`badge ${styles.status}`} data-status={transaction.status}>
            {transaction.status}
          </span>
        )}
      </td>
      <td>
        <CopyCell value={transaction.from} shown={shortAddress(transaction.from)} what="sender" />
      </td>
      <td>
        <CopyCell value={transaction.to} shown={shortAddress(transaction.to)} what="recipient" />
      </td>
      <td title={transaction.value}>
        {cutDecimals(transaction.value, WALLET_DISPLAY.amountDecimals)}
      </td>
      <td>{transaction.symbol}</td>
      <td>
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer">
            View
          </a>
        ) : (
          '-'
        )}
      </td>
      <td title={transaction.transactionFee ?? undefined}>
        {transaction.transactionFee === null
          ? '-'
          : cutDecimals(transaction.transactionFee, WALLET_DISPLAY.feeDecimals)}
      </td>
      <td>
        {transaction.valueUSD === null
          ? '-'
          : `$${formatUsdFixed(transaction.valueUSD, WALLET_DISPLAY.tokenUsdDecimals)}`}
      </td>
    </tr>
  );
}

/** A cut hash or address that copies the whole value when clicked (spec section 2). */
function CopyCell({ value, shown, what }: { value: string; shown: string; what: string }) {
  return (
    <button
      type="button"
      className={`${styles.copy} mono`}
      title={value}
      onClick={() => void copyWithToast(value)}
    >
      <span className="visually-hidden">Copy {what} </span>
      {shown}
    </button>
  );
}
