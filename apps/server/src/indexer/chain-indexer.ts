import { CANDLE_INTERVALS, type DexConfig } from '@vaultscope/core';
import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BaseError, type Hex } from 'viem';
import type { Database } from '../lib/db/client';
import { logSafeError } from '../lib/log-safe-error';
import { isContractAnswer, isTransientNodeFailure } from '../lib/node-errors';
import { type BlockHeader, ChainReader } from './chain-reader';
import {
  byChainOrder,
  decodeDexLog,
  type DexEvent,
  erc20ReadAbi,
  pairReadAbi,
  type RawLog,
  TOPICS,
} from './dex-events';
import {
  indexerBalances,
  indexerBlocks,
  indexerCandles,
  indexerCheckpoints,
  indexerLiquidityEvents,
  indexerPools,
  indexerSwaps,
  indexerTokens,
  indexerTransfers,
} from './indexer-tables';
import {
  type AnchorPool,
  pickQuote,
  poolPrice,
  usableDecimals,
  usdRates,
  wholeTokens,
} from './pricing';

/**
 * The indexer of one EVM chain: the Uniswap V2 style DEXes configured for it (`resolveDexes`).
 *
 * A step reads the blocks after the checkpoint, up to `maxRange` of them, and writes everything
 * they produced in one transaction with the new checkpoint:
 * 1. `PairCreated` of the factories: new pools, their tokens' name, symbol and decimals;
 * 2. `Sync`, `Swap`, `Mint` and `Burn` of the known pools, in chain order: reserves follow the
 *    Syncs, and a Swap is priced at the reserves of the Sync emitted just before it in the same
 *    call (`_update` runs before `emit Swap` in UniswapV2Pair);
 * 3. `Transfer` of the listed (non-quote) tokens: balances and holders. A token seen for the
 *    first time also has its transfers since the DEX's start block (at most
 *    {@link CATCH_UP_BLOCKS} back) read, so holders that received it before its pool are there.
 *    A token deployed before those blocks has Transfers the indexer never saw: it keeps no
 *    balances and its holder count is null (unknown) rather than a wrong figure. The supply is
 *    the token's `totalSupply()`, read when it is listed and again at each range whose logs
 *    mint or burn it (so it is right however old the token is).
 * Swaps, liquidity events and transfers are keyed by (transaction, log index) and inserted with
 * "on conflict do nothing"; candles, balances and supply change only by the rows that were in
 * fact inserted. So a range read twice (a crash between the node's answer and the commit, a DEX
 * whose checkpoint lagged) counts nothing twice.
 *
 * Reorgs: the hashes of the blocks read in the last `keepBlocks` blocks are kept. Each step
 * first compares the newest stored hash with the node's block at that height; when it differs,
 * a binary search over the stored hashes finds the newest block the chain still has (the fork
 * point), and everything above it is undone in one transaction: swaps, liquidity events and
 * pools deleted, transfers subtracted from the balances and deleted, candles of those pools
 * built again from the swaps that remain, reserves read again at the fork block, checkpoints
 * moved back. The next step reads the new chain from there.
 *
 * Bad input never stops the loop: a malformed log is logged with the chain and block and
 * skipped; a token whose `decimals()` reverts or is out of range is stored with `problem` set
 * and its pools get no prices (null, not a guess), while a read the node failed is tried again
 * with the step (`isContractAnswer` tells the two apart), at most {@link READ_ATTEMPTS}
 * steps in a row; a node that refuses ranges gets smaller ones; a node that fails or stalls
 * (time-out) is tried again after a pause that grows to `maxBackoffMs`, with the failure logged
 * (without the RPC URL, which may hold a key).
 */

/**
 * Steps in a row that one read of one listed token (its `decimals()`, say) or of a block's
 * transactions may fail on the node's side before the indexer goes on without it: the token
 * stored with a problem, the trader taken from the Swap. Anyone can create a pair with
 * a token of their own, and a token whose reads a node cannot answer (however it manages that)
 * would otherwise hold back the whole chain, the step being tried again for ever. Twenty steps
 * with the pause growing to `maxBackoffMs` (10 s) are minutes: longer than a rate limit or a
 * node's restart lasts, which must not cost a sound token its figures.
 */
export const READ_ATTEMPTS = 20;

/** How far back the transfers of a newly listed token are read. */
export const CATCH_UP_BLOCKS = 100_000;
/** Tokens whose facts are read again per pass ({@link ChainIndexerOptions.rereadMs}). */
const REREAD_BATCH = 20;
/** Addresses per `eth_getLogs` filter. */
const ADDRESSES_PER_FILTER = 500;
/** With more pools than this, pool logs are read by topic alone and filtered here. */
const POOL_FILTER_LIMIT = 1_000;
const ROWS_PER_INSERT = 1_000;
/** Whole blocks read at once to find the senders of transactions not found by hash. */
const BLOCKS_IN_FLIGHT = 10;
const ZERO = '0x0000000000000000000000000000000000000000';

export interface ChainIndexerOptions {
  chainId: number;
  rpcUrl: string;
  dexes: readonly DexConfig[];
  db: Database;
  log: FastifyBaseLogger;
  /** Pause between polls once at the head. */
  pollMs?: number;
  /** Most blocks per step (and per `eth_getLogs` call). */
  maxRange?: number;
  /** Hashes of the newest blocks kept, to find a reorg. */
  keepBlocks?: number;
  timeoutMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a token whose name, symbol or decimals the node failed every time waits before
   * they are read again (once per pass, {@link REREAD_BATCH} tokens at a time). Default 5 min.
   */
  rereadMs?: number;
  /** After each step that changed pools (a block batch, a reorg), with their addresses. */
  onBlocksIndexed?: (chainId: number, pools: readonly string[]) => void;
}

interface PoolState {
  address: string;
  factory: string;
  dexName: string;
  token0: string;
  token1: string;
  baseToken: string;
  quoteToken: string;
  pairIndex: number | null;
  createdBlock: number;
  createdAt: Date;
  reserve0: bigint;
  reserve1: bigint;
  updatedBlock: number;
  isNew: boolean;
}

type FactField = 'name' | 'symbol' | 'decimals';

interface TokenState {
  address: string;
  name: string;
  symbol: string;
  decimals: number | null;
  isQuote: boolean;
  problem: string | null;
  /** The facts the node (not the contract) failed to answer: unknown, to be read again. */
  unread: readonly FactField[];
}

type SwapRow = typeof indexerSwaps.$inferInsert;

