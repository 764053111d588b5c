import { useState } from 'react';
import {
  formatGrouped,
  marketDataMessages,
  TRADE_WINDOWS,
  type Holder,
  type TradeWindow,
  type TradeWindows,
} from '@vaultscope/core';
import { formatUsd, UNKNOWN_FIGURE } from '@/lib/format';
import { readableAmount, shortHash } from './market-panel';
import styles from './market.module.css';

const DEFAULT_WINDOW: TradeWindow = 'h24';

/**
 * What our indexer counts of an indexed token beside the chart, as DexScreener shows per pool:
 * transactions, buys, sells and volume for 5M, 1H, 6H and 24H (a window switch), then the holder
 * count and the ten largest holders. An unknown holder count (a token older than the blocks
 * the indexer read) says so and is never shown as 0.
 */
export function MarketActivity({
  windows,
  holderCount,
  holders,
}: {
  windows: TradeWindows | null;
  holderCount: number | null;
  holders: readonly Holder[] | null;
}) {
  return (
    <section className={`card card--padded ${styles.activity}`} aria-label="Trading and holders">
      <TradeWindowStats windows={windows} />
      <TopHolders count={holderCount} holders={holders} />
    </section>
  );
}

function TradeWindowStats({ windows }: { windows: TradeWindows | null }) {
  const [chosen, choose] = useState<TradeWindow>(DEFAULT_WINDOW);
  // The 24 h window holds the others: nothing there is nothing at all.
  const none = !windows || windows.h24.buys + windows.h24.sells === 0;
  const stats = windows?.[chosen];
  const trades = stats ? stats.buys + stats.sells : 0;
  const buyShare = trades > 0 && stats ? (stats.buys / trades) * 100 : 50;

  return (
    <div className={styles.windows}>
      <header className={styles.header}>
        <h2 className="section-title" id="trade-windows-heading">
          Trading
        </h2>
        {!none && (
          <div className={styles.segmented} role="group" aria-label="Trading window">
            {TRADE_WINDOWS.map((item) => (
              <button
                key={item.value}
                type="button"
                className={styles.segment}
                aria-pressed={item.value === chosen}
                onClick={() => choose(item.value)}
              >
                {item.label}
              </button>
            ))}
          </div>
        )}
      </header>
      {none || !stats ? (
        <p className={styles.quiet} data-testid="trade-windows-empty">
          {marketDataMessages.noTrades}
        </p>
      ) : (
        <>
          <dl className={styles.figures} aria-labelledby="trade-windows-heading">
            <div>
              <dt>Txns</dt>
              <dd data-testid="window-txns">{formatGrouped(trades)}</dd>
            </div>
            <div>
              <dt>Buys</dt>
              <dd className="up" data-testid="window-buys">
                {formatGrouped(stats.buys)}
              </dd>
            </div>
            <div>
              <dt>Sells</dt>
              <dd className="down" data-testid="window-sells">
                {formatGrouped(stats.sells)}
              </dd>
            </div>
            <div>
              <dt>Volume</dt>
              <dd data-testid="window-volume">{formatUsd(stats.volumeUsd)}</dd>
            </div>
          </dl>
          {/* Buys against sells at a glance, as DexScreener's bar under the counts. */}
          <div className={styles.bar} aria-hidden="true">
            <span className={styles.buys} style={{ width: `${buyShare}%` }} />
          </div>
        </>
      )}
    </div>
  );
}

const percent = (share: number | null) =>
  share === null ? UNKNOWN_FIGURE : `${formatGrouped(share * 100, 2)}%`;

function TopHolders({
  count,
  holders,
}: {
  count: number | null;
  holders: readonly Holder[] | null;
}) {
  return (
    <div>
      <h3 className={styles.subtitle} id="top-holders-heading">
        Holders{' '}
        <span className={styles.holderCount} data-testid="holder-count">
          {count === null ? 'unknown' : formatGrouped(count)}
        </span>
      </h3>
      {count === null || !holders ? (
        <p className={styles.quiet} data-testid="holders-unknown">
          Unknown: the indexer has not read this token&apos;s transfers since its deployment.
        </p>
      ) : holders.length === 0 ? (
        <p className={styles.quiet}>No holders.</p>
      ) : (
        <ol className={styles.holderList} aria-labelledby="top-holders-heading">
          {holders.map((holder) => (
            <li key={holder.address} className={styles.holderRow} data-testid="holder-row">
              <span className="mono" title={holder.address ?? undefined}>
                {shortHash(holder.address ?? '')}
              </span>
              {holder.tag && <span className="badge">{holder.tag}</span>}
              <span className={styles.holderShare}>{percent(holder.percent)}</span>
              <span className={styles.holderBalance} title={holder.balance ?? undefined}>
                {holder.balance === null ? UNKNOWN_FIGURE : readableAmount(holder.balance)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
