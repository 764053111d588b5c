import { lazy, Suspense, useState } from 'react';
import {
  CANDLE_INTERVALS,
  formatGrouped,
  formatSignificant,
  INDEXER_PRICE_PROVIDER,
  marketDataMessages,
  type CandleInterval,
  type ChainCode,
  type Trade,
} from '@vaultscope/core';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { messageOf } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useCandles, useTrades } from '../api/market-data';
import styles from './market.module.css';

// The chart library (about 50 KB gzipped) is fetched only by a page that shows a chart.
const CandleChart = lazy(() => import('./candle-chart'));

const DEFAULT_INTERVAL: CandleInterval = '5m';

/**
 * The market of a DEX token from our own indexer: a candle chart with volume bars (interval
 * switch; loading and "no trades yet" states) and the latest trades under it. Both refresh
 * every second while shown. On a chain our indexer does not serve the candles are the live DEX
 * provider's (GeckoTerminal) for the pool the lists show, which the line under the chart names;
 * the provider counts no trades, so the table stays empty there. Used by the token detail and
 * the price page.
 */
export function MarketPanel({ address, chainName }: { address: string; chainName: ChainCode }) {
  const [interval, chooseInterval] = useState<CandleInterval>(DEFAULT_INTERVAL);
  const candles = useCandles(address, chainName, interval);
  const trades = useTrades(address, chainName);
  const data = candles.data;
  // Candles not from our indexer: the provider named under the chart, and in its empty state.
  const provider =
    data?.pairAddress && data.priceProvider !== INDEXER_PRICE_PROVIDER ? data.priceProvider : null;

  return (
    <section className={`card card--padded ${styles.panel}`} aria-labelledby="market-chart-heading">
      <header className={styles.header}>
        <h2 id="market-chart-heading" className="section-title">
          Chart
          {data?.quoteSymbol && (
            <span className={styles.pair}> · priced through {data.quoteSymbol}</span>
          )}
        </h2>
        <div className={styles.segmented} role="group" aria-label="Candle interval">
          {CANDLE_INTERVALS.map((item) => (
            <button
              key={item.value}
              type="button"
              className={styles.segment}
              aria-pressed={item.value === interval}
              onClick={() => chooseInterval(item.value)}
            >
              {item.label}
            </button>
          ))}
        </div>
      </header>
      <div
        className={
          candles.isPlaceholderData ? `${styles.chart} ${styles.chartStale}` : styles.chart
        }
        aria-busy={candles.isPending || candles.isPlaceholderData || undefined}
      >
        {candles.isPending ? (
          <Skeleton className={styles.chartSkeleton} />
        ) : candles.isError && !data ? (
          <EmptyState title={messageOf(candles.error, marketDataMessages.loadFailed)} />
        ) : !data || data.candles.length === 0 ? (
          <div data-testid="chart-empty">
            <EmptyState
              title={
                provider
                  ? marketDataMessages.noProviderCandles(provider)
                  : marketDataMessages.noTrades
              }
              icon="◔"
            />
          </div>
        ) : (
          <Suspense fallback={<Skeleton className={styles.chartSkeleton} />}>
            <CandleChart
              candles={data.candles}
              interval={data.interval}
              className={styles.canvas}
            />
          </Suspense>
        )}
      </div>
      {/* Our indexer's candles: the source is the detail's "Price provider"; the pool is what
          the candles are of. A provider's candles say whose they are. */}
      {data?.pairAddress && (
        <p className={styles.source} data-testid="chart-source">
          {provider ? `Candles from ${provider} · pool ` : 'Pool '}
          <span className="mono">{shortHash(data.pairAddress)}</span>
        </p>
      )}
      <h3 className={styles.subtitle} id="latest-trades-heading">
        Latest trades
      </h3>
      <TradesTable
        trades={trades.data?.trades}
        loading={trades.isPending}
        symbol={trades.data?.quoteSymbol ?? null}
      />
    </section>
  );
}

/** `0x1234…abcd`: enough to tell hashes apart on a phone. */
export function shortHash(value: string): string {
  return value.length <= 13 ? value : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/**
 * A decimal amount for reading (the exact string stays in the title): thousands grouped, two
 * decimals from 1 up, four significant digits below.
 */
export function readableAmount(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  if (number === 0) return '0';
  // Written without Intl, whose first format costs a phone's render 60-100 ms (core's display).
  return Math.abs(number) >= 1 ? formatGrouped(number, 2) : formatSignificant(number, 4);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A trade's time of day in the reader's time zone, `21:56:07` (no Intl: see readableAmount). */
function timeOf(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}

export function TradesTable({
  trades,
  loading,
  symbol,
}: {
  trades: readonly Trade[] | undefined;
  loading: boolean;
  symbol: string | null;
}) {
  if (loading) {
    return (
      <div className={styles.quiet} aria-busy="true">
        <Skeleton width="100%" />
        <Skeleton width="100%" />
        <Skeleton width="100%" />
      </div>
    );
  }
  if (!trades || trades.length === 0) {
    return <p className={styles.quiet}>{marketDataMessages.noTrades}</p>;
  }
  return (
    <div className={`table-wrap ${styles.trades}`}>
      <table className="data-table" aria-labelledby="latest-trades-heading" data-testid="trades">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Side</th>
            <th scope="col">Price</th>
            <th scope="col">Amount</th>
            <th scope="col">{symbol ?? 'Quote'}</th>
            <th scope="col">USD</th>
            <th scope="col">Trader</th>
            <th scope="col">Tx</th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <tr key={`${trade.txHash}:${trade.time}:${trade.tokenAmount}`} data-testid="trade-row">
              <td>{timeOf(trade.time)}</td>
              <td className={trade.side === 'buy' ? 'up' : 'down'}>
                {trade.side === 'buy' ? 'Buy' : 'Sell'}
              </td>
              <td>{formatUsd(trade.priceUsd)}</td>
              <td title={trade.tokenAmount}>{readableAmount(trade.tokenAmount)}</td>
              <td title={trade.quoteAmount}>{readableAmount(trade.quoteAmount)}</td>
              <td>{formatUsd(trade.volumeUsd)}</td>
              <td className="mono" title={trade.trader}>
                {shortHash(trade.trader)}
              </td>
              <td className="mono" title={trade.txHash}>
                {shortHash(trade.txHash)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
