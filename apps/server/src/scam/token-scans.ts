import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  findChain,
  scamMessages,
  scoreSecurityReport,
  tokenMessages,
  type ChainFamily,
  type RiskLevel,
  type ScanEvidence,
  type SecurityReport,
} from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import type { Config } from '../lib/config';
import type { Database } from '../lib/db/client';
import { AppError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { ChainNotScannableError } from './errors';
import { tokenScans } from './scam-tables';
import type { TokenAnalyzer, TokenScanResult } from './token-analyzer';

/**
 * On-demand scans: the stored report of a token, or a scan started now and awaited for a short
 * time budget; a queue that runs a few scans at a time; per-caller limits on new scans; a TTL
 * after which a stored report is refreshed in the background.
 *
 * Every path through here answers one of: the report; 404 'Record not found, will get back
 * shortly' (the scan runs on and the screen polls); or the scan's own error (no code, chain
 * unreachable, chain not scannable), remembered for a short while so that the polls that follow
 * get it too without scanning again. Nothing is stored for a failed scan.
 *
 * Waiting for the budget is an await on the job's promise, so a scan never holds up other
 * requests; the analyzer's heavy work (the Anvil fork) runs in another process.
 */

export interface ScanTarget {
  chainId: number;
  /** Display form (checksummed EVM address, base58 Solana). */
  address: string;
}

/** Who asks: a logged-in user by id, anyone else by client address. */
export interface ScanCaller {
  userId?: string | undefined;
  ip: string;
}

export interface StoredScan {
  chainId: number;
  address: string;
  source: 'analyzer';
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  blockNumber: bigint;
  blockHash: string | null;
  scannedAt: Date;
  report: SecurityReport;
  evidence: ScanEvidence;
  totalScore: number;
  riskLevel: RiskLevel;
  durationMs: number;
}

/** A stored scan as the detail shows it: with whether a fresh one is under way. */
export type ScanView = StoredScan & { rescanning: boolean };

export interface ScanLimit {
  limit: number;
  windowMs: number;
}

/** Counts one new scan against a key and throws a 429 (`TooManyRequestsError`) past its limit. */
export type ConsumeScanSlot = (keys: { key: string; rule: ScanLimit }[]) => Promise<void>;

export interface TokenScansOptions {
  /** How long a request waits for a new scan before answering 404 and letting it run on. */
  budgetMs: number;
  /** A stored report older than this is refreshed in the background when it is read. */
  ttlMs: number;
  /** Scans that run at once (each starts an Anvil fork: 1-2 on a small machine). */
  concurrency: number;
  /** Scans queued or running; more answer 503 busy. */
  maxQueued: number;
  /** How long a failed scan's error answers the polls that follow. */
  failureMemoryMs: number;
  /**
   * A stored report read is checked for owner-only events since its block (ownership moved, a
   * pause…) at most this often per token; one found starts a rescan.
   */
  ownerEventCheckMs: number;
  /** New scans per client address for anonymous callers, per account for logged-in ones. */
  anonymousLimit: ScanLimit;
  userLimit: ScanLimit;
}

const MINUTE = 60_000;
export const DEFAULT_SCAN_OPTIONS: TokenScansOptions = {
  budgetMs: 2_000,
  ttlMs: 6 * 60 * MINUTE,
  concurrency: 1,
  maxQueued: 50,
  failureMemoryMs: 30_000,
  ownerEventCheckMs: 30_000,
  anonymousLimit: { limit: 10, windowMs: 10 * MINUTE },
  userLimit: { limit: 30, windowMs: 10 * MINUTE },
};

/** The scan queue's settings from the environment (config.ts ANALYZER_*). */
export function scanOptionsFromConfig(
  config: Pick<
    Config,
    | 'ANALYZER_CONCURRENCY'
    | 'ANALYZER_QUEUE_DEPTH'
    | 'ANALYZER_BUDGET_MS'
    | 'ANALYZER_TTL_HOURS'
    | 'ANALYZER_ANONYMOUS_LIMIT'
    | 'ANALYZER_ANONYMOUS_WINDOW_MINUTES'
  >,
): Partial<TokenScansOptions> {
  return {
    concurrency: config.ANALYZER_CONCURRENCY,
    maxQueued: config.ANALYZER_QUEUE_DEPTH,
    budgetMs: config.ANALYZER_BUDGET_MS,
    ttlMs: Math.round(config.ANALYZER_TTL_HOURS * 60 * MINUTE),
    anonymousLimit: {
      limit: config.ANALYZER_ANONYMOUS_LIMIT,
      windowMs: config.ANALYZER_ANONYMOUS_WINDOW_MINUTES * MINUTE,
    },
  };
}

export interface TokenScansDeps {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  analyzers: readonly TokenAnalyzer[];
  consume: ConsumeScanSlot;
  /** Called when a scan is stored or started (answers cached elsewhere are stale). */
  onChange?: () => void;
  /** Called with a token's new score once its scan is stored (list rows that show it). */
  onStored?: (target: ScanTarget, totalScore: number) => void;
}

const PENDING = Symbol('pending');

export class TokenScans {
  private readonly options: TokenScansOptions;
  /** Scans queued or running, by token key. */
  private readonly jobs = new Map<string, Promise<StoredScan>>();
  private readonly failures = new Map<string, { error: AppError; until: number }>();
  private running = 0;
  /** When each token was last checked for owner-only events (clock ms), and checks under way. */
  private readonly ownerEventChecks = new Map<string, number>();
  private readonly waiting: (() => void)[] = [];
  /** Tokens to scan when the analyzer is idle (see {@link scanWhenIdle}), by token key. */
  private readonly idleQueue = new Map<string, ScanTarget>();
  /** Tokens taken from that queue once: one that failed is not retried until a detail asks. */
  private readonly idleTaken = new Set<string>();
  private idlePumping = false;
  private closing = false;
  /** The stored scan of a token by key: read by every detail, so prepared once. */
  private readonly storedByKey;

  constructor(
    private readonly deps: TokenScansDeps,
    options: Partial<TokenScansOptions> = {},
  ) {
    this.options = { ...DEFAULT_SCAN_OPTIONS, ...options };
    this.storedByKey = deps.db
      .select()
      .from(tokenScans)
      .where(
        and(
          eq(tokenScans.chain_id, sql.placeholder('chainId')),
          eq(tokenScans.address_key, sql.placeholder('addressKey')),
        ),
      )
      .limit(1)
      .prepare('token_scan_by_key');
  }

  private analyzerFor(chainId: number): TokenAnalyzer {
    const family: ChainFamily | undefined = findChain(chainId)?.family;
    const analyzer = this.deps.analyzers.find((entry) => entry.family === family);
    if (!analyzer) throw new ChainNotScannableError();
    return analyzer;
  }

  private static key({ chainId, address }: ScanTarget): string {
    const family = findChain(chainId)?.family;
    return `${chainId}:${family === 'solana' ? address : address.toLowerCase()}`;
  }

  private static addressKey(target: ScanTarget): string {
    return TokenScans.key(target).slice(String(target.chainId).length + 1);
  }

  /** Whether a scan of the token is queued or running. */
  isScanning(target: ScanTarget): boolean {
    return this.jobs.has(TokenScans.key(target));
  }

  /** The stored scan of a token, if any. */
  async stored(target: ScanTarget): Promise<StoredScan | undefined> {
    const [row] = await this.storedByKey.execute({
      chainId: target.chainId,
      addressKey: TokenScans.addressKey(target),
    });
    return row ? fromRow(row) : undefined;
  }

  /**
   * The stored scores of some tokens of one chain, keyed as the chain writes addresses
   * (lower-case EVM, base58 Solana), with when each was scanned (a new scan, a new time): what
   * a list row needs of our analyzer when no other engine judged the token.
   */
  async storedScores(
    chainId: number,
    addresses: readonly string[],
  ): Promise<Map<string, { totalScore: number; riskLevel: RiskLevel; scannedAt: Date }>> {
    const keys = addresses.map((address) => TokenScans.addressKey({ chainId, address }));
    if (keys.length === 0) return new Map();
    const rows = await this.deps.db
      .select({
        key: tokenScans.address_key,
        totalScore: tokenScans.total_score,
        riskLevel: tokenScans.risk_level,
        scannedAt: tokenScans.scanned_at,
      })
      .from(tokenScans)
      .where(and(eq(tokenScans.chain_id, chainId), inArray(tokenScans.address_key, keys)));
    return new Map(rows.map(({ key, ...score }) => [key, score]));
  }

  /** The address keys of every token of one chain with a stored scan (one short read). */
  async scannedKeys(chainId: number): Promise<string[]> {
    const rows = await this.deps.db
      .select({ key: tokenScans.address_key })
      .from(tokenScans)
      .where(eq(tokenScans.chain_id, chainId));
    return rows.map((row) => row.key);
  }

  /**
   * How many scans are stored. Rows are only ever added (a rescan replaces its row), so a
   * reader that holds which tokens were scanned (`TokenDetailModel`) learns from this number
   * that another process stored one.
   */
  async scanCount(): Promise<number> {
    const [row] = await this.deps.db.select({ count: sql<number>`count(*)::int` }).from(tokenScans);
    return Number(row?.count ?? 0);
  }

  /** Every stored scan's chain and address key (one short read). */
  allScannedKeys(): Promise<{ chainId: number; addressKey: string }[]> {
    return this.deps.db
      .select({ chainId: tokenScans.chain_id, addressKey: tokenScans.address_key })
      .from(tokenScans);
  }

  /** The stored scans of some tokens of one chain, keyed as {@link storedScores} keys them. */
  async storedReports(
    chainId: number,
    addresses: readonly string[],
  ): Promise<Map<string, StoredScan>> {
    const keys = addresses.map((address) => TokenScans.addressKey({ chainId, address }));
    if (keys.length === 0) return new Map();
    const rows = await this.deps.db
      .select()
      .from(tokenScans)
      .where(and(eq(tokenScans.chain_id, chainId), inArray(tokenScans.address_key, keys)));
    return new Map(rows.map((row) => [row.address_key, fromRow(row)]));
  }

  /**
   * The report of a token for its detail: the stored one (refreshed in the background once
   * older than the TTL), else, when `scanIfMissing`, a new scan awaited for the time budget.
   * Undefined when there is none and none is wanted.
   */
  async lookup(
    target: ScanTarget,
    caller: ScanCaller,
    { scanIfMissing }: { scanIfMissing: boolean },
  ): Promise<ScanView | undefined> {
    const stored = await this.stored(target);
    if (stored) {
      const age = this.deps.clock.now().getTime() - stored.scannedAt.getTime();
      if (!this.isScanning(target)) {
        if (age > this.options.ttlMs) this.refreshQuietly(target);
        else this.checkOwnerEvents(target, stored);
      }
      return { ...stored, rescanning: this.isScanning(target) };
    }
    if (!scanIfMissing) return undefined;
    this.throwRecentFailure(target);
    const { job } = await this.jobFor(target, caller);
    const result = await this.withinBudget(job);
    if (result === PENDING) throw new NotFoundError(tokenMessages.recordNotFound);
    return { ...result, rescanning: false };
  }

  /** A fresh scan of a token: `done` when stored within the budget, else `scanning`. */
  async rescan(target: ScanTarget, caller: ScanCaller): Promise<'done' | 'scanning'> {
    this.failures.delete(TokenScans.key(target));
    const { job } = await this.jobFor(target, caller);
    return (await this.withinBudget(job)) === PENDING ? 'scanning' : 'done';
  }

  /**
   * Queues tokens that have no report to be scanned one at a time, only while no other scan is
   * queued or running: a detail someone waits for never queues behind them. Tokens this server
   * cannot scan, or already queued, are skipped.
   */
  scanWhenIdle(targets: readonly ScanTarget[]): void {
    for (const target of targets) {
      try {
        this.analyzerFor(target.chainId);
      } catch {
        continue;
      }
      const key = TokenScans.key(target);
      if (!this.idleTaken.has(key)) this.idleQueue.set(key, target);
    }
    this.pumpIdleQueue();
  }

  private pumpIdleQueue(): void {
    if (this.closing || this.idlePumping || this.jobs.size > 0) return;
    const [first] = this.idleQueue;
    if (!first) return;
    const [key, target] = first;
    this.idleQueue.delete(key);
    this.idleTaken.add(key);
    this.idlePumping = true;
    this.stored(target)
      .then((stored) => {
        this.idlePumping = false;
        if (stored || this.closing) return this.pumpIdleQueue();
        if (this.jobs.size > 0) {
          // Someone's scan came first: this one waits for the next idle moment.
          this.idleTaken.delete(key);
          this.idleQueue.set(key, target);
          return;
        }
        this.refreshQuietly(target);
      })
      .catch(() => {
        this.idlePumping = false;
      });
  }

  /** Waits for the scans under way (at shutdown, so none writes to a closed database). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.jobs.values()]);
    await Promise.allSettled(this.deps.analyzers.map((analyzer) => analyzer.close?.()));
  }

  private throwRecentFailure(target: ScanTarget): void {
    const key = TokenScans.key(target);
    const failure = this.failures.get(key);
    if (!failure) return;
    if (failure.until > Date.now()) throw failure.error;
    this.failures.delete(key);
  }

  /** The scan under way for the token, or a new one counted against the caller's limit. */
  private async jobFor(
    target: ScanTarget,
    caller: ScanCaller,
  ): Promise<{ job: Promise<StoredScan> }> {
    const analyzer = this.analyzerFor(target.chainId);
    const key = TokenScans.key(target);
    const existing = this.jobs.get(key);
    if (existing) return { job: existing };
    if (this.jobs.size >= this.options.maxQueued)
      throw new AppError(503, scamMessages.analyzerBusy);
    await this.consumeSlot(caller);
    // Another request may have started it while the limit was counted.
    const raced = this.jobs.get(key);
    if (raced) return { job: raced };
    const job = this.inSlot(() => this.scan(analyzer, target)).finally(() => {
      this.jobs.delete(key);
      this.pumpIdleQueue();
    });
    // The error is answered to whoever awaits; a scan nobody waits for must not crash the process.
    job.catch(() => undefined);
    this.jobs.set(key, job);
    this.deps.onChange?.();
    return { job };
  }

  /**
   * In the background (the detail does not wait): when the token emitted an owner-only event
   * after the stored scan's block, the report is out of date and is rescanned at once; the
   * detail says `rescanning` until the new one lands.
   */
  private checkOwnerEvents(target: ScanTarget, stored: StoredScan): void {
    const key = TokenScans.key(target);
    const now = this.deps.clock.now().getTime();
    const last = this.ownerEventChecks.get(key);
    if (last !== undefined && now - last < this.options.ownerEventCheckMs) return;
    let analyzer: TokenAnalyzer;
    try {
      analyzer = this.analyzerFor(target.chainId);
    } catch {
      return;
    }
    if (!analyzer.ownerEventSince) return;
    this.ownerEventChecks.set(key, now);
    analyzer
      .ownerEventSince(target.chainId, stored.address, stored.blockNumber, stored.report)
      .then((found) => {
        if (!found || this.isScanning(target)) return;
        this.deps.log.info(
          {
            chainId: target.chainId,
            address: stored.address,
            event: found.event,
            block: found.blockNumber.toString(),
            scannedAt: stored.blockNumber.toString(),
          },
          'token report out of date: owner-only event, rescanning',
        );
        this.refreshQuietly(target);
        this.deps.onChange?.();
      })
      .catch((error: unknown) => {
        // Names only: a chain error's text may carry the RPC URL and its key.
        this.deps.log.warn(
          { chainId: target.chainId, error: error instanceof Error ? error.name : typeof error },
          'owner event check failed',
        );
      });
  }

  private refreshQuietly(target: ScanTarget): void {
    const key = TokenScans.key(target);
    if (this.jobs.size >= this.options.maxQueued) return;
    let analyzer: TokenAnalyzer;
    try {
      analyzer = this.analyzerFor(target.chainId);
    } catch {
      return;
    }
    const job = this.inSlot(() => this.scan(analyzer, target)).finally(() => {
      this.jobs.delete(key);
      this.pumpIdleQueue();
    });
    job.catch(() => undefined);
    this.jobs.set(key, job);
  }

  private async consumeSlot(caller: ScanCaller): Promise<void> {
    const slot = caller.userId
      ? { key: `scan:user:${caller.userId}`, rule: this.options.userLimit }
      : { key: `scan:address:${caller.ip}`, rule: this.options.anonymousLimit };
    try {
      await this.deps.consume([slot]);
    } catch (error) {
      if (error instanceof TooManyRequestsError) {
        throw new TooManyRequestsError(
          scamMessages.tooManyScans,
          Number(error.headers?.['retry-after'] ?? 60),
        );
      }
      throw error;
    }
  }

  private async withinBudget(job: Promise<StoredScan>): Promise<StoredScan | typeof PENDING> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        job,
        new Promise<typeof PENDING>((resolve) => {
          timer = setTimeout(() => resolve(PENDING), this.options.budgetMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs `work` when one of the `concurrency` slots is free, first come first served. */
  private async inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next scan; only when none waits is it given back.
      if (next) next();
      else this.running -= 1;
    }
  }

  private async scan(analyzer: TokenAnalyzer, target: ScanTarget): Promise<StoredScan> {
    const started = performance.now();
    let result: TokenScanResult;
    try {
      result = await analyzer.analyze(target.chainId, target.address);
    } catch (error) {
      const answer =
        error instanceof AppError
          ? error
          : new AppError(503, scamMessages.scanFailed, { cause: error });
      // Names only: a chain error's text may carry the RPC URL and its key.
      this.deps.log.warn(
        {
          chainId: target.chainId,
          address: target.address,
          error: error instanceof Error ? error.name : typeof error,
          status: answer.statusCode,
        },
        'token scan failed',
      );
      this.failures.set(TokenScans.key(target), {
        error: answer,
        until: Date.now() + this.options.failureMemoryMs,
      });
      throw answer;
    }
    const durationMs = Math.round(performance.now() - started);
    const stored = await this.store(result, durationMs);
    this.deps.log.info(
      {
        chainId: target.chainId,
        address: result.address,
        block: result.blockNumber.toString(),
        ms: durationMs,
        ...(result.phases ? { phases: result.phases } : {}),
        score: stored.totalScore,
      },
      'token scanned',
    );
    this.deps.onStored?.(target, stored.totalScore);
    this.deps.onChange?.();
    return stored;
  }

  private async store(result: TokenScanResult, durationMs: number): Promise<StoredScan> {
    const family = findChain(result.chainId)?.family ?? 'evm';
    const { totalScore, riskLevel } = scoreSecurityReport(result.report, family);
    const row: typeof tokenScans.$inferInsert = {
      chain_id: result.chainId,
      address_key: TokenScans.addressKey(result),
      address: result.address,
      source: 'analyzer',
      token_name: result.name,
      token_symbol: result.symbol,
      decimals: result.decimals,
      block_number: result.blockNumber,
      block_hash: result.blockHash,
      scanned_at: this.deps.clock.now(),
      report: result.report,
      evidence: result.evidence,
      total_score: totalScore,
      risk_level: riskLevel,
      duration_ms: durationMs,
    };
    const { chain_id: _chain, address_key: _key, ...update } = row;
    const [saved] = await this.deps.db
      .insert(tokenScans)
      .values(row)
      .onConflictDoUpdate({ target: [tokenScans.chain_id, tokenScans.address_key], set: update })
      .returning();
    return fromRow(saved!);
  }
}

function fromRow(row: typeof tokenScans.$inferSelect): StoredScan {
  return {
    chainId: row.chain_id,
    address: row.address,
    source: 'analyzer',
    name: row.token_name,
    symbol: row.token_symbol,
    decimals: row.decimals,
    blockNumber: row.block_number,
    blockHash: row.block_hash,
    scannedAt: row.scanned_at,
    report: row.report,
    evidence: row.evidence,
    totalScore: row.total_score,
    riskLevel: row.risk_level,
    durationMs: row.duration_ms,
  };
}
