import type { FastifyBaseLogger } from 'fastify';
import type { SendRecord, SendRecords } from './send-records';
import { withTimeout } from '../../lib/with-timeout';
import { chainErrorText } from '../chain-errors';
import { type ChainSender, delay, type Verdict } from './send-types';

/** A (re)broadcast: the record after it, and whether the node refused the bytes. */
export interface Broadcast {
  row: SendRecord;
  /** Refused and not known to the chain: the record stays open, its nonce still held. */
  refused: boolean;
}

/**
 * What reconciliation does to a record, given by the send engine (`WalletSends.reconcileSteps`).
 * The reconciler acts on rows read at the start of its pass, possibly while another process works
 * on them: each change also requires the row's `version` unchanged.
 */
export interface ReconcileSteps {
  senderFor(chainId: number): ChainSender | undefined;
  /** Whether this process is sending the record right now (its request still running). */
  isSending(id: string): boolean;
  /** Sends the stored bytes again, under the account's send lock. */
  broadcast(sender: ChainSender, row: SendRecord): Promise<Broadcast>;
  follow(sender: ChainSender, row: SendRecord, timeoutMs: number): Promise<SendRecord>;
  settle(row: SendRecord, verdict: Verdict): Promise<SendRecord>;
  /** A failed record the chain knows after all: open again (`broadcast`), to be followed. */
  reopen(row: SendRecord): Promise<SendRecord>;
}

export interface SendReconcilerOptions {
  /** How long one record is followed on the chain. */
  waitMs?: number;
  /** How often open records are reconciled while the server runs. */
  everyMs?: number;
  /** Age (since their last change) from which open records are taken up by that pass. */
  minAgeMs?: number;
}

/** How long a signed send that failed is still looked up by hash (a lagging node may have erred). */
const RECHECK_FAILED_MS = 60 * 60_000;

/**
 * The schedule of reconciliation: once at start-up over every open record, then every
 * `everyMs` over those unchanged for `minAgeMs`, never two passes at once, stopped by
 * {@link close}. The passes themselves are {@link reconcileOpenSends}.
 */
export class SendReconciler {
  /**
   * Records a reconciliation is working on in this process. A record's work may outlive its
   * pass (a time-out does not cancel it), so later passes leave these alone; across processes
   * the records' compare-and-set updates keep concurrent work from overwriting each other.
   */
  private readonly busy = new Set<string>();
  private startup: Promise<ReconcileSummary> | undefined;
  private pass: Promise<ReconcileSummary> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  private readonly waitMs: number;
  private readonly everyMs: number;
  private readonly minAgeMs: number;

  constructor(
    private readonly records: SendRecords,
    private readonly steps: ReconcileSteps,
    private readonly log: FastifyBaseLogger,
    options: SendReconcilerOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 15_000;
    this.everyMs = options.everyMs ?? 10_000;
    this.minAgeMs = options.minAgeMs ?? 5_000;
  }

  /**
   * Finishes the records a previous process left in flight, in the background (start-up must
   * not wait on chains), then keeps reconciling open records every `everyMs`: a send not final
   * within the confirmation time-out, or dropped by the node, is followed until it is.
   * Safe to call once; later calls return the start-up run.
   */
  start(): Promise<ReconcileSummary> {
    this.startup ??= this.reconcileNow(0).finally(() => {
      if (this.closing) return;
      this.timer = setInterval(() => void this.reconcileNow(this.minAgeMs), this.everyMs);
      this.timer.unref();
    });
    return this.startup;
  }

  /**
   * One reconciliation pass over open records unchanged for `minAgeMs`, except those this
   * process is sending right now. A pass already running is joined, not doubled.
   */
  reconcileNow(minAgeMs = 0): Promise<ReconcileSummary> {
    const clock = this.records.clock;
    this.pass ??= reconcileOpenSends({
      ...this.steps,
      records: this.records,
      skip: (row) =>
        this.steps.isSending(row.id) ||
        (minAgeMs > 0 && clock.now().getTime() - row.updatedAt.getTime() < minAgeMs),
      stopped: () => this.closing,
      busy: this.busy,
      recheckFailedSince: () => new Date(clock.now().getTime() - RECHECK_FAILED_MS),
      waitMs: this.waitMs,
      log: this.log,
    }).finally(() => {
      this.pass = undefined;
    });
    return this.pass;
  }

  /** The start-up reconciliation's summary, once it has run. */
  get reconciled(): Promise<ReconcileSummary | undefined> {
    return this.startup ?? Promise.resolve(undefined);
  }

  /** Stops reconciling between records and gives the current pass a moment to finish. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const running = this.pass ?? this.startup;
    if (running) await Promise.race([running, delay(2_000)]);
  }
}

interface ReconcileDeps extends Omit<ReconcileSteps, 'isSending'> {
  records: SendRecords;
  /** A record to leave alone: this process is sending it right now, or it changed just now. */
  skip(row: SendRecord): boolean;
  /**
   * Ids of records this process is reconciling: added when a record's work starts, removed when
   * it ends, which may be after its pass gave up waiting (a time-out does not cancel the work).
   */
  busy: Set<string>;
  stopped(): boolean;
  /** Signed sends that failed since then are looked up again by hash. */
  recheckFailedSince(): Date;
  /** How long one record is followed on the chain. */
  waitMs: number;
  log: FastifyBaseLogger;
}

export interface ReconcileSummary {
  open: number;
  confirmed: number;
  failed: number;
  /** Still without a verdict (left for the next start or a repeated request). */
  pending: number;
  /** Sent again from the stored signed bytes. */
  resent: number;
  /** Failed records the chain turned out to know (mined or pending), no longer failed. */
  revived: number;
  skipped: number;
  errors: number;
  ms: number;
}

