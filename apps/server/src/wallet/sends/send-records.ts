import { and, eq, inArray, max } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db/client';
import { type SendStatus, walletSends } from '../wallet-tables';

export type SendRecord = typeof walletSends.$inferSelect;
export type NewSendRecord = typeof walletSends.$inferInsert;

/** Statuses of a send that has not reached the chain's verdict yet. */
export const OPEN_STATUSES = ['recorded', 'signed', 'broadcast'] as const satisfies SendStatus[];

export function isTerminal(status: SendStatus): boolean {
  return status === 'confirmed' || status === 'failed';
}

/** The `wallet_sends` table: every state change of a send is one update here. */
export class SendRecords {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Inserts the intent; undefined when the user already used this idempotency key. */
  async insert(values: NewSendRecord): Promise<SendRecord | undefined> {
    const [row] = await this.db
      .insert(walletSends)
      .values(values)
      .onConflictDoNothing()
      .returning();
    return row;
  }

  async byKey(userId: string, idempotencyKey: string): Promise<SendRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(walletSends)
      .where(and(eq(walletSends.userId, userId), eq(walletSends.idempotencyKey, idempotencyKey)));
    return row;
  }

  async byId(id: string): Promise<SendRecord | undefined> {
    const [row] = await this.db.select().from(walletSends).where(eq(walletSends.id, id));
    return row;
  }

  async update(
    id: string,
    values: Partial<
      Pick<
        SendRecord,
        | 'status'
        | 'nonce'
        | 'signedTransaction'
        | 'hash'
        | 'fee'
        | 'lastValidBlockHeight'
        | 'broadcasts'
        | 'error'
      >
    >,
  ): Promise<SendRecord> {
    const [row] = await this.db
      .update(walletSends)
      .set({ ...values, updatedAt: this.clock.now() })
      .where(eq(walletSends.id, id))
      .returning();
    if (!row) throw new Error(`send record ${id} vanished`);
    return row;
  }

  /** Highest nonce of this address's signed or broadcast sends on the chain (held, not yet mined). */
  async highestOpenNonce(chainId: number, fromAddress: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ nonce: max(walletSends.nonce) })
      .from(walletSends)
      .where(
        and(
          eq(walletSends.chainId, chainId),
          eq(walletSends.fromAddress, fromAddress),
          inArray(walletSends.status, ['signed', 'broadcast']),
        ),
      );
    return row?.nonce ?? undefined;
  }

  async open(): Promise<SendRecord[]> {
    return this.db
      .select()
      .from(walletSends)
      .where(inArray(walletSends.status, [...OPEN_STATUSES]))
      .orderBy(walletSends.createdAt);
  }
}
