import { tokenItemId, type ChainCode } from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../lib/clock';
import type { DatabaseHandle } from '../lib/db/client';
import { logSafeError } from '../lib/log-safe-error';
import type { CircuitState, ResearchProviders } from './providers';
import type { KindSummary, ResearchIngest, ResearchKind } from './research-ingest';

/**
 * The scheduled sync of `RESEARCH_PROVIDER=live` (issue 10): one job per kind of research data,
 * each on its own interval, writing through {@link ResearchIngest}.
 *
 * - `dex` loads the pools and tokens, `cex` the CEX markets, every `intervalMs` after the end of
 *   the previous run (the first run at start).
 * - `security` loads the reports of tokens that have none or one older than the TTL, a bounded
 *   number per run: on its interval, and at once after a DEX load (new tokens want a report).
 *
 * Never two runs of one job at once: in this process a job that is still running is not started
 * again (a trigger while it runs is remembered and runs after it); across server instances on
 * one PostgreSQL a run holds a session advisory lock on (`LOCK_SPACE`, job) on a connection of
 * its own, and an instance that cannot take it skips the turn. Under the lock a `dex` or `cex`
 * run first reads when the kind was last loaded (by any instance, `research_sync`) and skips
 * when that was less than 90 % of its interval ago, so two instances whose timers fire a moment
 * apart load once, not twice. PGlite is one process's database, so there the lock is implicit.
 *
 * A session lock, not a transaction one: a load spends most of its time waiting for providers
 * (rate limits), and a transaction held open that long would pin a connection and old row
 * versions for nothing; the load's writes are one short transaction of their own.
 */

/** The first key of the sync jobs' advisory locks (the second is the job): "VSRS". */
const LOCK_SPACE = 0x56535253;
const LOCK_KEYS: Record<ResearchKind, number> = { dex: 1, cex: 2, security: 3 };
/** A kind loaded less than this share of its interval ago is not loaded again. */
const FRESH_SHARE = 0.9;

/** Timers of the scheduler; tests pass their own to move time by hand. */
export interface SyncTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemSyncTimers: SyncTimers = {
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** What one turn of a job did. */
export type RunOutcome = 'loaded' | 'fresh' | 'locked' | 'busy' | 'failed' | 'stopped';

interface ResearchSchedulerOptions {
  database: DatabaseHandle;
  ingest: ResearchIngest;
  providers: ResearchProviders;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
  intervalsMs: Record<ResearchKind, number>;
  reports: { ttlMs: number; perRun: number };
  timers?: SyncTimers;
  /** Aborted on stop, so a run waiting for a provider ends at once. */
  abort?: AbortController;
}

/** How one job stands in this process, for `/api/health`. */
interface JobState {
  kind: ResearchKind;
  intervalMs: number;
  /** The circuit of the kind's provider client in this process. */
  circuit: CircuitState;
  /** Whether this process's last run of the job failed (cleared by a run that loads). */
  lastRunFailed: boolean;
}

interface Job {
  kind: ResearchKind;
  intervalMs: number;
  run: () => Promise<KindSummary>;
  timer: unknown;
  running: Promise<RunOutcome> | null;
  again: boolean;
  failed: boolean;
}

export class ResearchScheduler {
  private readonly jobs: Map<ResearchKind, Job>;
  /** Tokens whose report someone asked for (`requestReport`), taken by the next reports run. */
  private readonly wanted = new Map<string, { chainName: ChainCode; address: string }>();
  private readonly timers: SyncTimers;
  private stopped = false;
  private started = false;

  constructor(private readonly options: ResearchSchedulerOptions) {
    this.timers = options.timers ?? systemSyncTimers;
    const { ingest, intervalsMs, reports, clock } = options;
    const job = (kind: ResearchKind, run: () => Promise<KindSummary>): [ResearchKind, Job] => [
      kind,
      {
        kind,
        intervalMs: intervalsMs[kind],
        run,
        timer: null,
        running: null,
        again: false,
        failed: false,
      },
    ];
    this.jobs = new Map([
      job('dex', () => ingest.syncDex()),
      job('cex', () => ingest.syncCex()),
      job('security', () => {
        const first = [...this.wanted.values()];
        this.wanted.clear();
        return ingest.syncReports({
          limit: reports.perRun,
          olderThan: new Date(clock.now().getTime() - reports.ttlMs),
          first,
        });
      }),
    ]);
  }