type Outcome = 'confirmed' | 'failed' | 'pending' | 'skipped';

/**
 * Reconciliation of sends left in flight (recorded, signed, broadcast), at start-up and then
 * periodically:
 * - recorded: never signed, so never sent: failed;
 * - signed or broadcast: the chain's verdict by hash when it has one; otherwise, if the same
 *   bytes can still land (EVM nonce unused, Solana blockhash valid), one more broadcast of those
 *   very bytes (however often before: a node may drop a transaction more than once), else
 *   failed. Same bytes, same hash: a resend cannot pay twice. A refused resend is no verdict:
 *   the record stays open;
 * - failed with signed bytes, within the last hour, with no receipt seen: looked up again by
 *   hash, and confirmed (or reopened) when the chain knows it after all.
 * Each record gets a bounded time; errors are logged and counted, never thrown.
 */
async function reconcileOpenSends(deps: ReconcileDeps): Promise<ReconcileSummary> {
  const started = Date.now();
  const summary: ReconcileSummary = {
    open: 0,
    confirmed: 0,
    failed: 0,
    pending: 0,
    resent: 0,
    revived: 0,
    skipped: 0,
    errors: 0,
    ms: 0,
  };
  try {
    const open = (await deps.records.open())
      .filter((row) => !deps.skip(row) && !deps.busy.has(row.id))
      // Nonce order per chain, so a resent EVM transaction never waits on a later one.
      .sort((a, b) => a.chainId - b.chainId || (a.nonce ?? 0) - (b.nonce ?? 0));
    summary.open = open.length;
    for (const row of open) {
      if (deps.stopped()) break;
      const outcome = await bounded(deps, row, deps.waitMs + 10_000, () =>
        reconcileOne(deps, row, () => (summary.resent += 1)),
      );
      if (outcome === 'error') summary.errors += 1;
      else summary[outcome] += 1;
    }
    const failed = (await deps.records.recentlyFailedSigned(deps.recheckFailedSince())).filter(
      (row) => !deps.skip(row) && !deps.busy.has(row.id),
    );
    for (const row of failed) {
      if (deps.stopped()) break;
      const outcome = await bounded(deps, row, 10_000, () => recheckFailed(deps, row));
      if (outcome === 'error') summary.errors += 1;
      else if (outcome) summary.revived += 1;
    }
  } catch (error) {
    summary.errors += 1;
    deps.log.error({ error: chainErrorText(error) }, 'wallet send reconciliation failed');
  }
  summary.ms = Date.now() - started;
  if (summary.open > 0 || summary.errors > 0)
    deps.log.info({ ...summary }, 'wallet send reconciliation done');
  return summary;
}

/**
 * `work` on `row` within `ms`, the row marked busy until the work really ends; errors are
 * logged and answered as 'error'.
 */
async function bounded<T>(
  deps: ReconcileDeps,
  row: SendRecord,
  ms: number,
  work: () => Promise<T>,
): Promise<T | 'error'> {
  deps.busy.add(row.id);
  const running = work().finally(() => deps.busy.delete(row.id));
  try {
    return await withTimeout(ms, () => running, 'reconciliation of the record timed out');
  } catch (error) {
    deps.log.warn(
      { sendId: row.id, chainId: row.chainId, error: chainErrorText(error) },
      'wallet send not reconciled',
    );
    return 'error';
  }
}

/**
 * A signed send that failed, looked up again by hash: a failure read from a lagging node (or
 * decided before the node saw the transaction) is undone when a receipt or the pending
 * transaction shows up. True when the record is no longer failed.
 */
async function recheckFailed(deps: ReconcileDeps, row: SendRecord): Promise<boolean> {
  const sender = deps.senderFor(row.chainId);
  if (!sender) return false;
  const verdict = await sender.lookup(row);
  if (verdict.state === 'confirmed') return (await deps.settle(row, verdict)).status !== 'failed';
  if (verdict.state === 'pending') return (await deps.reopen(row)).status !== 'failed';
  return false;
}

async function reconcileOne(
  deps: ReconcileDeps,
  row: SendRecord,
  onResend: () => void,
): Promise<Outcome> {
  if (row.status === 'recorded' || !row.signedTransaction || !row.hash) {
    const failed = await deps.settle(row, {
      state: 'failed',
      fee: null,
      error: 'Not sent: the server stopped before the transaction was signed',
    });
    return outcomeOf(failed);
  }
  const sender = deps.senderFor(row.chainId);
  if (!sender) return 'skipped';
  let verdict = await sender.lookup(row);
  if (verdict.state === 'unknown') {
    const problem = await sender.resendProblem(row);
    if (problem) {
      // It may have landed between the two reads.
      verdict = await sender.lookup(row);
      if (verdict.state === 'unknown') verdict = { state: 'failed', fee: null, error: problem };
    } else {
      const { row: sent, refused } = await deps.broadcast(sender, row);
      // Refused: kept open and sent again next pass, until it lands or its nonce is used.
      if (refused || sent.status !== 'broadcast') return outcomeOf(sent);
      onResend();
      return outcomeOf(await deps.follow(sender, sent, deps.waitMs));
    }
  }
  if (verdict.state === 'pending') return outcomeOf(await deps.follow(sender, row, deps.waitMs));
  return outcomeOf(await deps.settle(row, verdict));
}

function outcomeOf(row: SendRecord): Outcome {
  return row.status === 'confirmed' ? 'confirmed' : row.status === 'failed' ? 'failed' : 'pending';
}
