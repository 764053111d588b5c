import { and, asc, desc, eq, gt, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import { getAddress, type Address } from 'viem';
import type { Database } from '../lib/db/client';
import { CATCH_UP_BLOCKS } from './chain-indexer';
import {
  indexerBalances,
  indexerCheckpoints,
  indexerPools,
  indexerSwaps,
  indexerTokens,
} from './indexer-tables';

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

/** Buys, sells and USD volume of a pool in one window: `WindowStats` without the price change. */
export type WindowTrades = Omit<WindowStats, 'priceChange'>;
export type PoolTrades = Record<StatWindow, WindowTrades>;

/**
 * Buys, sells and USD volume of each pool per window, in one query over the pools' swaps of the
 * 24 h before `now` (the `(chain, pool, time)` index of the swaps): what the detail serves. A
 * pool without swaps then has zeros. Cheaper than {@link poolStats}, whose price changes need
 * two more queries per window.
 */
export async function poolTrades(
  db: Database,
  chainId: number,
  pools: readonly string[],
  now: Date,
): Promise<Map<string, PoolTrades>> {
  const addresses = pools.map((pool) => pool.toLowerCase());
  const out = new Map<string, PoolTrades>();
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
  const byPool = new Map(counts.map((row) => [row.pool, row as unknown as Record<string, number>]));
  for (const address of addresses) {
    const row = byPool.get(address);
    out.set(
      address,
      Object.fromEntries(
        (Object.keys(STAT_WINDOWS) as StatWindow[]).map((window) => [
          window,
          {
            buys: row?.[`${window}Buys`] ?? 0,
            sells: row?.[`${window}Sells`] ?? 0,
            volumeUsd: row?.[`${window}Volume`] ?? 0,
          },
        ]),
      ) as PoolTrades,
    );
  }
  return out;
}

/** {@link poolTrades} with each window's price change. */
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
  const trades = await poolTrades(db, chainId, addresses, now);
  const current = await db
    .select({ address: indexerPools.address, priceUsd: indexerPools.priceUsd })
    .from(indexerPools)
    .where(and(eq(indexerPools.chainId, chainId), inArray(indexerPools.address, addresses)));
  const priceNow = new Map(current.map((row) => [row.address, row.priceUsd]));
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
    const counted = trades.get(address)!;
    const stats = Object.fromEntries(
      (Object.keys(STAT_WINDOWS) as StatWindow[]).map((window) => {
        const then = references.get(window)?.get(address) ?? null;
        const price = priceNow.get(address) ?? null;
        return [
          window,
          {
            ...counted[window],
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

/** A listed token's holders as the indexer has them (the scam analyzer's `IndexedHolders`). */
export interface TokenHolderFigures {
  /** The last block the indexer has read on the chain: the figures are as of this block. */
  indexedBlock: bigint;
  holderCount: number;
  /** The largest balances, largest first. */
  top: { holder: Address; balance: bigint }[];
  /**
   * Where the indexer's reading of the token's Transfers began at the latest: it reads up to
   * `CATCH_UP_BLOCKS` back from a newly listed token's first pool (from further back when that
   * pool came in a backfill range, so this bound is checked by the caller, not assumed).
   */
  historyFrom: bigint;
}

/**
 * The holders of `token` on `chainId`, or undefined when the indexer does not have every Transfer
 * of it since its deployment: not listed, a quote token (not followed), or deployed before the
 * blocks read (holder count null). One read-only repeatable-read transaction, so the checkpoint
 * is the one the balances were written with (the indexer moves both in one transaction).
 */
export async function tokenHolderFigures(
  db: Database,
  chainId: number,
  token: string,
  top: number,
): Promise<TokenHolderFigures | undefined> {
  const address = token.toLowerCase();
  return db.transaction(
    async (tx) => {
      const [row] = await tx
        .select({
          holderCount: indexerTokens.holderCount,
          isQuote: indexerTokens.isQuote,
          firstBlock: indexerTokens.firstBlock,
        })
        .from(indexerTokens)
        .where(and(eq(indexerTokens.chainId, chainId), eq(indexerTokens.address, address)));
      if (!row || row.isQuote || row.holderCount === null) return undefined;
      // Every DEX of a chain moves to the same block in a step, and Transfers are read for all
      // listed tokens in each step: the newest checkpoint is where the balances are.
      const [checkpoint] = await tx
        .select({ lastBlock: max(indexerCheckpoints.lastBlock) })
        .from(indexerCheckpoints)
        .where(eq(indexerCheckpoints.chainId, chainId));
      if (checkpoint?.lastBlock === null || checkpoint?.lastBlock === undefined) return undefined;
      const largest = await tx
        .select({ holder: indexerBalances.holder, balance: indexerBalances.balance })
        .from(indexerBalances)
        .where(
          and(
            eq(indexerBalances.chainId, chainId),
            eq(indexerBalances.token, address),
            gt(indexerBalances.balance, '0'),
          ),
        )
        .orderBy(desc(indexerBalances.balance))
        .limit(top);
      return {
        indexedBlock: BigInt(checkpoint.lastBlock),
        holderCount: row.holderCount,
        top: largest.map((balance) => ({
          holder: getAddress(balance.holder),
          balance: BigInt(balance.balance),
        })),
        historyFrom: BigInt(Math.max(0, row.firstBlock - CATCH_UP_BLOCKS)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
