import { findChain, walletMessages, type ChainTransaction } from '@vaultscope/core';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { ScreenLoader } from '@/components/ui/spinner';
import { ApiError, messageOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useChainTransaction } from '../api/chain-transaction';
import { DetailList, type DetailRow } from './detail-list';
import styles from './transaction-screen.module.css';

/**
 * The app's own page of a transaction on a local chain (/tx/:chainId/:hash), which no public
 * explorer can show: status, parties, value, fee, block, nonce, time and token transfers.
 */
export function TransactionScreen() {
  const params = useParams();
  const chainId = Number(params.chainId);
  const hash = params.hash ?? '';
  const chain = Number.isInteger(chainId) ? findChain(chainId) : undefined;

  return (
    <Page title="Transaction" description={chain ? `On ${chain.name}` : undefined}>
      {chain && hash ? (
        <TransactionDetails chainId={chainId} hash={hash} />
      ) : (
        <div className="card">
          <EmptyState title="This is not a transaction link of a known chain." icon="!" />
        </div>
      )}
    </Page>
  );
}

function TransactionDetails({ chainId, hash }: { chainId: number; hash: string }) {
  const transaction = useChainTransaction(chainId, hash);
  if (transaction.isPending) return <ScreenLoader label="Loading transaction" />;
  if (transaction.isError) {
    const notFound = transaction.error instanceof ApiError && transaction.error.status === 404;
    return (
      <div className="card">
        <EmptyState
          title={
            notFound
              ? walletMessages.transactionNotFound
              : messageOf(transaction.error, 'Could not read this transaction.')
          }
          icon="!"
        >
          {!notFound && (
            <Button variant="secondary" onClick={() => void transaction.refetch()}>
              Try again
            </Button>
          )}
        </EmptyState>
      </div>
    );
  }
  return <TransactionCard transaction={transaction.data} />;
}

function TransactionCard({ transaction }: { transaction: ChainTransaction }) {
  const rows: DetailRow[] = [
    ['Hash', transaction.hash, true],
    ['Chain', transaction.chainName, false],
    ['From', transaction.from, true],
    ['To', transaction.to ?? '(contract creation)', true],
    ['Value', `${transaction.value} ${transaction.symbol}`, false],
    ['Fee', transaction.fee === null ? '-' : `${transaction.fee} ${transaction.symbol}`, false],
    ['Block', transaction.block ?? '-', false],
    ['Nonce', transaction.nonce === null ? '-' : String(transaction.nonce), false],
    ['Time', transaction.timestamp ? formatDateTime(transaction.timestamp) : '-', false],
  ];
  return (
    <article className={`${styles.card} card`} data-testid="chain-transaction">
      <p className={styles.status} data-status={transaction.status}>
        {STATUS_TEXT[transaction.status]}
      </p>
      <DetailList rows={rows} />
      <h2 className="section-title">Token transfers</h2>
      {transaction.tokenTransfers.length === 0 ? (
        <p className={styles.none}>None.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Token transfers</caption>
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {transaction.tokenTransfers.map((transfer, index) => (
                <tr key={index}>
                  <td className="mono">{transfer.token}</td>
                  <td className="mono">{transfer.from}</td>
                  <td className="mono">{transfer.to}</td>
                  <td>{transfer.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}

const STATUS_TEXT: Record<ChainTransaction['status'], string> = {
  success: 'Success',
  failed: 'Failed',
  pending: 'Pending',
};
