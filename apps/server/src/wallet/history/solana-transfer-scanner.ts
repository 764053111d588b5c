import { address as solanaAddress, signature as toSignature } from '@solana/kit';
import { z } from 'zod';
import type { SolanaChainAccess } from '../wallet-chains';
import {
  CONCURRENCY,
  insertTransfers,
  NATIVE_POSITION,
  readCursor,
  type ScanContext,
  type TransferRow,
  writeCursor,
} from './scan-common';
import { mapLimit } from '../../lib/map-limit';
import { largestLamportSender, readSolanaTransaction, tokenSender } from './solana-transaction';

export interface SolanaScanOptions {
  /** Signatures read per wallet address and pass. */
  maxSignatures: number;
  /** Signatures per getSignaturesForAddress call: 1,000 (the RPC's most) unless a test lowers it. */
  signaturePage: number;
}

/**
 * Where a sweep that ran out of its pass's budget stopped: the signatures older than `before`
 * and newer than `until` are still unread; `newest` is where the cursor goes once they are read.
 */
const gapSchema = z.object({
  until: z.string().optional(),
  before: z.string(),
  newest: z.string(),
});

interface SolanaCursor {
  /** Every signature of the address up to and including this one is read. */
  until?: string;
  gap?: { before: string; newest: string };
}

/** A plain signature (also what the first scanner stored), or a JSON gap mid-sweep. */
function parseCursor(text: string | undefined): SolanaCursor {
  if (text === undefined) return {};
  if (!text.startsWith('{')) return { until: text };
  const { until, before, newest } = gapSchema.parse(JSON.parse(text));
  return { ...(until === undefined ? {} : { until }), gap: { before, newest } };
}

/**
 * Receives of one Solana wallet address: SOL and SPL balances that went up in its transactions.
 *
 * getSignaturesForAddress answers newest first, a page at a time, and pages back with `before`
 * down to `until` (the cursor). A pass sweeps from the newest signature back to the cursor and
 * moves the cursor to the newest only once the sweep reached it. When the pass's budget
 * (`maxSignatures`) runs out first, it records what it read and stores the gap instead: the
 * signature it stopped before, the old cursor and the sweep's newest; the next pass resumes the
 * gap. Signatures that arrive meanwhile are newer than the sweep's newest and are read by the
 * sweep after. So no signature is skipped however many arrive between passes.
 *
 * Only finalized signatures are listed: a finalized transaction is never rolled back, so a cursor
 * never names a signature a fork dropped (reading at `confirmed` would show receives ~13 s
 * sooner, with that risk).
 */
export class SolanaTransferScanner {
  constructor(
    private readonly context: ScanContext,
    private readonly options: SolanaScanOptions,
  ) {}

  async scan(access: SolanaChainAccess, owners: readonly string[]): Promise<number> {
    const counts = await mapLimit(owners, 4, (owner) => this.scanOwner(access, owner));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private async scanOwner(access: SolanaChainAccess, owner: string): Promise<number> {
    const { rpc, chain } = access;
    const key = `solana:${chain.id}:${owner}`;
    const stored = await readCursor(this.context.db, key);
    if (stored === undefined && !access.local) {
      // A real chain's past is not ours to read: start at the address's newest signature.
      const [newest] = await rpc
        .getSignaturesForAddress(solanaAddress(owner), { limit: 1, commitment: 'finalized' })
        .send();
      return newest ? this.save(key, newest.signature, []) : 0;
    }
    const { until, gap } = parseCursor(stored);
    let before = gap?.before;
    let newest = gap?.newest;
    let budget = this.options.maxSignatures;
    const rows: TransferRow[] = [];
    while (budget > 0) {
      const limit = Math.min(this.options.signaturePage, budget);
      const page = await rpc
        .getSignaturesForAddress(solanaAddress(owner), {
          limit,
          commitment: 'finalized',
          ...(before === undefined ? {} : { before: toSignature(before) }),
          ...(until === undefined ? {} : { until: toSignature(until) }),
        })
        .send();
      newest ??= page[0]?.signature;
      rows.push(...(await this.transfersOf(access, owner, page)));
      budget -= page.length;
      if (page.length < limit) {
        // A short page: the sweep reached `until` (or the address's first transaction).
        return newest === undefined ? 0 : this.save(key, newest, rows);
      }
      before = page[page.length - 1]!.signature;
    }
    if (newest === undefined || before === undefined) return 0;
    return this.save(key, JSON.stringify({ until, before, newest }), rows);
  }

  /** The receives of `owner` in the landed transactions of a page. */
  private async transfersOf(
    access: SolanaChainAccess,
    owner: string,
    page: readonly { signature: string; err: unknown }[],
  ): Promise<TransferRow[]> {
    const { chain, rpc } = access;
    const landed = page.filter((item) => item.err === null);
    const transactions = await mapLimit(landed, CONCURRENCY, async (item) => {
      const facts = await readSolanaTransaction(rpc, item.signature);
      // Listed as finalized yet not readable: the node is behind. Fail the pass (nothing is
      // written, the cursor stays) rather than skip a receive for good.
      if (!facts) throw new Error(`transaction ${item.signature} is listed but not readable`);
      return facts;
    });
    const mints = new Map(access.tokens.map((token) => [token.address, token]));
    const rows: TransferRow[] = [];
    for (const facts of transactions) {
      if (facts.failed) continue;
      const blockTime = facts.blockTime ?? this.context.clock.now();
      const index = facts.accounts.indexOf(owner);
      const received = index >= 0 ? (facts.lamportDeltas[index] ?? 0n) : 0n;
      const solSender = largestLamportSender(facts, owner);
      if (received > 0n && solSender !== owner) {
        rows.push({
          chainId: chain.id,
          hash: facts.signature,
          position: NATIVE_POSITION,
          fromAddress: solSender,
          toAddress: owner,
          tokenAddress: null,
          symbol: chain.nativeSymbol,
          decimals: chain.nativeDecimals,
          amount: received.toString(),
          blockTime,
        });
      }
      for (const entry of facts.tokenDeltas) {
        if (entry.owner !== owner || entry.delta <= 0n) continue;
        const sender = tokenSender(facts, entry.mint);
        if (sender === owner) continue;
        const known = mints.get(entry.mint);
        rows.push({
          chainId: chain.id,
          hash: facts.signature,
          position: entry.accountIndex,
          fromAddress: sender,
          toAddress: owner,
          tokenAddress: entry.mint,
          symbol: known?.symbol ?? 'SPL',
          decimals: entry.decimals,
          amount: entry.delta.toString(),
          blockTime,
        });
      }
    }
    return rows;
  }

  /** Writes the rows, then moves the cursor, in one transaction. */
  private save(key: string, cursor: string, rows: TransferRow[]): Promise<number> {
    const { db, clock } = this.context;
    return db.transaction(async (tx) => {
      const inserted = await insertTransfers(tx, rows);
      await writeCursor(tx, clock, key, cursor);
      return inserted;
    });
  }
}