  /** Runs every job now, then each on its interval. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job, 0);
  }

  /** Stops the timers, ends runs that wait for a provider, and waits for runs to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.options.abort?.abort(new Error('the server is closing'));
    for (const job of this.jobs.values()) {
      if (job.timer !== null) this.timers.clearTimeout(job.timer);
      job.timer = null;
    }
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  /**
   * Runs a job now (on demand), unless it is running: then it runs once more when that run ends
   * (`busy`). Its next turn is counted from the end of this run.
   */
  trigger(kind: ResearchKind): Promise<RunOutcome> {
    const job = this.jobs.get(kind)!;
    if (this.stopped) return Promise.resolve('stopped');
    if (job.running) {
      job.again = true;
      return Promise.resolve('busy');
    }
    if (job.timer !== null) this.timers.clearTimeout(job.timer);
    job.timer = null;
    job.running = this.turn(job).finally(() => {
      job.running = null;
      if (this.stopped) return;
      if (job.again) {
        job.again = false;
        void this.trigger(kind);
      } else if (this.started) {
        this.schedule(job, job.intervalMs);
      }
    });
    return job.running;
  }

  /**
   * Asks for a fresh report of one token (a detail opened while its report is missing or older
   * than the TTL): it goes first in the next reports run, started now or, when one is running,
   * right after it; the caller does not wait. A token already asked for is not queued twice, and
   * the ingest asks the provider about a token at most once per TTL.
   */
  requestReport(token: { chainName: ChainCode; address: string }): void {
    if (this.stopped) return;
    const key = tokenItemId(token.chainName, token.address);
    if (this.wanted.has(key)) return;
    this.wanted.set(key, token);
    void this.trigger('security');
  }

  /** How each job stands in this process. */
  states(): JobState[] {
    const { providers } = this.options;
    const circuits: Record<ResearchKind, CircuitState> = {
      dex: providers.dex.circuit?.() ?? 'closed',
      cex: providers.cex.circuit?.() ?? 'closed',
      security: providers.security.circuit?.() ?? 'closed',
    };
    return [...this.jobs.values()].map((job) => ({
      kind: job.kind,
      intervalMs: job.intervalMs,
      circuit: circuits[job.kind],
      lastRunFailed: job.failed,
    }));
  }

  private schedule(job: Job, delayMs: number): void {
    job.timer = this.timers.setTimeout(() => {
      job.timer = null;
      void this.trigger(job.kind);
    }, delayMs);
  }

  private async turn(job: Job): Promise<RunOutcome> {
    const { log } = this.options;
    try {
      const outcome = await this.withLock(job.kind, async () => {
        if (job.kind !== 'security' && (await this.loadedRecently(job))) return 'fresh';
        const summary = await job.run();
        log.info({ kind: job.kind, ...summary }, 'research sync: loaded');
        return 'loaded';
      });
      if (outcome === 'loaded') {
        job.failed = false;
        await this.record(job.kind, 'loaded');
        // New tokens want their reports now, not at the next turn of the reports job.
        if (job.kind === 'dex') void this.trigger('security');
      } else {
        log.debug({ kind: job.kind, outcome }, 'research sync: turn skipped');
      }
      return outcome;
    } catch (error) {
      if (this.stopped) return 'stopped';
      job.failed = true;
      log.warn({ kind: job.kind, err: logSafeError(error) }, 'research sync: load failed');
      await this.record(job.kind, 'failed');
      return 'failed';
    }
  }

  /**
   * Stores how the run ended (`research_sync_runs`), so every instance's health shows it; a
   * database that cannot take it costs a log line, never the run.
   */
  private async record(kind: ResearchKind, outcome: 'loaded' | 'failed'): Promise<void> {
    try {
      await this.options.ingest.recordRun(kind, outcome);
    } catch (error) {
      this.options.log.warn({ kind, err: logSafeError(error) }, 'research sync: run not recorded');
    }
  }

  /** Whether any instance loaded the kind less than 90 % of its interval ago. */
  private async loadedRecently(job: Job): Promise<boolean> {
    const last = (await this.options.ingest.lastSynced()).get(job.kind);
    if (!last) return false;
    const age = this.options.clock.now().getTime() - last.at.getTime();
    return age < job.intervalMs * FRESH_SHARE;
  }

  /** Runs `work` under the job's advisory lock (PostgreSQL), or `locked` when another instance holds it. */
  private async withLock(kind: ResearchKind, work: () => Promise<RunOutcome>): Promise<RunOutcome> {
    const { database } = this.options;
    if (database.kind !== 'postgres') return work();
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const connection = await pool.connect();
    let locked = false;
    try {
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, $2) as locked',
        [LOCK_SPACE, LOCK_KEYS[kind]],
      );
      locked = rows[0]?.locked === true;
      if (!locked) return 'locked';
      return await work();
    } finally {
      if (locked) {
        await connection
          .query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, LOCK_KEYS[kind]])
          .catch(() => undefined);
      }
      connection.release();
    }
  }
}
