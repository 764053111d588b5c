import type { FastifyBaseLogger } from 'fastify';
import type { SendRecord, SendRecords } from './send-records';
import { withTimeout } from '../../lib/with-timeout';
import { chainErrorText } from '../chain-errors';
import { type ChainSender, type Verdict } from './send-types';

export interface ReconcileDeps {
  records: SendRecords;
  senderFor(chainId: number): ChainSender | undefined;
  /** A record to leave alone: this process is sending it right now, or it changed just now. */
  skip(row: SendRecord): boolean;
  stopped(): boolean;
  broadcast(sender: ChainSender, row: SendRecord): Promise<SendRecord>;
  follow(sender: ChainSender, row: SendRecord, timeoutMs: number): Promise<SendRecord>;
  settle(row: SendRecord, verdict: Verdict): Promise<SendRecord>;
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
 *   failed. Same bytes, same hash: a resend cannot pay twice.
 * Each record gets a bounded time; errors are logged and counted, never thrown.
 */
export async function reconcileOpenSends(deps: ReconcileDeps): Promise<ReconcileSummary> {
  const started = Date.now();
  const summary: ReconcileSummary = {
    open: 0,
    confirmed: 0,
    failed: 0,
    pending: 0,
    resent: 0,
    skipped: 0,
    errors: 0,
    ms: 0,
  };
  try {
    const open = (await deps.records.open())
      .filter((row) => !deps.skip(row))
      // Nonce order per chain, so a resent EVM transaction never waits on a later one.
      .sort((a, b) => a.chainId - b.chainId || (a.nonce ?? 0) - (b.nonce ?? 0));
    summary.open = open.length;
    for (const row of open) {
      if (deps.stopped()) break;
      try {
        const outcome = await withTimeout(
          deps.waitMs + 10_000,
          () => reconcileOne(deps, row, () => (summary.resent += 1)),
          'reconciliation of the record timed out',
        );
        summary[outcome] += 1;
      } catch (error) {
        summary.errors += 1;
        deps.log.warn(
          { sendId: row.id, chainId: row.chainId, error: chainErrorText(error) },
          'wallet send not reconciled',
        );
      }
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
      const sent = await deps.broadcast(sender, row);
      if (sent.status !== 'broadcast') return outcomeOf(sent);
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
