import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../lib/db/client';
import { indexerPools, indexerSwaps } from './indexer-tables';

/**
 * Window figures of pools, as DexScreener shows them per pool (`txns`, `volume`,
 * `priceChange` for m5, h1, h6, h24): buys, sells, USD volume, and the price change in percent
 * from the price at the window's start (the last swap at or before it; for a pool younger than
 * the window, its first swap's) to the pool's price now. `now` is the caller's: the chain's
 * latest indexed block time on a chain whose clock is not ours (a devnet).
 */
export const STAT_WINDOWS = { m5: 300, h1: 3_600, h6: 21_600, h24: 86_400 } as const;
export type StatWindow = keyof typeof STAT_WINDOWS;

export interface WindowStats {
  buys: number;
  sells: number;
  volumeUsd: number;
  /** Percent; null without a USD price now or then. */
  priceChange: number | null;
}

export type PoolStats = Record<StatWindow, WindowStats>;

export async function poolStats(
  db: Database,
  chainId: number,
  pools: readonly string[],
  now: Date,
): Promise<Map<string, PoolStats>> {
  const addresses = pools.map((pool) => pool.toLowerCase());
  const out = new Map<string, PoolStats>();
  if (addresses.length === 0) return out;
  const since = (window: StatWindow) => new Date(now.getTime() - STAT_WINDOWS[window] * 1000);
  const inWindow = (window: StatWindow) => sql`${indexerSwaps.time} > ${since(window)}`;
  const counts = await db
    .select({
      pool: indexerSwaps.pool,
      ...Object.fromEntries(
        (Object.keys(STAT_WINDOWS) as StatWindow[]).flatMap((window) => [
          [
            `${window}Buys`,
            sql<number>`count(*) filter (where ${inWindow(window)} and ${indexerSwaps.side} = 'buy')`.mapWith(
              Number,
            ),
          ],
          [
            `${window}Sells`,
            sql<number>`count(*) filter (where ${inWindow(window)} and ${indexerSwaps.side} = 'sell')`.mapWith(
              Number,
            ),
          ],
          [
            `${window}Volume`,
            sql<number>`coalesce(sum(${indexerSwaps.volumeUsd}) filter (where ${inWindow(window)}), 0)`.mapWith(
              Number,
            ),
          ],
        ]),
      ),
    })
    .from(indexerSwaps)
    .where(
      and(
        eq(indexerSwaps.chainId, chainId),
        inArray(indexerSwaps.pool, addresses),
        gt(indexerSwaps.time, since('h24')),
        lte(indexerSwaps.time, now),
      ),
    )
    .groupBy(indexerSwaps.pool);
  const current = await db
    .select({ address: indexerPools.address, priceUsd: indexerPools.priceUsd })
    .from(indexerPools)
    .where(and(eq(indexerPools.chainId, chainId), inArray(indexerPools.address, addresses)));
  const priceNow = new Map(current.map((row) => [row.address, row.priceUsd]));
  const byPool = new Map(counts.map((row) => [row.pool, row as unknown as Record<string, number>]));
  const references = new Map<StatWindow, Map<string, number | null>>();
  for (const window of Object.keys(STAT_WINDOWS) as StatWindow[]) {
    const base = and(
      eq(indexerSwaps.chainId, chainId),
      inArray(indexerSwaps.pool, addresses),
      isNotNull(indexerSwaps.priceUsd),
    );
    const before = await db
      .selectDistinctOn([indexerSwaps.pool], {
        pool: indexerSwaps.pool,
        price: indexerSwaps.priceUsd,
      })
      .from(indexerSwaps)
      .where(and(base, lte(indexerSwaps.time, since(window))))
      .orderBy(indexerSwaps.pool, desc(indexerSwaps.blockNumber), desc(indexerSwaps.logIndex));
    const first = await db
      .selectDistinctOn([indexerSwaps.pool], {
        pool: indexerSwaps.pool,
        price: indexerSwaps.priceUsd,
      })
      .from(indexerSwaps)
      .where(and(base, gt(indexerSwaps.time, since(window)), lte(indexerSwaps.time, now)))
      .orderBy(indexerSwaps.pool, asc(indexerSwaps.blockNumber), asc(indexerSwaps.logIndex));
    const prices = new Map<string, number | null>(first.map((row) => [row.pool, row.price]));
    for (const row of before) prices.set(row.pool, row.price);
    references.set(window, prices);
  }
  for (const address of addresses) {
    const row = byPool.get(address);
    const stats = Object.fromEntries(
      (Object.keys(STAT_WINDOWS) as StatWindow[]).map((window) => {
        const then = references.get(window)?.get(address) ?? null;
        const price = priceNow.get(address) ?? null;
        return [
          window,
          {
            buys: row?.[`${window}Buys`] ?? 0,
            sells: row?.[`${window}Sells`] ?? 0,
            volumeUsd: row?.[`${window}Volume`] ?? 0,
            priceChange:
              price === null || then === null || then <= 0 ? null : ((price - then) / then) * 100,
          },
        ];
      }),
    ) as PoolStats;
    out.set(address, stats);
  }
  return out;
}
