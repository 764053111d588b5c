import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
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
    /** The services' clock: record times, and the age of open records, are read from it. */
    readonly clock: Clock,
  ) {}

  /** Inserts the intent; undefined when the user already used this idempotency key. */
  async insert(values: NewSendRecord): Promise<SendRecord | undefined> {
    const [row] = await this.db
      .insert(walletSends)
      .values({ createdAt: this.clock.now(), updatedAt: this.clock.now(), ...values })
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

  /**
   * This address's other sends that are signed or broadcast and not yet final, in nonce order:
   * they may still spend from the balance and hold their nonces.
   */
  async inFlightFrom(
    chainId: number,
    fromAddress: string,
    exceptId: string,
  ): Promise<SendRecord[]> {
    return this.db
      .select()
      .from(walletSends)
      .where(
        and(
          eq(walletSends.chainId, chainId),
          eq(walletSends.fromAddress, fromAddress),
          inArray(walletSends.status, ['signed', 'broadcast']),
          ne(walletSends.id, exceptId),
        ),
      )
      .orderBy(walletSends.nonce, walletSends.createdAt);
  }

  /**
   * Takes back a send that failed before it was signed, for a retry with the same key: back to
   * `recorded` with the request's new reading. Undefined when another retry took it first, or
   * when it was signed after all.
   */
  async reopenUnsigned(
    id: string,
    values: Pick<SendRecord, 'tokenAddress' | 'symbol' | 'decimals' | 'amount'>,
  ): Promise<SendRecord | undefined> {
    const [row] = await this.db
      .update(walletSends)
      .set({ ...values, status: 'recorded', error: null, updatedAt: this.clock.now() })
      .where(
        and(
          eq(walletSends.id, id),
          eq(walletSends.status, 'failed'),
          isNull(walletSends.signedTransaction),
        ),
      )
      .returning();
    return row;
  }

  async open(): Promise<SendRecord[]> {
    return this.db
      .select()
      .from(walletSends)
      .where(inArray(walletSends.status, [...OPEN_STATUSES]))
      .orderBy(walletSends.createdAt);
  }
}
