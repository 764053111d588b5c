import {
  CHAIN_CODES,
  CHAIN_CODE_VALUES,
  INDEXER_PRICE_PROVIDER,
  tokenItemId,
  type ChainCode,
} from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import type { IndexedToken, MarketSource } from './market-source';
import type { ListIndexData, ListIndexRow, TokenListIndex } from './token-list-index';
import { listRowSchema, type ListRow } from './tokens-repository';

/** The detail's `priceProvider` for figures from our own indexer. */
export const INDEXER_PROVIDER_LABEL = INDEXER_PRICE_PROVIDER;

/** How often every indexed row is read again: 24 h windows slide even when nothing trades. */
export const INDEXED_FULL_REFRESH_MS = 30_000;

/**
 * How often the indexer's checkpoints are asked whether a block was indexed: one small query,
 * so a swap reaches the lists a fraction of a second after the indexer wrote it.
 */
export const INDEXED_POLL_MS = 200;

interface Entry {
  token: IndexedToken;
  row: ListRow;
  index: ListIndexRow;
}

/** The market source, and the indexed blocks' hashes by which a reorg is seen. */
export interface IndexedMarketSource extends MarketSource {
  /** The hashes the indexer holds now of some blocks of a chain; a block it does not hold is absent. */
  blockHashes(chainId: number, blocks: readonly number[]): Promise<Map<number, string>>;
}

export interface IndexedMarketOptions {
  source: IndexedMarketSource;
  /**
   * Research chains whose figures may come from the indexer (`MARKET_DATA_INDEXED_CHAINS`); a
   * chain is served once an indexer has started on it (it has a checkpoint).
   */
  allowed: 'all' | 'none' | readonly ChainCode[];
  index: TokenListIndex;
  /** After rows changed: answers built from the old rows must go (the response cache). */
  onChange: () => void;
  /**
   * The scores of some tokens of a chain, by lower-case address, as their detail shows them
   * (`TokenResearch.indexedScores`: our analyzer's, the security engines', or their combined
   * verdict), and whether our analyzer has judged each: the list shows them and the score
   * filters use them. Absent: indexed rows carry no score.
   */
  scores?: (
    chainId: number,
    addresses: readonly string[],
  ) => Promise<ReadonlyMap<string, { score: number; analyzed: boolean }>>;
  /** Tokens read that our analyzer has not judged: it may scan them when it is idle. */
  unscored?: (chainId: number, addresses: readonly string[]) => void;
  log: FastifyBaseLogger;
  fullRefreshMs?: number;
  pollMs?: number;
}

const number = (value: number | null) => value ?? Number.NaN;

/**
 * The list rows of the indexed chains, kept in memory and fed to {@link TokenListIndex}: read in
 * full at start and every {@link INDEXED_FULL_REFRESH_MS}, and in between, after each indexed
 * block batch, only the tokens of the pools it changed, which are upserted into the index (no
 * reload, no sort) before the response cache is cleared. So a swap's price is in the list as
 * soon as the indexer has written its block.
 *
 * The snapshot's rows of these chains are left out of the list index (`indexData`): a chain's
 * market figures have one source, which the detail names in `priceProvider`.
 *
 * Block batches are found by polling the indexer's checkpoints (every {@link INDEXED_POLL_MS}),
 * not by a callback: one process runs a chain's indexer (advisory lock), and every process
 * serving the API must see its blocks.
 */
