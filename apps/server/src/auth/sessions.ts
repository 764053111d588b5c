import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { sessions, users } from '../lib/db/schema';
import { sha256 } from '../lib/hash';
import { newOpaqueToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** Returns the token once; only its hash is stored. */
  async create(userId: string): Promise<string> {
    const token = newOpaqueToken();
    const now = this.clock.now();
    await this.db.insert(sessions).values({
      tokenHash: sha256(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
    });
    return token;
  }

  async findUser(token: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sha256(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, this.clock.now()),
        ),
      )
      .limit(1);
    return row?.user;
  }

  async revoke(token: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(userId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }
}
