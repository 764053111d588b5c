import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import { formatUnits, getAddress } from 'viem';
import type { Candle, CandleInterval, Holder, Trade, TradeWindows } from '@vaultscope/core';
import { poolTrades } from './indexer-read';
import {
  indexerBalances,
  indexerBlocks,
  indexerCandles,
  indexerCheckpoints,
  indexerPools,
  indexerSwaps,
  indexerTokens,
} from './indexer-tables';
import type { Database } from '../lib/db/client';
// The tokens feature's ports, which this reader implements for it (app.ts hands it in).
import type { IndexedMarketSource } from '../tokens/indexed-market';
import type { IndexedHolders, IndexedToken } from '../tokens/market-source';

const pools = indexerPools;

/** What a token says of itself. */
export interface TokenFacts {
  symbol: string;
  decimals: number | null;
}

/**
 * What its chain says of a token (`symbol()`, `decimals()`), as the wallet's reader answers
 * (wallet/chain-reads.ts, handed in by app.ts): a symbol the ABI does not decode is null.
 */
interface ChainTokenFacts {
  symbol: string | null;
  decimals: number;
}

/**
 * A chain's answer as facts the lists can show: a token without a symbol is none we can name
 * (not kept, asked again next time), and decimals past 77 write no amount (a uint256 has 78
 * digits), so they are unknown.
 */
function factsOfChain(read: ChainTokenFacts | undefined): TokenFacts | undefined {
  if (!read || read.symbol === null) return undefined;
  return { symbol: read.symbol, decimals: read.decimals <= 77 ? read.decimals : null };
}
const swaps = indexerSwaps;

/** Price-change windows, as the lists show them. */
const WINDOWS = { m5: 300_000, h1: 3_600_000, h6: 21_600_000, h24: 86_400_000 } as const;
type Window = keyof typeof WINDOWS;

/** Where burned tokens go: shown as a holder, tagged, since its share is out of circulation. */
const DEAD = '0x000000000000000000000000000000000000dead';

const checksum = (address: string) => {
  try {
    return getAddress(address);
  } catch {
    return address;
  }
};

/**
 * How many pools' trade windows, and as many tokens' holders, the detail memo keeps: enough for
 * every token people are looking at, while a caller cycling through token ids only evicts.
 */
export const DETAIL_MEMO_ENTRIES = 2_048;

/**
 * The newest block the indexer has written on a chain, which names the state of its tables:
 * each step writes its last block's row with every row of that step, in one transaction, and a
 * reorg deletes the rows of the blocks it undoes, so any change to swaps or balances gives a
 * newer row, or after a reorg back to the same height another hash.
 */
interface IndexedState {
  /** `number:hash` of the newest block kept, else the newest checkpoint and when it was set. */
  key: string;
  /** The block's time (Unix ms), at which window figures are taken; ours before any. */
  now: number;
}

/** Values by key, the least recently used dropped past `limit`. */
class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // A Map iterates in insertion order: set again, the entry becomes the newest.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string, value: V): void {
    if (this.entries.get(key) === value) this.entries.delete(key);
  }
}

const percent = (now: number | null, then: number | null) =>
  now === null || then === null || then <= 0 ? null : ((now - then) / then) * 100;

/**
 * The indexer's tables read for the research lists, detail, chart and trades: read-only, and
 * only through the columns the indexer documents (`indexer-tables.ts`). A token's primary pool
 * is its deepest indexed pool (most USD liquidity, then the oldest). Window figures are taken
 * at the chain's latest indexed block time, so a chain whose clock differs from ours (a
 * devnet) still counts its last 24 hours.
 */
export class IndexerMarketSource implements IndexedMarketSource {
  /** Facts of tokens the indexer keeps no row of (the DEXes' quote tokens), read once. */
  private readonly facts = new Map<string, Promise<TokenFacts | undefined>>();
  /**
   * The detail's figures by pool or token, with the indexed state they were read at. The
   * response cache is cleared on every indexed block and bypassed by signed-in callers, so
   * without this a polled detail read the swaps and balances again each time; these figures
   * change only with the indexer's tables (or, for windows, with its newest block's time), so
   * one read per indexed state is enough.
   */
  private readonly windowsMemo: BoundedMemo<{ at: string; figures: Promise<TradeWindows> }>;
  private readonly holdersMemo: BoundedMemo<{ at: string; figures: Promise<IndexedHolders> }>;
  /** The read of a chain's indexed state under way: a detail's windows and holders share it. */
  private readonly stateReads = new Map<number, Promise<IndexedState>>();