export class IndexedMarket {
  private readonly entries = new Map<string, Entry>();
  /** Chains served now (an indexer has started on them). */
  private readonly chainIds = new Map<number, ChainCode>();
  /** Per chain: the indexed head last read, and its hash (undefined: not held by the indexer). */
  private readonly seen = new Map<number, { block: number; hash: string | undefined }>();
  private polling: Promise<void> | undefined;
  private stopped = false;
  /** Per chain: the refresh running now, and the pools waiting for the next one. */
  private readonly running = new Map<number, Promise<void>>();
  private readonly waiting = new Map<number, Set<string> | 'all'>();
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: IndexedMarketOptions) {}

  /** The research chains this market serves. */
  get chains(): readonly ChainCode[] {
    return [...this.chainIds.values()];
  }

  /** Whether any chain is served: when none is, this market holds no list row. */
  get servesAny(): boolean {
    return this.chainIds.size > 0;
  }

  serves(chainName: ChainCode): boolean {
    // Asked of every row of a list page: no copy of the chains.
    for (const code of this.chainIds.values()) if (code === chainName) return true;
    return false;
  }

  /** Reads every indexed chain, then follows block batches. */
  async start(): Promise<void> {
    if (this.options.allowed === 'none') return;
    await this.poll();
    const full = setInterval(() => {
      for (const chainId of this.chainIds.keys()) void this.schedule(chainId, 'all');
    }, this.options.fullRefreshMs ?? INDEXED_FULL_REFRESH_MS);
    const poll = setInterval(() => {
      this.polling ??= this.poll().finally(() => (this.polling = undefined));
    }, this.options.pollMs ?? INDEXED_POLL_MS);
    this.timers = [full, poll];
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([this.polling, ...this.running.values()]);
  }

  /**
   * One look at the indexer's checkpoints: a chain seen for the first time is read in full (and
   * the list index rebuilt without its snapshot rows); a chain whose head moved has the pools
   * of its new blocks read again.
   *
   * After a reorg the chain is read in full instead. The pools the indexer restored carry the
   * fork block (below the head last read) and pools of orphaned blocks are deleted, so "pools
   * changed since the head last read" would miss both and serve orphaned prices and pools until
   * the next full refresh. A reorg shows as the head going back, or as the block last read
   * having another hash now (or none): the indexer may undo and read the new branch up to or
   * past the old head between two polls.
   */
  private async poll(): Promise<void> {
    if (this.stopped) return;
    try {
      const heads = await this.options.source.heads();
      const work: Promise<void>[] = [];
      let added = false;
      for (const [chainId, head] of heads) {
        const seen = this.seen.get(chainId);
        if (seen === undefined) {
          const code = CHAIN_CODES.find((chain) => chain.chainId === chainId)?.code;
          const { allowed } = this.options;
          if (!code || allowed === 'none' || (allowed !== 'all' && !allowed.includes(code))) {
            continue;
          }
          // Served once the indexer has caught up: it keeps the hashes of the blocks near the
          // node's head only, so a head without one is a backfill still reading old blocks,
          // whose prices would be served as today's (the chain keeps its current source).
          const caughtUp = await this.headOf(chainId, head);
          if (caughtUp.hash === undefined) continue;
          this.chainIds.set(chainId, code);
          this.seen.set(chainId, caughtUp);
          added = true;
          work.push(this.schedule(chainId, 'all'));
          continue;
        }
        const hashes = await this.options.source.blockHashes(chainId, [seen.block, head]);
        const reorged = head < seen.block || hashes.get(seen.block) !== seen.hash;
        if (head === seen.block && !reorged) continue;
        this.seen.set(chainId, { block: head, hash: hashes.get(head) });
        if (reorged) {
          work.push(this.schedule(chainId, 'all'));
          continue;
        }
        const changed = await this.options.source.changedPools(chainId, seen.block);
        if (changed.length > 0) work.push(this.schedule(chainId, changed));
      }
      await Promise.all(work);
      // A chain newly served leaves the snapshot: its rows go from the list index.
      if (added) {
        this.options.index.invalidate();
        this.options.onChange();
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'indexed market: checkpoints could not be read');
    }
  }

  private async headOf(chainId: number, block: number) {
    return { block, hash: (await this.options.source.blockHashes(chainId, [block])).get(block) };
  }

  /** The list row of an indexed token (without `is_favourite`). */
  row(id: string): ListRow | undefined {
    return this.entries.get(id)?.row;
  }

  /** The indexed token behind a list row: its primary pool and figures. */
  token(id: string): IndexedToken | undefined {
    return this.entries.get(id)?.token;
  }

  /**
   * What the list index loads: the snapshot's columns without the rows of the chains served
   * here, and the indexed rows.
   */
  indexData(snapshot: ListIndexData): ListIndexData {
    const served = new Set(this.chains.map((code) => CHAIN_CODE_VALUES.indexOf(code)));
    const { columns } = snapshot;
    const keep: number[] = [];
    for (let row = 0; row < columns.ids.length; row += 1) {
      if (!served.has(columns.chain[row]!)) keep.push(row);
    }
    const indexed = [...this.entries.values()].map((entry) => entry.index);
    const pick = <T extends Float64Array | Uint8Array>(
      column: T,
      make: (n: number) => T,
      value: (row: ListIndexRow) => number,
    ): T => {
      const out = make(keep.length + indexed.length);
      keep.forEach((row, i) => (out[i] = column[row]!));
      indexed.forEach((row, i) => (out[keep.length + i] = value(row)));
      return out;
    };
    const floats = (n: number) => new Float64Array(n);
    return {
      version: snapshot.version,
      columns: {
        ids: [...keep.map((row) => columns.ids[row]!), ...indexed.map((row) => row.id)],
        chain: pick(
          columns.chain,
          (n) => new Uint8Array(n),
          (row) => row.chain,
        ),
        createdAt: pick(columns.createdAt, floats, (row) => row.createdAt),
        score: pick(columns.score, floats, (row) => row.score),
        liquidity: pick(columns.liquidity, floats, (row) => row.liquidity),
        volume: pick(columns.volume, floats, (row) => row.volume),
        changeH24: pick(columns.changeH24, floats, (row) => row.changeH24),
      },
    };
  }

  /**
   * Reads the chain again (all its tokens, or those of `pools`) once the refresh running now
   * ends; pools asked for meanwhile are read together.
   */
  private schedule(chainId: number, pools: readonly string[] | 'all'): Promise<void> {
    const waiting = this.waiting.get(chainId);
    if (pools === 'all' || waiting === 'all') this.waiting.set(chainId, 'all');
    else this.waiting.set(chainId, new Set([...(waiting ?? []), ...pools]));
    const previous = this.running.get(chainId) ?? Promise.resolve();
    const next = previous.then(() => this.refresh(chainId));
    this.running.set(chainId, next);
    void next.finally(() => {
      if (this.running.get(chainId) === next) this.running.delete(chainId);
    });
    return next;
  }

  private async refresh(chainId: number): Promise<void> {
    const wanted = this.waiting.get(chainId);
    if (wanted === undefined) return;
    this.waiting.delete(chainId);
    const chainName = this.chainIds.get(chainId)!;
    try {
      const tokens = await this.options.source.tokens(
        chainId,
        wanted === 'all' ? undefined : [...wanted],
      );
      const scores =
        (await this.options.scores?.(
          chainId,
          tokens.map((token) => token.address),
        )) ?? new Map<string, { score: number; analyzed: boolean }>();
      const upserts: ListIndexRow[] = [];
      const removed: string[] = [];
      const seen = new Set<string>();
      for (const token of tokens) {
        const entry = toEntry(
          chainName,
          token,
          scores.get(token.address.toLowerCase())?.score ?? null,
        );
        if (!entry) {
          // One bad row leaves the lists (with its old figures, if it had a row) instead of
          // failing the chain's refresh.
          this.options.log.warn(
            { chainId, address: token.address },
            'indexed token left out of the lists: its row breaks the list row schema',
          );
          const id = tokenItemId(chainName, token.address);
          if (this.entries.delete(id)) removed.push(id);
          continue;
        }
        seen.add(entry.row.id);
        this.entries.set(entry.row.id, entry);
        upserts.push(entry.index);
      }
      if (wanted === 'all') {
        // A token whose pools are gone (a reorg undid its PairCreated) leaves the list.
        for (const [id, entry] of this.entries) {
          if (entry.token.chainId === chainId && !seen.has(id)) {
            this.entries.delete(id);
            removed.push(id);
          }
        }
      }
      const unscored = tokens
        .filter((token) => !scores.get(token.address.toLowerCase())?.analyzed)
        .map((token) => token.address);
      if (unscored.length > 0) this.options.unscored?.(chainId, unscored);
      this.options.index.upsert(upserts, removed);
      if (upserts.length > 0 || removed.length > 0) this.options.onChange();
    } catch (error) {
      this.options.log.warn({ err: error, chainId }, 'indexed market rows could not be read');
    }
  }

  /**
   * A token judged anew (our analyzer stored a scan): its score is read again as the detail
   * scores it, and its row and its place in the score filters change at once, without reading
   * the chain's rows again.
   */
  async rescore(chainId: number, address: string): Promise<void> {
    const chainName = this.chainIds.get(chainId);
    if (!chainName || !this.options.scores) return;
    const id = tokenItemId(chainName, address);
    if (!this.entries.has(id)) return;
    let score: number | undefined;
    try {
      score = (await this.options.scores(chainId, [address])).get(address.toLowerCase())?.score;
    } catch (error) {
      this.options.log.warn({ err: error, chainId }, 'indexed token score could not be read');
      return;
    }
    const entry = this.entries.get(id);
    if (score === undefined || !entry || entry.row.score === score) return;
    const row = listRowSchema.safeParse({ ...entry.row, score });
    if (!row.success) return;
    entry.row = row.data;
    entry.index = { ...entry.index, score };
    this.options.index.upsert([entry.index], []);
    this.options.onChange();
  }
}

/** The list entry of an indexed token; undefined when its row would break core's row schema. */
function toEntry(
  chainName: ChainCode,
  token: IndexedToken,
  score: number | null,
): Entry | undefined {
  const id = tokenItemId(chainName, token.address);
  const createdAt = token.createdAt?.getTime() ?? Number.NaN;
  const parsed = listRowSchema.safeParse({
    id,
    CoinName: token.name,
    symbol: token.symbol,
    tokenAddress: token.address,
    chainName,
    price: token.priceUsd,
    age: token.createdAt ? token.createdAt.toISOString() : null,
    totalTransactions: token.txH24,
    pricePercentage: token.change,
    volume: token.volumeH24,
    liquidity: token.liquidityUsd,
    Mcap: token.marketCapUsd,
    fdv: token.fdvUsd,
    // Our analyzer's stored score; null until the token has been scanned.
    score,
  });
  if (!parsed.success) return undefined;
  const row: ListRow = parsed.data;
  return {
    token,
    row,
    index: {
      id,
      chain: CHAIN_CODE_VALUES.indexOf(chainName),
      createdAt,
      score: number(score),
      liquidity: number(token.liquidityUsd),
      volume: number(token.volumeH24),
      changeH24: number(token.change.h24),
    },
  };
}
