import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { knownDevices } from '../lib/db/schema';
import { sha256 } from '../lib/hash';
import { newOpaqueToken } from './tokens';

/** Devices kept per account; a login from one more forgets the longest unseen. */
export const MAX_KNOWN_DEVICES = 20;

/**
 * Devices an account logged in from: a random device token the browser keeps across logouts,
 * stored as its SHA-256 only (a leaked row cannot be replayed). A login that brings a known
 * token passes the account-wide guessing ceiling (see THROTTLE_RULES), so a stranger's
 * guesses do not lock the owner out of their own devices.
 */
export class KnownDevices {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * After a successful login: the token the device should keep. A token this server handed out
   * (to this account or, in a shared browser, another) is kept and remembered for this account;
   * anything else gets a new one, so every device token is one the server drew.
   */
  async remember(userId: string, presented: string | undefined): Promise<string> {
    const now = this.clock.now();
    if (presented !== undefined) {
      const tokenHash = sha256(presented);
      const [issued] = await this.db
        .select({ userId: knownDevices.userId })
        .from(knownDevices)
        .where(eq(knownDevices.tokenHash, tokenHash))
        .limit(1);
      if (issued) {
        await this.upsert(userId, tokenHash, now);
        return presented;
      }
    }
    const token = newOpaqueToken();
    await this.upsert(userId, sha256(token), now);
    return token;
  }

  private async upsert(userId: string, tokenHash: string, now: Date): Promise<void> {
    await this.db
      .insert(knownDevices)
      .values({ userId, tokenHash, createdAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.tokenHash],
        set: { lastSeenAt: now },
      });
    // Bounded per account, so scripted logins without a token cannot grow the table without end.
    const keep = this.db
      .select({ tokenHash: knownDevices.tokenHash })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(desc(knownDevices.lastSeenAt), asc(knownDevices.tokenHash))
      .limit(MAX_KNOWN_DEVICES);
    await this.db
      .delete(knownDevices)
      .where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, keep)));
  }

  /** A password reset forgets them: a device of whoever knew the old password is a stranger's. */
  async forgetAll(userId: string): Promise<void> {
    await this.db.delete(knownDevices).where(eq(knownDevices.userId, userId));
  }
}