  constructor(
    private readonly db: Database,
    /** Symbol and decimals of a token read from its chain; undefined for a chain it cannot read. */
    private readonly readFacts: (
      chainId: number,
      address: string,
    ) => Promise<ChainTokenFacts | undefined> = async () => undefined,
    detailMemoEntries = DETAIL_MEMO_ENTRIES,
  ) {
    this.windowsMemo = new BoundedMemo(detailMemoEntries);
    this.holdersMemo = new BoundedMemo(detailMemoEntries);
  }

  /**
   * Symbol and decimals of tokens: the indexer's rows, else (quote tokens, which it does not
   * store) read from the chain once per process; a failed read is tried again next time.
   */
  private async tokenFacts(
    chainId: number,
    addresses: readonly string[],
  ): Promise<Map<string, TokenFacts>> {
    const rows = await this.db
      .select({
        address: indexerTokens.address,
        symbol: indexerTokens.symbol,
        decimals: indexerTokens.decimals,
      })
      .from(indexerTokens)
      .where(
        and(eq(indexerTokens.chainId, chainId), inArray(indexerTokens.address, [...addresses])),
      );
    const found = new Map(rows.map((row) => [row.address, row]));
    await Promise.all(
      addresses
        .filter((address) => !found.has(address))
        .map(async (address) => {
          const key = `${chainId}:${address}`;
          let read = this.facts.get(key);
          if (!read) {
            read = this.readFacts(chainId, address).then(factsOfChain, () => undefined);
            this.facts.set(key, read);
          }
          const facts = await read;
          if (facts) found.set(address, { ...facts, address });
          else this.facts.delete(key);
        }),
    );
    return found;
  }

