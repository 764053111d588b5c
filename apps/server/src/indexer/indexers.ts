import type { DexConfigFile } from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from '../lib/db/client';
import { logSafeError } from '../lib/log-safe-error';
import { ChainIndexer, type ChainIndexerOptions } from './chain-indexer';

/**
 * The DEX indexers of the app, one per chain with a non-empty DEX list and a node, and their
 * block events.
 *
 * One indexer per chain across server instances: on PostgreSQL each chain's indexer runs only
 * while its process holds a session advisory lock on (`LOCK_SPACE`, chain id), on a connection
 * of its own kept for as long as it runs; the other instances try again every
 * `lockRetryMs` and take over when the holder dies (PostgreSQL frees a session's locks when its
 * connection ends). PGlite is one process's database, so there the lock is implicit.
 */

/** The first key of the indexers' advisory locks (the second is the chain id): "VSIX". */
export const LOCK_SPACE = 0x56534958;

export type BlocksIndexedListener = (chainId: number, pools: readonly string[]) => void;

export interface IndexersOptions {
  database: DatabaseHandle;
  dexes: DexConfigFile;
  /** The node of each chain (`RPC_URL_<id>` or the local devnet's). */
  rpcUrls: Readonly<Record<number, string | undefined>>;
  log: FastifyBaseLogger;
  /** Settings for every chain's indexer (poll interval, ranges, time-outs). */
  tuning?: Pick<
    ChainIndexerOptions,
    'pollMs' | 'maxRange' | 'keepBlocks' | 'timeoutMs' | 'maxBackoffMs'
  >;
  lockRetryMs?: number;
}

interface Running {
  indexer: ChainIndexer;
  lock?: pg.PoolClient;
}

export class Indexers {
  private readonly listeners = new Set<BlocksIndexedListener>();
  private readonly running = new Map<number, Running>();
  private readonly waiting = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly options: IndexersOptions) {}

  /** Chains that have a DEX list and a node: the ones an indexer runs for (here or elsewhere). */
  get chainIds(): number[] {
    return Object.entries(this.options.dexes)
      .filter(([id, dexes]) => dexes.length > 0 && this.options.rpcUrls[Number(id)])
      .map(([id]) => Number(id));
  }

  /** Calls `listener` after each indexed block batch (or undone reorg) with the pools it changed. */
  onBlocksIndexed(listener: BlocksIndexedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The indexer of a chain when this process runs it. */
  indexer(chainId: number): ChainIndexer | undefined {
    return this.running.get(chainId)?.indexer;
  }

  async start(): Promise<void> {
    await Promise.all(this.chainIds.map((chainId) => this.claim(chainId)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    await Promise.all(
      [...this.running.values()].map(async ({ indexer, lock }) => {
        await indexer.stop();
        if (lock) {
          await lock
            .query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, indexer.chainId])
            .catch(() => undefined);
          lock.release();
        }
      }),
    );
    this.running.clear();
  }

  /** Runs the chain's indexer if this process gets its lock; else tries again later. */
  private async claim(chainId: number): Promise<void> {
    if (this.stopped) return;
    let lock: pg.PoolClient | undefined;
    try {
      if (this.options.database.kind === 'postgres') {
        const pool = (this.options.database.db as unknown as { $client: pg.Pool }).$client;
        lock = await pool.connect();
        const { rows } = await lock.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, $2) as locked',
          [LOCK_SPACE, chainId],
        );
        if (!rows[0]?.locked) {
          lock.release();
          lock = undefined;
          this.retryLater(chainId);
          return;
        }
        // The lock dies with this connection: stop indexing and compete for it again.
        lock.on('error', (error) => this.lost(chainId, error));
      }
    } catch (error) {
      lock?.release();
      this.options.log.warn(
        { chainId, err: logSafeError(error) },
        'indexer: could not take the chain lock',
      );
      this.retryLater(chainId);
      return;
    }
    if (this.stopped) {
      lock?.release();
      return;
    }
    const indexer = new ChainIndexer({
      chainId,
      rpcUrl: this.options.rpcUrls[chainId]!,
      dexes: this.options.dexes[chainId] ?? [],
      db: this.options.database.db,
      log: this.options.log,
      ...this.options.tuning,
      onBlocksIndexed: (id, pools) => {
        for (const listener of this.listeners) {
          try {
            listener(id, pools);
          } catch (error) {
            this.options.log.error({ chainId: id, err: error }, 'indexer: a listener failed');
          }
        }
      },
    });
    this.running.set(chainId, { indexer, lock });
    this.options.log.info({ chainId }, 'indexer: started');
    indexer.start();
  }

  private retryLater(chainId: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.waiting.delete(chainId);
      void this.claim(chainId);
    }, this.options.lockRetryMs ?? 15_000);
    timer.unref();
    this.waiting.set(chainId, timer);
  }

  private lost(chainId: number, error: Error): void {
    const running = this.running.get(chainId);
    if (!running) return;
    this.running.delete(chainId);
    this.options.log.warn(
      { chainId, err: logSafeError(error) },
      'indexer: lost the chain lock; stopping',
    );
    void running.indexer.stop().then(() => {
      running.lock?.release(error);
      this.retryLater(chainId);
    });
  }
}