/** Appends without spreading: a range's logs can be more than a call's arguments may be. */
export function append<T>(to: T[], items: readonly T[]): void {
  for (const item of items) to.push(item);
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Waits `ms`, or less when `signal` aborts. The abort listener goes with the wait: the indexer
 * waits between polls for as long as it runs, on one signal.
 */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    // An aborted signal fires no more 'abort' events.
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The key of an indexed log row. */
interface LogKey {
  txHash: string;
  logIndex: number;
}

/**
 * Inserts rows keyed by (transaction, log index) with `insert` (which skips those already stored
 * and returns the keys it inserted), a chunk at a time; returns the rows in fact inserted: only
 * they may move candles and balances (a range read twice).
 */
async function insertNew<Row extends LogKey>(
  rows: readonly Row[],
  insert: (part: Row[]) => Promise<LogKey[]>,
): Promise<Row[]> {
  const inserted: Row[] = [];
  for (const part of chunks(rows, ROWS_PER_INSERT)) {
    const fresh = new Set((await insert(part)).map((key) => `${key.txHash}:${key.logIndex}`));
    inserted.push(...part.filter((row) => fresh.has(`${row.txHash}:${row.logIndex}`)));
  }
  return inserted;
}

class ChainMovedError extends Error {
  override name = 'ChainMovedError';
}

export class ChainIndexer {
  readonly chainId: number;
  readonly reader: ChainReader;
  private readonly db: Database;
  private readonly log: FastifyBaseLogger;
  private readonly pollMs: number;
  private readonly keepBlocks: number;
  private readonly maxRange: number;
  private readonly maxBackoffMs: number;
  private readonly factories: Map<string, DexConfig>;
  /** Quote tokens of the chain's DEXes → their symbols (read once). */
  private quoteSymbols: Map<string, string> | undefined;
  /** Pools followed → their factory. */
  private knownPools: Map<string, string> | undefined;
  /** Listed tokens → the factories of their pools (whose checkpoints their Transfers follow). */
  private tokenFactories = new Map<string, Set<string>>();
  /** Pools of two quote tokens: where USD rates come from. */
  private readonly anchors = new Map<string, PoolState>();
  private readonly tokenDecimals = new Map<string, number | null>();
  private listedTokens: Set<string> | undefined;
  /** Listed tokens whose Transfers before the blocks read are unknown: no balances, no holders. */
  private partialTokens = new Set<string>();
  /** Tokens with a row in `indexer_tokens` (quote tokens get theirs with their first pool). */
  private storedTokens = new Set<string>();
  /** Steps in a row each bounded read failed on the node's side, by `token:function`, `block:n`. */
  private readonly failedReads = new Map<string, number>();
  private readonly rereadMs: number;
  /** When this process next looks for tokens due to be read again. */
  private nextReread = 0;
  private controller: AbortController | undefined;
  private loop: Promise<void> | undefined;
  /** The head of the last step, for the log. */
  head = 0;
  /** Logs read and written since start (the bench's figure). */
  readonly stats = { logs: 0 };

  constructor(private readonly options: ChainIndexerOptions) {
    this.chainId = options.chainId;
    this.db = options.db;
    this.log = options.log.child({ chainId: options.chainId, part: 'indexer' });
    this.pollMs = options.pollMs ?? 500;
    this.keepBlocks = options.keepBlocks ?? 256;
    this.maxRange = options.maxRange ?? 2_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.rereadMs = options.rereadMs ?? 300_000;
    this.factories = new Map(options.dexes.map((dex) => [dex.factory.toLowerCase(), dex]));
    this.reader = new ChainReader({
      rpcUrl: options.rpcUrl,
      maxRange: this.maxRange,
      timeoutMs: options.timeoutMs ?? 10_000,
    });
  }

  /** Starts following the chain: backfill from the checkpoint, then polling at the head. */
  start(): void {
    if (this.loop) return;
    this.controller = new AbortController();
    const signal = this.controller.signal;
    this.loop = (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          const state = await this.step();
          failures = 0;
          if (state === 'caught-up') await sleep(this.pollMs, signal);
        } catch (error) {
          if (signal.aborted) break;
          failures += 1;
          const pause = Math.min(this.maxBackoffMs, this.pollMs * 2 ** Math.min(failures, 10));
          this.log.warn(
            { err: logSafeError(error), block: this.head, failures, retryInMs: pause },
            'indexer step failed; trying again',
          );
          await sleep(pause, signal);
        }
      }
    })();
  }

  async stop(): Promise<void> {
    this.controller?.abort();
    await this.loop;
    this.loop = undefined;
  }

  /** Steps until the indexed block reaches the node's head (tests, the bench). */
  async syncToHead(): Promise<void> {
    while ((await this.step()) === 'more');
  }

  /** The last block every DEX of the chain is indexed to. */
  async checkpoint(): Promise<number> {
    return Math.min(...(await this.checkpoints()).values());
  }

  /** The last block each configured DEX (by factory) is indexed to. */
  private async checkpoints(): Promise<Map<string, number>> {
    const rows = await this.db
      .select()
      .from(indexerCheckpoints)
      .where(eq(indexerCheckpoints.chainId, this.chainId));
    const at = new Map(rows.map((row) => [row.factory, row.lastBlock]));
    return new Map(
      [...this.factories.entries()].map(([factory, dex]) => [
        factory,
        at.get(factory) ?? dex.startBlock - 1,
      ]),
    );
  }

  /** One step: reorg check, tokens due to be read again, then the next range of blocks. */
  async step(): Promise<'caught-up' | 'more'> {
    const head = await this.reader.headNumber();
    this.head = head;
    await this.load();
    await this.checkReorg();
    await this.rereadDue();
    const at = await this.checkpoints();
    const from = Math.min(...at.values()) + 1;
    if (from > head) return 'caught-up';
    const to = Math.min(head, from + this.maxRange - 1);
    await this.index(from, to, head, at);
    return to >= head ? 'caught-up' : 'more';
  }

  /**
   * The pools, anchors and tokens of the chain, read from `db` (an undo's transaction reads what
   * it has just written), and the quote tokens' symbols, read once from the chain.
   */
  private async load(db: Pick<Database, 'select'> = this.db): Promise<void> {
    if (this.knownPools && this.quoteSymbols && this.listedTokens) return;
    this.quoteSymbols ??= await this.readQuoteSymbols();
    const symbols = this.quoteSymbols;
    const pools = await db
      .select()
      .from(indexerPools)
      .where(eq(indexerPools.chainId, this.chainId));
    const tokens = await db
      .select({
        address: indexerTokens.address,
        decimals: indexerTokens.decimals,
        isQuote: indexerTokens.isQuote,
        holderCount: indexerTokens.holderCount,
      })
      .from(indexerTokens)
      .where(eq(indexerTokens.chainId, this.chainId));
    for (const token of tokens) this.tokenDecimals.set(token.address, token.decimals);
    this.partialTokens = new Set(
      tokens
        .filter((token) => !token.isQuote && token.holderCount === null)
        .map((token) => token.address),
    );
    this.storedTokens = new Set(tokens.map((token) => token.address));
    this.listedTokens = new Set(
      tokens.filter((token) => !token.isQuote).map((token) => token.address),
    );
    this.knownPools = new Map(pools.map((pool) => [pool.address, pool.factory]));
    this.tokenFactories = new Map();
    for (const pool of pools) this.addTokenFactories(pool);
    this.anchors.clear();
    for (const pool of pools)
      if (symbols.has(pool.token0) && symbols.has(pool.token1))
        this.anchors.set(pool.address, toState(pool));
  }

  private addTokenFactories(pool: { token0: string; token1: string; factory: string }): void {
    for (const token of [pool.token0, pool.token1]) {
      const factories = this.tokenFactories.get(token) ?? new Set<string>();
      factories.add(pool.factory);
      this.tokenFactories.set(token, factories);
    }
  }

  private async readQuoteSymbols(): Promise<Map<string, string>> {
    const quoteTokens = [
      ...new Set(
        [...this.factories.values()].flatMap((dex) => dex.quoteTokens.map((t) => t.toLowerCase())),
      ),
    ];
    // A quote token's symbol decides whether it counts as a dollar: a node failure here fails
    // the step (tried again), never a '?' kept for the life of the process.
    const symbols = new Map<string, string>();
    await Promise.all(
      quoteTokens.map(async (token) => {
        const facts = await this.tokenFacts(token, Infinity);
        symbols.set(token, facts.symbol);
        this.tokenDecimals.set(token, facts.decimals);
      }),
    );
    return symbols;
  }

  /**
   * One read that a node failure must not hold back for ever. An error that `isRefusal` calls
   * final (by default `isContractAnswer`: for a contract read, the contract's answer) is
   * `refused`. Any other is thrown, so the step fails and is tried again, unless the read of
   * `key` has now failed `attempts` steps in a row: then it is `unreadable`, and the caller goes
   * on without it (and logs it).
   */
  private async boundedRead<T>(
    key: string,
    read: () => Promise<T>,
    attempts = READ_ATTEMPTS,
    isRefusal: (error: unknown) => boolean = isContractAnswer,
  ): Promise<{ value: T } | { failed: 'refused' | 'unreadable'; error: unknown }> {
    try {
      const value = await read();
      this.failedReads.delete(key);
      return { value };
    } catch (error) {
      if (isRefusal(error)) {
        this.failedReads.delete(key);
        return { failed: 'refused', error };
      }
      const failures = (this.failedReads.get(key) ?? 0) + 1;
      if (failures < attempts) {
        this.failedReads.set(key, failures);
        throw error;
      }
      this.failedReads.delete(key);
      return { failed: 'unreadable', error };
    }
  }

  /**
   * One read of a token's contract ({@link boundedRead}); one that became unreadable after
   * several attempts is logged.
   */
  private async tokenRead<T>(
    token: string,
    functionName: string,
    read: () => Promise<T>,
    attempts: number,
  ): Promise<{ value: T } | { failed: 'refused' | 'unreadable' }> {
    const result = await this.boundedRead(`${token}:${functionName}`, read, attempts);
    if ('failed' in result && result.failed === 'unreadable' && attempts > 1)
      this.log.error(
        {
          token,
          read: `${functionName}()`,
          failures: READ_ATTEMPTS,
          err: logSafeError(result.error),
        },
        'indexer: the node failed a token read every time; storing the token as unreadable',
      );
    return result;
  }

  /**
   * Name, symbol and decimals of a token. A read the contract refused (a revert, no code, an
   * answer that does not decode, an error of the call's execution) is a fact of the token: '?',
   * or no decimals and a `problem`, stored for good. A read the node failed (time-out, HTTP
   * error, rate limit) is thrown, so the step fails and is tried again: stored, it would leave a
   * sound token unpriced for good. Of a listed token, only `attempts` steps in a row, then it is
   * `unread` (read again later, {@link rereadDue}); a quote token is configured, not anyone's,
   * and without its symbol nothing is priced (Infinity).
   */
  private async tokenFacts(address: string, attempts = READ_ATTEMPTS): Promise<TokenState> {
    const read = <T>(functionName: 'name' | 'symbol' | 'decimals') =>
      this.tokenRead(
        address,
        functionName,
        async () =>
          (await this.reader.client.readContract({
            address: address as Hex,
            abi: erc20ReadAbi,
            functionName,
          })) as T,
        attempts,
      );
    const [name, symbol, decimalsRead] = await Promise.all([
      read<string>('name'),
      read<string>('symbol'),
      read<number>('decimals'),
    ]);
    const decimals = 'value' in decimalsRead ? decimalsRead.value : undefined;
    const usable = usableDecimals(decimals);
    return {
      address,
      name: clean('value' in name ? name.value : undefined) || '?',
      symbol: clean('value' in symbol ? symbol.value : undefined) || '?',
      decimals: usable ? decimals : null,
      isQuote: false,
      problem: usable
        ? null
        : 'failed' in decimalsRead
          ? decimalsRead.failed === 'refused'
            ? 'no decimals()'
            : `decimals() unreadable: the node failed it ${READ_ATTEMPTS} times in a row`
          : `decimals() out of range (${String(decimals)})`,
      unread: (
        [
          ['name', name],
          ['symbol', symbol],
          ['decimals', decimalsRead],
        ] as const
      )
        .filter(([, read]) => 'failed' in read && read.failed === 'unreadable')
        .map(([field]) => field),
    };
  }

  /**
   * Reads again, once each, the facts of tokens whose reads the node failed every time
   * (`reread_after` passed), at most {@link REREAD_BATCH} per pass and one pass per `rereadMs`:
   * what the node now answers replaces what was unknown (a fact it fails again stays as it
   * was), and the pools of a token whose decimals arrive are priced at once, with the checkpoint
   * block so that readers polling for changed pools see them. Swaps indexed meanwhile keep
   * their null prices: unknown, not guessed.
   */
  private async rereadDue(): Promise<void> {
    const now = Date.now();
    if (now < this.nextReread) return;
    this.nextReread = now + this.rereadMs;
    const due = await this.db
      .select()
      .from(indexerTokens)
      .where(
        and(eq(indexerTokens.chainId, this.chainId), lte(indexerTokens.rereadAfter, new Date(now))),
      )
      .orderBy(indexerTokens.rereadAfter)
      .limit(REREAD_BATCH);
    if (due.length === 0) return;
    const read = await Promise.all(due.map((row) => this.tokenFacts(row.address, 1)));
    const block = await this.checkpoint();
    const changed: string[] = [];
    await this.db
      .transaction(async (tx) => {
        for (const [i, row] of due.entries()) {
          const facts = read[i]!;
          const unread = new Set(facts.unread);
          const decimalsArrived = !unread.has('decimals') && row.decimals !== facts.decimals;
          await tx
            .update(indexerTokens)
            .set({
              name: unread.has('name') ? row.name : facts.name,
              symbol: unread.has('symbol') ? row.symbol : facts.symbol,
              decimals: unread.has('decimals') ? row.decimals : facts.decimals,
              problem: unread.has('decimals') ? row.problem : facts.problem,
              rereadAfter: unread.size > 0 ? new Date(now + this.rereadMs) : null,
            })
            .where(
              and(eq(indexerTokens.chainId, this.chainId), eq(indexerTokens.address, row.address)),
            );
          this.log.info(
            { token: row.address, unread: facts.unread },
            unread.size > 0
              ? 'indexer: the node failed a token read again; reading it later'
              : "indexer: read a token's facts the node had failed",
          );
          if (!decimalsArrived) continue;
          this.tokenDecimals.set(row.address, facts.decimals);
          if (facts.problem)
            this.log.warn(
              { token: row.address, problem: facts.problem },
              'indexer: token without usable decimals; its pools get no prices',
            );
          const rates = this.rates();
          const pools = await tx
            .select()
            .from(indexerPools)
            .where(
              and(
                eq(indexerPools.chainId, this.chainId),
                or(
                  eq(indexerPools.baseToken, row.address),
                  eq(indexerPools.quoteToken, row.address),
                ),
              ),
            );
          for (const pool of pools) {
            const state = toState(pool);
            const price = this.poolPriceOf(state);
            await tx
              .update(indexerPools)
              .set({
                priceQuote: price,
                ...this.usdFigures(state, price, rates),
                updatedBlock: Math.max(pool.updatedBlock, block),
              })
              .where(
                and(eq(indexerPools.chainId, this.chainId), eq(indexerPools.address, pool.address)),
              );
            changed.push(pool.address);
          }
        }
      })
      .catch((error: unknown) => {
        // Rolled back: the decimals cached above are not in the database.
        this.knownPools = undefined;
        throw error;
      });
    if (changed.length > 0) this.options.onBlocksIndexed?.(this.chainId, changed);
  }

  /**
   * `totalSupply()` of tokens at a block: the supply, which the Transfer logs cannot give when
   * the token was minted before the blocks read. A token that has no working `totalSupply()`
   * gets null (unknown); a node failure is thrown, so the step is tried again (at most
   * {@link READ_ATTEMPTS} steps in a row, then the token is left out: a supply known before
   * stays, rather than being overwritten with null by a node's bad minutes).
   */
  private async supplies(
    tokens: readonly string[],
    block: number,
  ): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    await Promise.all(
      tokens.map(async (token) => {
        const supply = await this.tokenRead(
          token,
          'totalSupply',
          () =>
            this.reader.client.readContract({
              address: token as Hex,
              abi: erc20ReadAbi,
              functionName: 'totalSupply',
              blockNumber: BigInt(block),
            }),
          READ_ATTEMPTS,
        );
        if ('value' in supply) out.set(token, supply.value.toString());
        else if (supply.failed === 'refused') out.set(token, null);
      }),
    );
    return out;
  }

  /**
   * Whether every Transfer of `token` is in the logs read from `firstRead` on: the token had no
   * code at the block before (it was deployed later). A node that cannot say (no archive state)
   * leaves it partial; a node that fails on the way, a rate limit included, is thrown (the step
   * is tried again): taken as "cannot say", it would leave the token's holders unknown for good.
   */
  private async historyFrom(token: string, firstRead: number): Promise<boolean> {
    if (firstRead <= 0) return true;
    try {
      const code = await this.reader.client.getCode({
        address: token as Hex,
        blockNumber: BigInt(firstRead - 1),
      });
      return code === undefined || code === '0x';
    } catch (error) {
      if (isTransientNodeFailure(error)) throw error;
      return false;
    }
  }

  /**
   * The sender of each swap's transaction (`eth_getTransactionByHash`). A transaction the node
   * does not find by hash is looked for in its block (read whole, which needs no transaction
   * index: old transactions, or a node building its index): a block whose hash is no longer
   * the one the log carried is a reorg (the step starts again); one that still is, is not, and
   * must not stall the range for ever. When the block cannot be read either (refused, or the
   * node failed it {@link READ_ATTEMPTS} steps in a row), a swap's trader is its Swap's `to`,
   * logged: the recipient, not always the wallet (a router selling for native coin), but a
   * trade is never without one (core's `Trade.trader`).
   */
  private async tradersOf(
    swaps: readonly { txHash: string; blockNumber: number; blockHash: string }[],
  ): Promise<Map<string, string>> {
    const found = await this.reader.senders(swaps.map((swap) => swap.txHash));
    const out = new Map<string, string>();
    const missing = new Map<number, { blockHash: string; txHashes: Set<string> }>();
    for (const swap of swaps) {
      const sender = found.get(swap.txHash);
      if (sender) {
        out.set(swap.txHash, sender);
        continue;
      }
      const block = missing.get(swap.blockNumber) ?? {
        blockHash: swap.blockHash,
        txHashes: new Set<string>(),
      };
      block.txHashes.add(swap.txHash);
      missing.set(swap.blockNumber, block);
    }
    // Whole blocks are large (hundreds of kilobytes on a busy chain): a few at a time.
    for (const part of chunks([...missing.entries()], BLOCKS_IN_FLIGHT))
      await Promise.all(
        part.map(async ([number, { blockHash, txHashes }]) => {
          // A node's answer that is no passing failure (a block larger than it will send) is
          // final for this block: the swaps keep their recipients as traders.
          const read = await this.boundedRead(
            `block:${number}`,
            () => this.reader.blockSenders(number),
            READ_ATTEMPTS,
            (error) => error instanceof BaseError && !isTransientNodeFailure(error),
          );
          if ('value' in read) {
            if (read.value?.hash !== blockHash)
              throw new ChainMovedError(`block ${number} is gone or changed`);
            for (const hash of txHashes) {
              const sender = read.value.senders.get(hash);
              if (sender) out.set(hash, sender);
            }
          }
          const unknown = [...txHashes].filter((hash) => !out.has(hash));
          if (unknown.length > 0)
            this.log.warn(
              {
                block: number,
                transactions: unknown,
                err: 'failed' in read ? logSafeError(read.error) : undefined,
              },
              "indexer: a swap's transaction sender is unknown to the node; its trader is the Swap's recipient",
            );
        }),
      );
    return out;
  }

  private async checkReorg(): Promise<void> {
    const stored = await this.db
      .select({ number: indexerBlocks.number, hash: indexerBlocks.hash })
      .from(indexerBlocks)
      .where(eq(indexerBlocks.chainId, this.chainId))
      .orderBy(indexerBlocks.number);
    const newest = stored.at(-1);
    if (!newest) return;
    if ((await this.reader.header(newest.number))?.hash === newest.hash) return;
    // Binary search for the newest stored block the chain still has: a hash commits to every
    // block below it, so matches are a prefix of the stored list.
    let low = 0;
    let high = stored.length - 1;
    let fork = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const block = stored[mid]!;
      if ((await this.reader.header(block.number))?.hash === block.hash) {
        fork = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    const forkBlock = fork >= 0 ? stored[fork]!.number : stored[0]!.number - 1;
    if (fork < 0)
      this.log.error(
        { block: newest.number, undoneTo: forkBlock, keepBlocks: this.keepBlocks },
        'indexer: reorg deeper than the stored block hashes; undoing what they cover',
      );
    else
      this.log.warn(
        { block: newest.number, forkBlock },
        'indexer: reorg; undoing the orphaned blocks',
      );
    await this.undo(forkBlock);
  }

  /** Undoes every row of the blocks above `fork` (see the class comment). */
  private async undo(fork: number): Promise<void> {
    const chain = this.chainId;
    const touchedPools = await this.db
      .select({
        address: indexerPools.address,
        token0: indexerPools.token0,
        createdBlock: indexerPools.createdBlock,
      })
      .from(indexerPools)
      .where(and(eq(indexerPools.chainId, chain), gt(indexerPools.updatedBlock, fork)));
    // Reserves as of the fork block, read before the transaction.
    const reserves = new Map<string, [bigint, bigint]>();
    await Promise.all(
      touchedPools
        .filter((pool) => pool.createdBlock <= fork)
        .map(async (pool) => {
          const [r0, r1] = await this.reader.client.readContract({
            address: pool.address as Hex,
            abi: pairReadAbi,
            functionName: 'getReserves',
            blockNumber: BigInt(fork),
          });
          reserves.set(pool.address, [r0, r1]);
        }),
    );
    // Supplies as of the fork block, of the tokens an orphaned block minted or burned.
    const orphanedMints = await this.db
      .selectDistinct({ token: indexerTransfers.token })
      .from(indexerTransfers)
      .where(
        and(
          eq(indexerTransfers.chainId, chain),
          gt(indexerTransfers.blockNumber, fork),
          sql`(${indexerTransfers.from} = ${ZERO} or ${indexerTransfers.to} = ${ZERO})`,
        ),
      );
    const supplies = await this.supplies(
      orphanedMints.map((row) => row.token),
      fork,
    );
    const changed = new Set(touchedPools.map((pool) => pool.address));
    await this.db
      .transaction(async (tx) => {
        const swapPools = await tx
          .selectDistinct({ pool: indexerSwaps.pool })
          .from(indexerSwaps)
          .where(and(eq(indexerSwaps.chainId, chain), gt(indexerSwaps.blockNumber, fork)));
        for (const row of swapPools) changed.add(row.pool);
        await tx
          .delete(indexerSwaps)
          .where(and(eq(indexerSwaps.chainId, chain), gt(indexerSwaps.blockNumber, fork)));
        await tx
          .delete(indexerLiquidityEvents)
          .where(
            and(
              eq(indexerLiquidityEvents.chainId, chain),
              gt(indexerLiquidityEvents.blockNumber, fork),
            ),
          );
        // Transfers: subtract what the orphaned blocks moved, then forget them.
        const orphaned = await tx
          .select()
          .from(indexerTransfers)
          .where(and(eq(indexerTransfers.chainId, chain), gt(indexerTransfers.blockNumber, fork)));
        await this.applyTransfers(
          tx,
          orphaned.map((row) => ({ ...row, value: -BigInt(row.value) })),
          fork,
        );
        await this.setSupplies(tx, supplies, fork);
        await tx
          .delete(indexerTransfers)
          .where(and(eq(indexerTransfers.chainId, chain), gt(indexerTransfers.blockNumber, fork)));
        // Pools and tokens first seen above the fork.
        await tx
          .delete(indexerPools)
          .where(and(eq(indexerPools.chainId, chain), gt(indexerPools.createdBlock, fork)));
        const goneTokens = await tx
          .delete(indexerTokens)
          .where(and(eq(indexerTokens.chainId, chain), gt(indexerTokens.firstBlock, fork)))
          .returning({ address: indexerTokens.address });
        if (goneTokens.length > 0) {
          const gone = goneTokens.map((token) => token.address);
          await tx
            .delete(indexerBalances)
            .where(and(eq(indexerBalances.chainId, chain), inArray(indexerBalances.token, gone)));
          // Their Transfers at or below the fork too: listed again on the new branch, a token's
          // history is read again from its start, and a row kept here would not count again
          // (only inserted rows move balances), leaving its first holders short.
          await tx
            .delete(indexerTransfers)
            .where(and(eq(indexerTransfers.chainId, chain), inArray(indexerTransfers.token, gone)));
        }
        for (const [address, [r0, r1]] of reserves)
          await tx
            .update(indexerPools)
            .set({ reserve0: r0.toString(), reserve1: r1.toString(), updatedBlock: fork })
            .where(and(eq(indexerPools.chainId, chain), eq(indexerPools.address, address)));
        // Candles holding an orphaned swap: built again from the swaps that remain.
        const stale = await tx
          .delete(indexerCandles)
          .where(and(eq(indexerCandles.chainId, chain), gt(indexerCandles.lastBlock, fork)))
          .returning({
            pool: indexerCandles.pool,
            bucket: indexerCandles.bucket,
            interval: indexerCandles.interval,
          });
        await this.rebuildCandles(tx, stale);
        await tx
          .delete(indexerBlocks)
          .where(and(eq(indexerBlocks.chainId, chain), gt(indexerBlocks.number, fork)));
        await tx
          .update(indexerCheckpoints)
          .set({ lastBlock: fork, updatedAt: new Date() })
          .where(
            and(eq(indexerCheckpoints.chainId, chain), gt(indexerCheckpoints.lastBlock, fork)),
          );
        // Caches hold orphaned pools and anchors: read again; prices follow the restored
        // reserves. In this transaction: a reader that sees the checkpoint moved back (the lists
        // then read the chain in full) must see the undone prices with it, not the orphaned ones.
        this.knownPools = undefined;
        this.listedTokens = undefined;
        await this.load(tx);
        await this.repriceAll(tx, [...changed], true, fork);
      })
      .catch((error: unknown) => {
        // Rolled back: what the caches read in the transaction is not in the database.
        this.knownPools = undefined;
        this.listedTokens = undefined;
        throw error;
      });
    this.options.onBlocksIndexed?.(this.chainId, [...changed]);
  }

  /**
   * Reads `[from, to]` and writes what it produced with the checkpoint (see the class comment).
   * `at` holds each DEX's checkpoint: a DEX added with an earlier start block than the others'
   * checkpoint moves `from` back, and what the others have already read up to theirs is not
   * read into them again: their pools' logs, and the Transfers of tokens listed on them (those
   * older than `keepBlocks` are no longer stored to be recognised, and would count twice). While
   * such a DEX catches up, its swaps are priced in USD at the rates of the anchor pools as they
   * are (the other DEXes' anchors are at their own checkpoint, not at the swap's block).
   */
  private async index(
    from: number,
    to: number,
    head: number,
    at: ReadonlyMap<string, number>,
  ): Promise<void> {
    const knownPools = this.knownPools!;
    const listed = this.listedTokens!;
    // Where each factory's logs start to be new; a factory no longer configured, whose pools
    // are still followed, has been read with the others.
    const newest = Math.max(...at.values());
    const readTo = (factory: string | undefined) =>
      factory === undefined ? from - 1 : (at.get(factory) ?? newest);
    const onRefusal = (start: number, end: number, error: unknown) =>
      this.log.info(
        { fromBlock: start, toBlock: end, err: logSafeError(error) },
        'indexer: node refused a log range; reading smaller ranges',
      );
    const decode = (logs: RawLog[]): DexEvent[] =>
      logs.flatMap((log) => {
        const result = decodeDexLog(log);
        if ('problem' in result) {
          this.log.warn(
            {
              block: log.blockNumber ? Number(BigInt(log.blockNumber)) : null,
              address: log.address,
              problem: result.problem,
            },
            'indexer: skipped a log',
          );
          return [];
        }
        return [result.event];
      });

    const created = decode(
      await this.reader.logs(
        from,
        to,
        { address: [...this.factories.keys()], topics: [TOPICS.pairCreated] },
        onRefusal,
      ),
    ).filter(
      (event) =>
        event.kind === 'pairCreated' &&
        this.factories.has(event.address) &&
        event.blockNumber > readTo(event.address),
    );
    const newPools = created.filter(
      (event) => event.kind === 'pairCreated' && !knownPools.has(event.pair),
    );
    const poolFactory = new Map(knownPools);
    for (const event of newPools)
      if (event.kind === 'pairCreated') poolFactory.set(event.pair, event.address);
    const poolSet = new Set(poolFactory.keys());

    const pairTopics = [[TOPICS.sync, TOPICS.swap, TOPICS.mint, TOPICS.burn]];
    const pairLogs: RawLog[] = [];
    if (poolSet.size > POOL_FILTER_LIMIT)
      append(
        pairLogs,
        await this.reader.logs(from, to, { topics: pairTopics as Hex[][] }, onRefusal),
      );
    else
      for (const part of chunks([...poolSet], ADDRESSES_PER_FILTER))
        append(
          pairLogs,
          await this.reader.logs(
            from,
            to,
            { address: part, topics: pairTopics as Hex[][] },
            onRefusal,
          ),
        );
    const pairEvents = decode(pairLogs).filter(
      (event) =>
        poolSet.has(event.address) && event.blockNumber > readTo(poolFactory.get(event.address)),
    );

    // New tokens of new pools (not the quote tokens): facts now, past transfers caught up.
    const newTokens = new Map<string, TokenState & { firstBlock: number }>();
    for (const event of newPools) {
      if (event.kind !== 'pairCreated') continue;
      for (const token of [event.token0, event.token1])
        if (!this.storedTokens.has(token) && !newTokens.has(token))
          newTokens.set(token, {
            ...(await this.tokenFacts(token)),
            firstBlock: event.blockNumber,
          });
    }
    const quoteSymbols = this.quoteSymbols!;
    for (const [token, state] of newTokens) {
      state.isQuote = quoteSymbols.has(token);
      if (state.problem)
        this.log.warn(
          { block: state.firstBlock, token, problem: state.problem },
          'indexer: token without usable decimals; its pools get no prices',
        );
    }
    const newListed = [...newTokens.values()]
      .filter((token) => !token.isQuote)
      .map((token) => token.address);
    const transferTopics = [TOPICS.transfer];
    const transferLogs: RawLog[] = [];
    for (const part of chunks([...listed, ...newListed], ADDRESSES_PER_FILTER))
      append(
        transferLogs,
        await this.reader.logs(from, to, { address: part, topics: transferTopics }, onRefusal),
      );
    const startBlock = Math.min(...[...this.factories.values()].map((dex) => dex.startBlock));
    const catchUpFrom = Math.max(startBlock, from - CATCH_UP_BLOCKS, 0);
    if (newListed.length > 0 && catchUpFrom <= from - 1)
      for (const part of chunks(newListed, ADDRESSES_PER_FILTER))
        append(
          transferLogs,
          await this.reader.logs(
            catchUpFrom,
            from - 1,
            { address: part, topics: transferTopics },
            onRefusal,
          ),
        );
    // A listed token's Transfers are read up to the newest checkpoint of the DEXes it trades on.
    const fresh = new Set(newListed);
    const transfersReadTo = (token: string) =>
      Math.max(from - 1, ...[...(this.tokenFactories.get(token) ?? [])].map(readTo));
    const transfers = decode(transferLogs).filter(
      (event) =>
        event.kind === 'transfer' &&
        (newest < from ||
          fresh.has(event.address) ||
          event.blockNumber > transfersReadTo(event.address)),
    );
    // Holders and balances are sums of every Transfer since the token's deployment: of a token
    // older than the blocks read they would be wrong (negative balances, missing holders), so
    // such a token keeps no balances and its holder count is null (unknown), never a guess.
    const firstRead = newListed.length > 0 ? Math.min(catchUpFrom, from) : from;
    const partial = new Set<string>();
    await Promise.all(
      newListed.map(async (token) => {
        if (!(await this.historyFrom(token, firstRead))) partial.add(token);
      }),
    );
    // The supply is the token's `totalSupply()` at `to`: read for a token listed now and for one
    // whose logs here mint or burn (the only Transfers that move it).
    const minting = new Set(newListed);
    for (const event of transfers)
      if (event.kind === 'transfer' && (event.from === ZERO || event.to === ZERO))
        minting.add(event.address);
    const supplies = await this.supplies([...minting], to);

    // Block headers: times of the blocks with pools or swaps, hashes to detect a reorg.
    const needed = new Set<number>([to]);
    for (const event of [...created, ...pairEvents]) needed.add(event.blockNumber);
    for (const event of transfers)
      if (event.blockNumber >= from && event.blockNumber > head - this.keepBlocks)
        needed.add(event.blockNumber);
    const headers = new Map<number, BlockHeader>();
    await Promise.all(
      [...needed].map(async (number) => {
        const header = await this.reader.header(number);
        if (!header) throw new ChainMovedError(`block ${number} is gone`);
        headers.set(number, header);
      }),
    );
    for (const event of [...created, ...pairEvents, ...transfers])
      if (
        headers.has(event.blockNumber) &&
        headers.get(event.blockNumber)!.hash !== event.blockHash
      )
        throw new ChainMovedError(`block ${event.blockNumber} changed while it was read`);
    // The trader is the transaction's sender: a Swap's `to` is the router when a sell pays out
    // native coin, and the next pair of a multi-hop route.
    const senders = await this.tradersOf(
      pairEvents.flatMap((event) => (event.kind === 'swap' ? [event] : [])),
    );
    this.stats.logs += created.length + pairEvents.length + transfers.length;
    const timeOf = (block: number) => new Date(headers.get(block)!.timestamp * 1000);

    // Pools touched: read their state, then play the events in chain order.
    const touched = new Set(pairEvents.map((event) => event.address));
    const pools = new Map<string, PoolState>();
    const existing = [...touched].filter((address) => knownPools.has(address));
    for (const part of chunks(existing, ROWS_PER_INSERT)) {
      const rows = await this.db
        .select()
        .from(indexerPools)
        .where(and(eq(indexerPools.chainId, this.chainId), inArray(indexerPools.address, part)));
      for (const row of rows) pools.set(row.address, toState(row));
    }
    const symbols = new Map(quoteSymbols);
    for (const event of newPools) {
      if (event.kind !== 'pairCreated') continue;
      const dex = this.factories.get(event.address)!;
      const { base, quote } = pickQuote(dex, event.token0, event.token1, symbols);
      const pool: PoolState = {
        address: event.pair,
        factory: event.address,
        dexName: dex.name,
        token0: event.token0,
        token1: event.token1,
        baseToken: base,
        quoteToken: quote,
        pairIndex: event.pairIndex >= 0 ? event.pairIndex : null,
        createdBlock: event.blockNumber,
        createdAt: timeOf(event.blockNumber),
        reserve0: 0n,
        reserve1: 0n,
        updatedBlock: event.blockNumber,
        isNew: true,
      };
      pools.set(pool.address, pool);
      if (quoteSymbols.has(pool.token0) && quoteSymbols.has(pool.token1))
        this.anchors.set(pool.address, pool);
    }
    for (const [token, state] of newTokens) this.tokenDecimals.set(token, state.decimals);

    const decimalsOf = (token: string) => this.tokenDecimals.get(token) ?? null;
    let rates = this.rates();
    const swaps: SwapRow[] = [];
    const liquidity: (typeof indexerLiquidityEvents.$inferInsert)[] = [];
    for (const event of pairEvents.sort(byChainOrder)) {
      const pool = pools.get(event.address);
      if (!pool) continue;
      const baseIs0 = pool.baseToken === pool.token0;
      if (event.kind === 'sync') {
        pool.reserve0 = event.reserve0;
        pool.reserve1 = event.reserve1;
        pool.updatedBlock = event.blockNumber;
        if (this.anchors.has(pool.address)) {
          this.anchors.set(pool.address, pool);
          rates = this.rates();
        }
      } else if (event.kind === 'swap') {
        const baseIn = baseIs0 ? event.amount0In : event.amount1In;
        const baseOut = baseIs0 ? event.amount0Out : event.amount1Out;
        const quoteIn = baseIs0 ? event.amount1In : event.amount0In;
        const quoteOut = baseIs0 ? event.amount1Out : event.amount0Out;
        const net = baseOut - baseIn;
        if (net === 0n) {
          this.log.warn(
            { block: event.blockNumber, pool: pool.address },
            'indexer: skipped a swap that moved no base token',
          );
          continue;
        }
        const quoteAmount = quoteIn > quoteOut ? quoteIn - quoteOut : quoteOut - quoteIn;
        const price = this.poolPriceOf(pool);
        const rate = rates.get(pool.quoteToken);
        const quoteDecimals = decimalsOf(pool.quoteToken);
        swaps.push({
          chainId: this.chainId,
          txHash: event.txHash,
          logIndex: event.logIndex,
          pool: pool.address,
          blockNumber: event.blockNumber,
          time: timeOf(event.blockNumber),
          trader: senders.get(event.txHash) ?? event.to,
          side: net > 0n ? 'buy' : 'sell',
          baseAmount: (net > 0n ? net : -net).toString(),
          quoteAmount: quoteAmount.toString(),
          priceQuote: price,
          priceUsd: price !== null && rate !== undefined ? price * rate : null,
          volumeUsd:
            rate !== undefined && usableDecimals(quoteDecimals) && price !== null
              ? wholeTokens(quoteAmount, quoteDecimals) * rate
              : null,
        });
      } else if (event.kind === 'mint' || event.kind === 'burn') {
        liquidity.push({
          chainId: this.chainId,
          txHash: event.txHash,
          logIndex: event.logIndex,
          pool: pool.address,
          blockNumber: event.blockNumber,
          kind: event.kind,
          amount0: event.amount0.toString(),
          amount1: event.amount1.toString(),
        });
      }
    }

    const rateBefore = this.lastRates;
    const changed = new Set<string>();
    await this.db
      .transaction(async (tx) => {
        if (newTokens.size > 0)
          await tx
            .insert(indexerTokens)
            .values(
              [...newTokens.values()].map((token) => ({
                chainId: this.chainId,
                address: token.address,
                name: token.name,
                symbol: token.symbol,
                decimals: token.decimals,
                // A quote token's transfers are not followed: its supply and holders stay unknown.
                totalSupply: token.isQuote ? null : (supplies.get(token.address) ?? null),
                holderCount: token.isQuote || partial.has(token.address) ? null : 0,
                isQuote: token.isQuote,
                problem: token.problem,
                rereadAfter: token.unread.length > 0 ? new Date(Date.now() + this.rereadMs) : null,
                firstBlock: token.firstBlock,
                updatedBlock: token.firstBlock,
              })),
            )
            .onConflictDoNothing();
        for (const pool of pools.values()) {
          const price = this.poolPriceOf(pool);
          const figures = this.usdFigures(pool, price, rates);
          const row = {
            reserve0: pool.reserve0.toString(),
            reserve1: pool.reserve1.toString(),
            priceQuote: price,
            priceUsd: figures.priceUsd,
            liquidityUsd: figures.liquidityUsd,
            updatedBlock: pool.updatedBlock,
          };
          if (pool.isNew)
            await tx
              .insert(indexerPools)
              .values({
                chainId: this.chainId,
                address: pool.address,
                factory: pool.factory,
                dexName: pool.dexName,
                token0: pool.token0,
                token1: pool.token1,
                baseToken: pool.baseToken,
                quoteToken: pool.quoteToken,
                pairIndex: pool.pairIndex,
                createdBlock: pool.createdBlock,
                createdAt: pool.createdAt,
                ...row,
              })
              .onConflictDoUpdate({
                target: [indexerPools.chainId, indexerPools.address],
                set: row,
              });
          else
            await tx
              .update(indexerPools)
              .set(row)
              .where(
                and(eq(indexerPools.chainId, this.chainId), eq(indexerPools.address, pool.address)),
              );
          changed.add(pool.address);
        }
        const newSwaps = await insertNew(swaps, (part) =>
          tx
            .insert(indexerSwaps)
            .values(part)
            .onConflictDoNothing()
            .returning({ txHash: indexerSwaps.txHash, logIndex: indexerSwaps.logIndex }),
        );
        await this.addCandles(tx, newSwaps);
        for (const part of chunks(liquidity, ROWS_PER_INSERT))
          await tx.insert(indexerLiquidityEvents).values(part).onConflictDoNothing();
        const transferRows = transfers.flatMap((event) =>
          event.kind === 'transfer'
            ? [
                {
                  chainId: this.chainId,
                  txHash: event.txHash,
                  logIndex: event.logIndex,
                  token: event.address,
                  blockNumber: event.blockNumber,
                  from: event.from,
                  to: event.to,
                  value: event.value.toString(),
                },
              ]
            : [],
        );
        const freshTransfers = await insertNew(transferRows, (part) =>
          tx
            .insert(indexerTransfers)
            .values(part)
            .onConflictDoNothing()
            .returning({ txHash: indexerTransfers.txHash, logIndex: indexerTransfers.logIndex }),
        );
        for (const token of partial) this.partialTokens.add(token);
        await this.applyTransfers(
          tx,
          freshTransfers.map((row) => ({ ...row, value: BigInt(row.value) })),
          to,
        );
        await this.setSupplies(tx, supplies, to);
        // Transfers below the reorg window can no longer be undone: drop them.
        await tx
          .delete(indexerTransfers)
          .where(
            and(
              eq(indexerTransfers.chainId, this.chainId),
              lt(indexerTransfers.blockNumber, head - this.keepBlocks),
            ),
          );
        const keep = [...headers.values()].filter(
          (header) => header.number > head - this.keepBlocks,
        );
        if (keep.length > 0)
          await tx
            .insert(indexerBlocks)
            .values(
              keep.map((header) => ({
                chainId: this.chainId,
                number: header.number,
                hash: header.hash,
                time: new Date(header.timestamp * 1000),
              })),
            )
            .onConflictDoUpdate({
              target: [indexerBlocks.chainId, indexerBlocks.number],
              set: { hash: sql`excluded.hash`, time: sql`excluded.time` },
            });
        await tx
          .delete(indexerBlocks)
          .where(
            and(
              eq(indexerBlocks.chainId, this.chainId),
              lt(indexerBlocks.number, head - this.keepBlocks),
            ),
          );
        // A quote token's USD rate moved: every pool priced in it moves too, with the same
        // checkpoint (a reader polling for pools changed after it would miss a later update).
        const moved = [...rates.entries()]
          .filter(([token, rate]) => rateBefore.get(token) !== rate)
          .map(([token]) => token);
        if (moved.length > 0)
          for (const pool of await this.reprice(tx, moved, rates, to)) changed.add(pool);
        for (const factory of this.factories.keys()) {
          // A DEX ahead of this range (another one catching up) keeps its checkpoint.
          const lastBlock = Math.max(to, at.get(factory) ?? to);
          await tx
            .insert(indexerCheckpoints)
            .values({ chainId: this.chainId, factory, lastBlock })
            .onConflictDoUpdate({
              target: [indexerCheckpoints.chainId, indexerCheckpoints.factory],
              set: { lastBlock, updatedAt: new Date() },
            });
        }
      })
      .catch((error: unknown) => {
        // Rolled back: the caches changed on the way (anchors' reserves, partial tokens, decimals)
        // hold what is not in the database; read again at the next step.
        this.knownPools = undefined;
        throw error;
      });
    for (const pool of pools.values()) {
      if (pool.isNew) this.addTokenFactories(pool);
      pool.isNew = false;
      knownPools.set(pool.address, pool.factory);
    }
    for (const token of newListed) listed.add(token);
    for (const token of newTokens.keys()) this.storedTokens.add(token);
    this.lastRates = rates;
    if (changed.size > 0) this.options.onBlocksIndexed?.(this.chainId, [...changed]);
  }

  private lastRates = new Map<string, number>();

  private rates(): Map<string, number> {
    const anchors: AnchorPool[] = [...this.anchors.values()].map((pool) => {
      const baseIs0 = pool.baseToken === pool.token0;
      const quoteReserve = baseIs0 ? pool.reserve1 : pool.reserve0;
      const decimals = this.tokenDecimals.get(pool.quoteToken) ?? null;
      return {
        base: pool.baseToken,
        quote: pool.quoteToken,
        price: this.poolPriceOf(pool),
        quoteDepth: usableDecimals(decimals) ? wholeTokens(quoteReserve, decimals) : 0,
      };
    });
    return usdRates(this.quoteSymbols!, anchors);
  }

  private poolPriceOf(pool: PoolState): number | null {
    const baseIs0 = pool.baseToken === pool.token0;
    return poolPrice(
      baseIs0 ? pool.reserve0 : pool.reserve1,
      baseIs0 ? pool.reserve1 : pool.reserve0,
      this.tokenDecimals.get(pool.baseToken) ?? null,
      this.tokenDecimals.get(pool.quoteToken) ?? null,
    );
  }

  private usdFigures(
    pool: PoolState,
    price: number | null,
    rates: ReadonlyMap<string, number>,
  ): { priceUsd: number | null; liquidityUsd: number | null } {
    const rate = rates.get(pool.quoteToken);
    const decimals = this.tokenDecimals.get(pool.quoteToken) ?? null;
    if (price === null || rate === undefined || !usableDecimals(decimals))
      return { priceUsd: null, liquidityUsd: null };
    const quoteReserve = pool.baseToken === pool.token0 ? pool.reserve1 : pool.reserve0;
    // Both sides of a V2 pool are worth the same at its own price.
    return { priceUsd: price * rate, liquidityUsd: 2 * wholeTokens(quoteReserve, decimals) * rate };
  }

  /** Sets the USD figures of every pool quoted in `tokens` from the stored price; returns them. */
  private async reprice(
    db: Pick<Database, 'update'>,
    tokens: readonly string[],
    rates: ReadonlyMap<string, number>,
    block: number,
  ): Promise<string[]> {
    const changed: string[] = [];
    for (const token of tokens) {
      const rate = rates.get(token) ?? null;
      const decimals = this.tokenDecimals.get(token) ?? null;
      const rows = await db
        .update(indexerPools)
        .set({
          // A figure of the pool changed at this block: readers that poll for changed pools
          // (`updatedBlock` above their last read) see it.
          updatedBlock: sql`greatest(${indexerPools.updatedBlock}, ${block})`,
          priceUsd: rate === null ? null : sql`${indexerPools.priceQuote} * ${rate}`,
          liquidityUsd:
            rate === null || !usableDecimals(decimals)
              ? null
              : sql`case when ${indexerPools.priceQuote} is null then null else 2 * (case when ${indexerPools.quoteToken} = ${indexerPools.token0} then ${indexerPools.reserve0} else ${indexerPools.reserve1} end)::float8 / ${10 ** decimals}::float8 * ${rate} end`,
        })
        .where(and(eq(indexerPools.chainId, this.chainId), eq(indexerPools.quoteToken, token)))
        .returning({ address: indexerPools.address });
      for (const row of rows) changed.push(row.address);
    }
    return changed;
  }

  /** After a reorg: prices from the restored reserves, USD figures at the restored rates. */
  private async repriceAll(
    db: Pick<Database, 'select' | 'update'>,
    pools: readonly string[],
    all: boolean,
    fork: number,
  ): Promise<void> {
    for (const part of chunks(pools, ROWS_PER_INSERT)) {
      const rows = await db
        .select()
        .from(indexerPools)
        .where(and(eq(indexerPools.chainId, this.chainId), inArray(indexerPools.address, part)));
      for (const row of rows) {
        const state = toState(row);
        await db
          .update(indexerPools)
          .set({ priceQuote: this.poolPriceOf(state) })
          .where(
            and(eq(indexerPools.chainId, this.chainId), eq(indexerPools.address, row.address)),
          );
      }
    }
    const rates = this.rates();
    if (all) await this.reprice(db, [...this.quoteSymbols!.keys()], rates, fork);
    this.lastRates = rates;
  }

  /** Adds inserted swaps to their candles (every interval). */
  private async addCandles(tx: Pick<Database, 'insert'>, swaps: readonly SwapRow[]): Promise<void> {
    if (swaps.length === 0) return;
    const candles = aggregateCandles(this.chainId, swaps);
    for (const part of chunks(candles, ROWS_PER_INSERT))
      await tx
        .insert(indexerCandles)
        .values(part)
        .onConflictDoUpdate({
          target: [
            indexerCandles.chainId,
            indexerCandles.pool,
            indexerCandles.interval,
            indexerCandles.bucket,
          ],
          set: {
            open: sql`coalesce(${indexerCandles.open}, excluded.open)`,
            openQuote: sql`coalesce(${indexerCandles.openQuote}, excluded.open_quote)`,
            high: sql`greatest(${indexerCandles.high}, excluded.high)`,
            highQuote: sql`greatest(${indexerCandles.highQuote}, excluded.high_quote)`,
            low: sql`least(${indexerCandles.low}, excluded.low)`,
            lowQuote: sql`least(${indexerCandles.lowQuote}, excluded.low_quote)`,
            close: sql`coalesce(excluded.close, ${indexerCandles.close})`,
            closeQuote: sql`coalesce(excluded.close_quote, ${indexerCandles.closeQuote})`,
            volumeUsd: sql`${indexerCandles.volumeUsd} + excluded.volume_usd`,
            trades: sql`${indexerCandles.trades} + excluded.trades`,
            lastBlock: sql`greatest(${indexerCandles.lastBlock}, excluded.last_block)`,
          },
        });
  }

  /** Builds the given candles again from the swaps still stored (after a reorg deleted some). */
  private async rebuildCandles(
    tx: Pick<Database, 'select' | 'insert'>,
    stale: readonly { pool: string; bucket: number; interval: string }[],
  ): Promise<void> {
    if (stale.length === 0) return;
    const byPool = new Map<string, number>();
    for (const candle of stale)
      byPool.set(candle.pool, Math.min(byPool.get(candle.pool) ?? Infinity, candle.bucket));
    const wanted = new Set(
      stale.map((candle) => `${candle.pool}:${candle.interval}:${candle.bucket}`),
    );
    for (const [pool, since] of byPool) {
      const rows = await tx
        .select()
        .from(indexerSwaps)
        .where(
          and(
            eq(indexerSwaps.chainId, this.chainId),
            eq(indexerSwaps.pool, pool),
            sql`${indexerSwaps.time} >= to_timestamp(${since})`,
          ),
        )
        .orderBy(indexerSwaps.blockNumber, indexerSwaps.logIndex);
      const rebuilt = aggregateCandles(this.chainId, rows).filter((candle) =>
        wanted.has(`${candle.pool}:${candle.interval}:${candle.bucket}`),
      );
      for (const part of chunks(rebuilt, ROWS_PER_INSERT))
        await tx.insert(indexerCandles).values(part);
    }
  }

  /** Sets the supply read from the chain (`supplies`) of tokens. */
  private async setSupplies(
    tx: Pick<Database, 'update'>,
    supplies: ReadonlyMap<string, string | null>,
    block: number,
  ): Promise<void> {
    for (const [token, supply] of supplies)
      await tx
        .update(indexerTokens)
        .set({ totalSupply: supply, updatedBlock: block })
        .where(and(eq(indexerTokens.chainId, this.chainId), eq(indexerTokens.address, token)));
  }

  /**
   * Moves balances by the given transfers (negative values undo them), then sets each token's
   * holder count from them; tokens whose history was not read from their deployment
   * ({@link partialTokens}) keep neither.
   */
  private async applyTransfers(
    tx: Pick<Database, 'insert' | 'update' | 'execute'>,
    transfers: readonly { token: string; from: string; to: string; value: bigint }[],
    block: number,
  ): Promise<void> {
    const followed = transfers.filter((transfer) => !this.partialTokens.has(transfer.token));
    if (followed.length === 0) return;
    const deltas = new Map<string, bigint>();
    const add = (token: string, holder: string, value: bigint) => {
      const key = `${token}:${holder}`;
      deltas.set(key, (deltas.get(key) ?? 0n) + value);
    };
    for (const transfer of followed) {
      if (transfer.from !== ZERO) add(transfer.token, transfer.from, -transfer.value);
      if (transfer.to !== ZERO) add(transfer.token, transfer.to, transfer.value);
    }
    const rows = [...deltas.entries()]
      .filter(([, delta]) => delta !== 0n)
      .map(([key, delta]) => {
        const [token, holder] = key.split(':') as [string, string];
        return {
          chainId: this.chainId,
          token,
          holder,
          balance: delta.toString(),
          updatedBlock: block,
        };
      });
    for (const part of chunks(rows, ROWS_PER_INSERT))
      await tx
        .insert(indexerBalances)
        .values(part)
        .onConflictDoUpdate({
          target: [indexerBalances.chainId, indexerBalances.token, indexerBalances.holder],
          set: {
            balance: sql`${indexerBalances.balance} + excluded.balance`,
            updatedBlock: sql`excluded.updated_block`,
          },
        });
    const tokens = [...new Set(followed.map((transfer) => transfer.token))];
    for (const token of tokens) {
      await tx.execute(sql`
        update indexer_tokens set
          holder_count = (select count(*) from indexer_balances b
            where b.chain_id = ${this.chainId} and b.token = ${token} and b.balance > 0),
          updated_block = ${block}
        where chain_id = ${this.chainId} and address = ${token}`);
    }
  }
}