  async heads(): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ chainId: indexerCheckpoints.chainId, last: max(indexerCheckpoints.lastBlock) })
      .from(indexerCheckpoints)
      .groupBy(indexerCheckpoints.chainId);
    return new Map(rows.map((row) => [row.chainId, Number(row.last ?? 0)]));
  }

  async blockHashes(chainId: number, blocks: readonly number[]): Promise<Map<number, string>> {
    const rows = await this.db
      .select({ number: indexerBlocks.number, hash: indexerBlocks.hash })
      .from(indexerBlocks)
      .where(and(eq(indexerBlocks.chainId, chainId), inArray(indexerBlocks.number, [...blocks])));
    return new Map(rows.map((row) => [row.number, row.hash]));
  }

  async changedPools(chainId: number, sinceBlock: number): Promise<string[]> {
    const rows = await this.db
      .select({ address: pools.address })
      .from(pools)
      .where(and(eq(pools.chainId, chainId), gt(pools.updatedBlock, sinceBlock)));
    return rows.map((row) => row.address);
  }

  async tokens(chainId: number, only?: readonly string[]): Promise<IndexedToken[]> {
    const onChain = eq(pools.chainId, chainId);
    let where = onChain;
    if (only) {
      if (only.length === 0) return [];
      const changed = this.db
        .select({ base: pools.baseToken })
        .from(pools)
        .where(
          and(
            onChain,
            inArray(
              pools.address,
              only.map((address) => address.toLowerCase()),
            ),
          ),
        );
      where = and(onChain, inArray(pools.baseToken, changed))!;
    }
    // A DEX added later than the others, still reading its past (its checkpoint behind theirs),
    // has pools at old prices: served once it has caught up (see ChainIndexer.index).
    const newestCheckpoint = this.db
      .select({ last: max(indexerCheckpoints.lastBlock) })
      .from(indexerCheckpoints)
      .where(eq(indexerCheckpoints.chainId, chainId));
    const caughtUp = this.db
      .select({ factory: indexerCheckpoints.factory })
      .from(indexerCheckpoints)
      .where(
        and(
          eq(indexerCheckpoints.chainId, chainId),
          eq(indexerCheckpoints.lastBlock, sql`(${newestCheckpoint})`),
        ),
      );
    const all = await this.db
      .select()
      .from(pools)
      .where(and(where, inArray(pools.factory, caughtUp)));
    // The deepest pool of each base token.
    const primary = new Map<string, (typeof all)[number]>();
    for (const pool of all) {
      const known = primary.get(pool.baseToken);
      if (!known || deeper(pool, known)) primary.set(pool.baseToken, pool);
    }
    if (primary.size === 0) return [];
    const chosen = [...primary.values()];
    const addresses = [...new Set(chosen.flatMap((pool) => [pool.baseToken, pool.quoteToken]))];
    const [facts, now] = await Promise.all([
      this.db
        .select()
        .from(indexerTokens)
        .where(and(eq(indexerTokens.chainId, chainId), inArray(indexerTokens.address, addresses))),
      this.chainNow(chainId),
    ]);
    const tokenOf = new Map(facts.map((token) => [token.address, token]));
    const quoteFacts = await this.tokenFacts(
      chainId,
      [...new Set(chosen.map((pool) => pool.quoteToken))].filter(
        (address) => !tokenOf.has(address),
      ),
    );
    const poolAddresses = chosen.map((pool) => pool.address);
    const [stats, references] = await Promise.all([
      this.dayStats(chainId, poolAddresses, now),
      this.referencePrices(chainId, poolAddresses, now),
    ]);
    return chosen.flatMap((pool) => {
      const base = tokenOf.get(pool.baseToken);
      const quote = tokenOf.get(pool.quoteToken) ?? quoteFacts.get(pool.quoteToken);
      if (!base) return [];
      const supply =
        base.totalSupply !== null && base.decimals !== null
          ? Number(formatUnits(BigInt(base.totalSupply), base.decimals))
          : null;
      const fdv = pool.priceUsd !== null && supply !== null ? pool.priceUsd * supply : null;
      const day = stats.get(pool.address);
      const change = (window: Window) =>
        percent(pool.priceUsd, references[window].get(pool.address) ?? null);
      return [
        {
          chainId,
          address: checksum(base.address),
          name: base.name,
          symbol: base.symbol,
          pairAddress: checksum(pool.address),
          quoteSymbol: quote?.symbol ?? '',
          priceUsd: pool.priceUsd,
          liquidityUsd: pool.liquidityUsd,
          fdvUsd: fdv,
          // Every token counts as circulating: the indexer knows no vesting or treasury.
          marketCapUsd: fdv,
          createdAt: pool.createdAt,
          volumeH24: day?.volume ?? 0,
          txH24: day?.trades ?? 0,
          change: { m5: change('m5'), h1: change('h1'), h6: change('h6'), h24: change('h24') },
        },
      ];
    });
  }

  /**
   * The time window figures are taken at: the chain's latest indexed block's (Unix ms), so a
   * chain whose clock is not ours (a devnet) still counts its last 24 hours; ours before any.
   */
  private async chainNow(chainId: number): Promise<number> {
    const [head] = await this.db
      .select({ time: max(indexerBlocks.time) })
      .from(indexerBlocks)
      .where(eq(indexerBlocks.chainId, chainId));
    return head?.time?.getTime() ?? Date.now();
  }

  /** USD volume and number of swaps of each pool over the 24 h before `now`. */
  private async dayStats(chainId: number, addresses: string[], now: number) {
    const rows = await this.db
      .select({
        pool: swaps.pool,
        volume: sql<number | null>`sum(${swaps.volumeUsd})`.mapWith(Number),
        trades: sql<number>`count(*)`.mapWith(Number),
      })
      .from(swaps)
      .where(
        and(
          eq(swaps.chainId, chainId),
          inArray(swaps.pool, addresses),
          gt(swaps.time, new Date(now - WINDOWS.h24)),
        ),
      )
      .groupBy(swaps.pool);
    return new Map(rows.map((row) => [row.pool, row]));
  }

  /**
   * Each pool's USD price at the start of each window: its last swap's at or before the start,
   * or, for a pool younger than the window, its first swap's.
   */
  private async referencePrices(chainId: number, addresses: string[], now: number) {
    const entries = await Promise.all(
      (Object.keys(WINDOWS) as Window[]).map(async (window) => {
        const start = new Date(now - WINDOWS[window]);
        const base = and(
          eq(swaps.chainId, chainId),
          inArray(swaps.pool, addresses),
          isNotNull(swaps.priceUsd),
        );
        const [before, first] = await Promise.all([
          this.db
            .selectDistinctOn([swaps.pool], { pool: swaps.pool, price: swaps.priceUsd })
            .from(swaps)
            .where(and(base, lte(swaps.time, start)))
            .orderBy(swaps.pool, desc(swaps.time), desc(swaps.blockNumber), desc(swaps.logIndex)),
          this.db
            .selectDistinctOn([swaps.pool], { pool: swaps.pool, price: swaps.priceUsd })
            .from(swaps)
            .where(and(base, gt(swaps.time, start)))
            .orderBy(swaps.pool, asc(swaps.time), asc(swaps.blockNumber), asc(swaps.logIndex)),
        ]);
        const prices = new Map<string, number | null>(first.map((row) => [row.pool, row.price]));
        for (const row of before) prices.set(row.pool, row.price);
        return [window, prices] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<Window, Map<string, number | null>>;
  }

  async candles(
    chainId: number,
    pairAddress: string,
    interval: CandleInterval,
    from: number,
    to: number,
  ): Promise<Candle[]> {
    const c = indexerCandles;
    const rows = await this.db
      .select()
      .from(c)
      .where(
        and(
          eq(c.chainId, chainId),
          eq(c.pool, pairAddress.toLowerCase()),
          eq(c.interval, interval),
          gte(c.bucket, from),
          lte(c.bucket, to),
        ),
      )
      .orderBy(asc(c.bucket));
    // A bucket whose quote token had no USD rate has no USD prices: left out, never guessed.
    return rows.flatMap((row) =>
      row.open === null || row.high === null || row.low === null || row.close === null
        ? []
        : [
            {
              time: row.bucket,
              open: row.open,
              high: row.high,
              low: row.low,
              close: row.close,
              volume: row.volumeUsd,
              trades: row.trades,
            },
          ],
    );
  }

  async trades(chainId: number, pairAddress: string, limit: number): Promise<Trade[]> {
    const [pool] = await this.db
      .select({ base: pools.baseToken, quote: pools.quoteToken })
      .from(pools)
      .where(and(eq(pools.chainId, chainId), eq(pools.address, pairAddress.toLowerCase())));
    if (!pool) return [];
    const [rows, facts] = await Promise.all([
      this.db
        .select()
        .from(swaps)
        .where(and(eq(swaps.chainId, chainId), eq(swaps.pool, pairAddress.toLowerCase())))
        .orderBy(desc(swaps.blockNumber), desc(swaps.logIndex))
        .limit(limit),
      this.tokenFacts(chainId, [pool.base, pool.quote]),
    ]);
    const baseDecimals = facts.get(pool.base)?.decimals;
    const quoteDecimals = facts.get(pool.quote)?.decimals;
    // Without decimals an amount cannot be written in whole tokens: such trades are not shown.
    if (typeof baseDecimals !== 'number' || typeof quoteDecimals !== 'number') return [];
    return rows.map((row) => ({
      time: Math.floor(row.time.getTime() / 1000),
      side: row.side,
      tokenAmount: formatUnits(BigInt(row.baseAmount), baseDecimals),
      quoteAmount: formatUnits(BigInt(row.quoteAmount), quoteDecimals),
      priceUsd: row.priceUsd,
      volumeUsd: row.volumeUsd,
      trader: checksum(row.trader),
      txHash: row.txHash,
      blockNumber: String(row.blockNumber),
    }));
  }

  /** See {@link IndexedState}: one index lookup, shared by the calls made meanwhile. */
  private indexedState(chainId: number): Promise<IndexedState> {
    let read = this.stateReads.get(chainId);
    if (!read) {
      read = this.db
        .select({
          number: indexerBlocks.number,
          hash: indexerBlocks.hash,
          time: indexerBlocks.time,
        })
        .from(indexerBlocks)
        .where(eq(indexerBlocks.chainId, chainId))
        .orderBy(desc(indexerBlocks.number))
        .limit(1)
        .then(async ([newest]): Promise<IndexedState> => {
          if (newest) return { key: `${newest.number}:${newest.hash}`, now: newest.time.getTime() };
          // No block hash kept: a backfill more than `keepBlocks` behind the node (or no step
          // yet). Each step moves a checkpoint, and a reorg's undo stamps it too.
          const [step] = await this.db
            .select({
              last: max(indexerCheckpoints.lastBlock),
              at: max(indexerCheckpoints.updatedAt),
            })
            .from(indexerCheckpoints)
            .where(eq(indexerCheckpoints.chainId, chainId));
          return {
            key: `checkpoint:${step?.last ?? 'none'}:${step?.at?.getTime() ?? ''}`,
            now: Date.now(),
          };
        })
        .finally(() => this.stateReads.delete(chainId));
      this.stateReads.set(chainId, read);
    }
    return read;
  }

  /**
   * `read` memoised under `key` for the indexed state it was asked at; the promise is kept, so
   * details asked together share one read, and dropped if it fails.
   */
  private async memoised<T>(
    memo: BoundedMemo<{ at: string; figures: Promise<T> }>,
    key: string,
    state: IndexedState,
    read: () => Promise<T>,
  ): Promise<T> {
    const known = memo.get(key);
    if (known?.at === state.key) return known.figures;
    const entry = { at: state.key, figures: read() };
    memo.set(key, entry);
    entry.figures.catch(() => memo.delete(key, entry));
    return entry.figures;
  }

  async tradeWindows(chainId: number, pairAddress: string): Promise<TradeWindows> {
    const pool = pairAddress.toLowerCase();
    const state = await this.indexedState(chainId);
    return this.memoised(this.windowsMemo, `${chainId}:${pool}`, state, async () => {
      // The newest block's time is the chain's latest indexed time (`chainNow`): block times
      // only grow with the number.
      const trades = await poolTrades(this.db, chainId, [pool], new Date(state.now));
      return trades.get(pool)!;
    });
  }

  /**
   * A token's holder count and largest balances from the indexer's Transfer sums. Only a token
   * whose whole history was read has them (`holder_count` not null): otherwise its balances
   * would be partial sums, so none are served. Shares are of `totalSupply()` as last read.
   */
  async holders(chainId: number, address: string, limit: number): Promise<IndexedHolders> {
    const token = address.toLowerCase();
    const state = await this.indexedState(chainId);
    return this.memoised(this.holdersMemo, `${chainId}:${token}:${limit}`, state, () =>
      this.readHolders(chainId, token, limit),
    );
  }

  private async readHolders(
    chainId: number,
    token: string,
    limit: number,
  ): Promise<IndexedHolders> {
    const [facts] = await this.db
      .select({
        count: indexerTokens.holderCount,
        supply: indexerTokens.totalSupply,
        decimals: indexerTokens.decimals,
      })
      .from(indexerTokens)
      .where(and(eq(indexerTokens.chainId, chainId), eq(indexerTokens.address, token)));
    if (!facts || facts.count === null) return { count: null, top: null };
    // Without decimals a balance cannot be written in whole tokens: the count alone is known.
    if (facts.decimals === null) return { count: facts.count, top: null };
    const decimals = facts.decimals;
    const b = indexerBalances;
    const [rows, tokenPools] = await Promise.all([
      this.db
        .select({ holder: b.holder, balance: b.balance })
        .from(b)
        .where(and(eq(b.chainId, chainId), eq(b.token, token), gt(b.balance, '0')))
        .orderBy(desc(b.balance), asc(b.holder))
        .limit(limit),
      this.db
        .select({ address: pools.address })
        .from(pools)
        .where(and(eq(pools.chainId, chainId), eq(pools.baseToken, token))),
    ]);
    const poolSet = new Set(tokenPools.map((pool) => pool.address));
    const supply = facts.supply === null ? null : BigInt(facts.supply);
    const top = rows.map((row): Holder => {
      const balance = BigInt(row.balance);
      return {
        address: checksum(row.holder),
        tag: row.holder === DEAD ? 'Burn' : poolSet.has(row.holder) ? 'Pool' : null,
        is_contract: null,
        balance: formatUnits(balance, decimals),
        percent: supply === null || supply <= 0n ? null : shareOf(balance, supply),
        is_locked: row.holder === DEAD ? 1 : null,
      };
    });
    return { count: facts.count, top };
  }
}

/** `part / whole` as a fraction in [0, 1], to 12 decimal places, computed on bigints. */
function shareOf(part: bigint, whole: bigint): number {
  const scale = 10n ** 12n;
  const share = Number((part * scale) / whole) / Number(scale);
  return Math.min(1, share);
}

/** Whether pool `a` is deeper than `b`: more USD liquidity (unknown least), then older. */
function deeper(
  a: { liquidityUsd: number | null; createdBlock: number; address: string },
  b: { liquidityUsd: number | null; createdBlock: number; address: string },
): boolean {
  const la = a.liquidityUsd ?? -1;
  const lb = b.liquidityUsd ?? -1;
  if (la !== lb) return la > lb;
  if (a.createdBlock !== b.createdBlock) return a.createdBlock < b.createdBlock;
  return a.address < b.address;
}
