import { and, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db/client';
import { type SendStatus, walletSends } from '../wallet-tables';

export type SendRecord = typeof walletSends.$inferSelect;
export type NewSendRecord = typeof walletSends.$inferInsert;

/** Every change of a record counts its version up, in SQL: see {@link SendRecords.update}. */
const nextVersion = sql`${walletSends.version} + 1`;

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

  /**
   * One state change, made only if the row still stands as the caller last read it (compare and
   * set): its status is `expected.status` and, when given, its `version` is unchanged. Every
   * process runs sends and the reconciler on the same rows, so a change decided on a stale read
   * must not land. Undefined when the row had moved on: the caller re-reads it and stops.
   * The version, not `updatedAt`, is the token: two changes within one millisecond leave the same
   * time behind, and the second would pass a check it must fail. Every change counts the version
   * up in SQL (`version + 1`), so concurrent writers each see the other's change.
   * `broadcasts` is counted up in the database, so concurrent resends each count.
   */
  async update(
    id: string,
    expected: { status: SendStatus | readonly SendStatus[]; version?: number },
    values: Partial<
      Pick<
        SendRecord,
        'status' | 'nonce' | 'signedTransaction' | 'hash' | 'fee' | 'lastValidBlockHeight' | 'error'
      >
    > & { countBroadcast?: boolean },
  ): Promise<SendRecord | undefined> {
    const { countBroadcast, ...changes } = values;
    const statuses = typeof expected.status === 'string' ? [expected.status] : expected.status;
    const [row] = await this.db
      .update(walletSends)
      .set({
        ...changes,
        ...(countBroadcast ? { broadcasts: sql`${walletSends.broadcasts} + 1` } : {}),
        version: nextVersion,
        updatedAt: this.clock.now(),
      })
      .where(
        and(
          eq(walletSends.id, id),
          inArray(walletSends.status, [...statuses]),
          expected.version === undefined ? undefined : eq(walletSends.version, expected.version),
        ),
      )
      .returning();
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
      .set({
        ...values,
        status: 'recorded',
        error: null,
        version: nextVersion,
        updatedAt: this.clock.now(),
      })
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

  /**
   * Signed sends that failed since `since`: a failure is only final once the nonce is used by
   * another transaction, and a lagging node may have answered for the chain, so these are looked
   * up again by hash for a while.
   */
  async recentlyFailedSigned(since: Date): Promise<SendRecord[]> {
    return this.db
      .select()
      .from(walletSends)
      .where(
        and(
          eq(walletSends.status, 'failed'),
          isNotNull(walletSends.signedTransaction),
          isNotNull(walletSends.hash),
          // A receipt set the fee: that failure (a revert) is final.
          isNull(walletSends.fee),
          gte(walletSends.updatedAt, since),
        ),
      )
      .orderBy(walletSends.updatedAt);
  }

  async open(): Promise<SendRecord[]> {
    return this.db
      .select()
      .from(walletSends)
      .where(inArray(walletSends.status, [...OPEN_STATUSES]))
      .orderBy(walletSends.createdAt);
  }
}
