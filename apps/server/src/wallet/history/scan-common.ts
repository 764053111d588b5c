import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db/client';
import { walletScanCursors, walletTransfers } from '../wallet-tables';

/** What the chain-family scanners share: the database, the log and the clock. */
export interface ScanContext {
  db: Database;
  log: FastifyBaseLogger;
  clock: Clock;
}

export type TransferRow = typeof walletTransfers.$inferInsert;
/** A transaction of `db.transaction`: rows and their cursor are written together. */
export type ScanTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Native value position in the unique key of `wallet_transfers`. */
export const NATIVE_POSITION = -1;
/** Parallel RPC calls per chain while reading blocks or transactions. */
export const CONCURRENCY = 16;

export async function readCursor(db: Database, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ cursor: walletScanCursors.cursor })
    .from(walletScanCursors)
    .where(eq(walletScanCursors.key, key));
  return row?.cursor;
}

export async function writeCursor(
  tx: ScanTransaction,
  clock: Clock,
  key: string,
  cursor: string,
): Promise<void> {
  await tx
    .insert(walletScanCursors)
    .values({ key, cursor })
    .onConflictDoUpdate({
      target: walletScanCursors.key,
      set: { cursor, updatedAt: clock.now() },
    });
}

/** Inserts the rows a pass found; the unique index drops repeats. Answers how many were new. */
export async function insertTransfers(tx: ScanTransaction, rows: TransferRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(walletTransfers)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: walletTransfers.id });
  return inserted.length;
}
