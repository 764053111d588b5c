import { timings } from '@vaultscope/core';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { HeartButton } from '@/components/ui/heart-button';
import { formatDateTime, formatUsd } from '@/lib/format';
import { SAMPLE_TRANSACTIONS, type SampleTransaction } from '../lib/sample-transactions';
import styles from './cex-sample-transactions.module.css';

const SAMPLE_COLUMNS = ['Type', 'Exchange', 'Asset', 'Amount', 'Value', 'Time', 'Status'];
const TYPE_LABELS: Record<SampleTransaction['type'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  trade: 'Trade',
};

/**
 * The sample-transactions variant of /CEX (spec section 2): 20 hard-coded transactions that
 * appear after a 1 s delay, a heart per row kept on this page only, and a 'Show Favorites' /
 * 'Show All Transactions' toggle.
 */
export function CexSampleTransactions() {
  const [rows, setRows] = useState<readonly SampleTransaction[] | null>(null);
  const [favourites, setFavourites] = useState<ReadonlySet<string>>(() => new Set());
  const [onlyFavourites, setOnlyFavourites] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setRows(SAMPLE_TRANSACTIONS), timings.cexSampleDelayMs);
    return () => clearTimeout(timer);
  }, []);

  function toggle(id: string) {
    setFavourites((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const shown = rows?.filter((row) => !onlyFavourites || favourites.has(row.id)) ?? [];

  return (
    <section className={styles.samples} aria-labelledby="cex-samples-title">
      <div className={styles.head}>
        <div>
          <h2 id="cex-samples-title" className="section-title">
            Sample transactions
          </h2>
          <p className={styles.note}>
            Illustration data, not real activity. Hearts here are kept on this page only.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => setOnlyFavourites((value) => !value)}
          aria-pressed={onlyFavourites}
          disabled={rows === null}
        >
          {onlyFavourites ? 'Show All Transactions' : 'Show Favorites'}
        </Button>
      </div>
      <DataTable
        caption="Sample CEX transactions"
        columns={SAMPLE_COLUMNS}
        action={{ label: 'Favourite', at: 'start' }}
        loading={rows === null}
        emptyText="No favourite transactions yet."
        rowCount={shown.length}
        skeletonRows={6}
        className={styles.table}
        testId="cex-samples"
        busy={rows === null}
      >
        {shown.map((row) => {
          const on = favourites.has(row.id);
          const name = `${TYPE_LABELS[row.type]} of ${row.amount} ${row.asset}`;
          return (
            <tr key={row.id} data-testid="sample-row">
              <td className="data-table__action">
                <HeartButton
                  on={on}
                  label={on ? `Unmark ${name}` : `Mark ${name} as favourite`}
                  onPress={() => toggle(row.id)}
                  size={18}
                  variant="compact"
                />
              </td>
              <td>
                <span className={`badge ${styles.type}`} data-type={row.type}>
                  {TYPE_LABELS[row.type]}
                </span>
              </td>
              <td>{row.exchange}</td>
              <td>{row.asset}</td>
              <td className="mono">{row.amount}</td>
              <td>{formatUsd(row.valueUsd)}</td>
              <td>{formatDateTime(row.time)}</td>
              <td>{row.status === 'completed' ? 'Completed' : 'Pending'}</td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