/** Candles of every interval from swaps in chain order: open first, close last. */
export function aggregateCandles(
  chainId: number,
  swaps: readonly Pick<
    SwapRow,
    'pool' | 'time' | 'priceUsd' | 'priceQuote' | 'volumeUsd' | 'blockNumber'
  >[],
): (typeof indexerCandles.$inferInsert)[] {
  const out = new Map<string, typeof indexerCandles.$inferInsert>();
  for (const swap of swaps) {
    const seconds = Math.floor(swap.time.getTime() / 1000);
    for (const { value, seconds: length } of CANDLE_INTERVALS) {
      const bucket = seconds - (seconds % length);
      const key = `${swap.pool}:${value}:${bucket}`;
      const usd = swap.priceUsd ?? null;
      const quote = swap.priceQuote ?? null;
      const candle = out.get(key);
      if (!candle) {
        out.set(key, {
          chainId,
          pool: swap.pool,
          interval: value,
          bucket,
          open: usd,
          high: usd,
          low: usd,
          close: usd,
          openQuote: quote,
          highQuote: quote,
          lowQuote: quote,
          closeQuote: quote,
          volumeUsd: swap.volumeUsd ?? 0,
          trades: 1,
          lastBlock: swap.blockNumber,
        });
        continue;
      }
      const max = (a: number | null | undefined, b: number | null) =>
        a == null ? b : b === null ? a : Math.max(a, b);
      const min = (a: number | null | undefined, b: number | null) =>
        a == null ? b : b === null ? a : Math.min(a, b);
      candle.open ??= usd;
      candle.openQuote ??= quote;
      candle.high = max(candle.high, usd);
      candle.low = min(candle.low, usd);
      candle.highQuote = max(candle.highQuote, quote);
      candle.lowQuote = min(candle.lowQuote, quote);
      if (usd !== null) candle.close = usd;
      if (quote !== null) candle.closeQuote = quote;
      candle.volumeUsd = (candle.volumeUsd ?? 0) + (swap.volumeUsd ?? 0);
      candle.trades = (candle.trades ?? 0) + 1;
      candle.lastBlock = Math.max(candle.lastBlock, swap.blockNumber);
    }
  }
  return [...out.values()];
}

function toState(row: typeof indexerPools.$inferSelect): PoolState {
  return {
    address: row.address,
    factory: row.factory,
    dexName: row.dexName,
    token0: row.token0,
    token1: row.token1,
    baseToken: row.baseToken,
    quoteToken: row.quoteToken,
    pairIndex: row.pairIndex,
    createdBlock: row.createdBlock,
    createdAt: row.createdAt,
    reserve0: BigInt(row.reserve0),
    reserve1: BigInt(row.reserve1),
    updatedBlock: row.updatedBlock,
    isNew: false,
  };
}

/** A token's name or symbol as text we store: control characters out, at most 64 characters. */
function clean(value: string | undefined): string {
  return (
    (value ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 64)
  );
}
