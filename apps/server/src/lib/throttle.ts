import { inArray, sql } from 'drizzle-orm';
import { authMessages } from '@vaultscope/core';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { authThrottle } from './db/schema';
import { TooManyRequestsError } from './errors';

export interface ThrottleRule {
  /** Failures allowed within the window; the next attempt gets a 429. */
  limit: number;
  windowMs: number;
}

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/**
 * Failure counters kept in the database, so every API instance sees the same count.
 * A counter starts a fresh window once its window has passed.
 */
export class Throttle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Throws 429 when any of the keys has used up its failures in the current window. */
  async assertAllowed(keys: ThrottleKey[]): Promise<void> {
    const rows = await this.db
      .select()
      .from(authThrottle)
      .where(
        inArray(
          authThrottle.key,
          keys.map((k) => k.key),
        ),
      );
    const now = this.clock.now().getTime();
    for (const { key, rule } of keys) {
      const row = rows.find((r) => r.key === key);
      if (!row) continue;
      const windowEnds = row.windowStartedAt.getTime() + rule.windowMs;
      if (windowEnds > now && row.failures >= rule.limit) {
        throw new TooManyRequestsError(authMessages.tooManyAttempts, (windowEnds - now) / 1000);
      }
    }
  }

  async recordFailure(keys: ThrottleKey[]): Promise<void> {
    const now = this.clock.now();
    for (const key of keys) await this.count(key, now);
  }

  /**
   * Counts an attempt against every key before the attempt runs, and throws 429 when that goes
   * over a key's limit. Unlike assertAllowed-then-recordFailure, parallel attempts cannot all
   * pass the check: each takes its slot atomically. A successful attempt gives its slot back
   * with {@link refund}.
   */
  async consume(keys: ThrottleKey[]): Promise<void> {
    const now = this.clock.now();
    let retryAfterMs = 0;
    for (const key of keys) {
      const row = await this.count(key, now);
      if (row && row.failures > key.rule.limit)
        retryAfterMs = Math.max(
          retryAfterMs,
          row.windowStartedAt.getTime() + key.rule.windowMs - now.getTime(),
        );
    }
    if (retryAfterMs > 0)
      throw new TooManyRequestsError(authMessages.tooManyAttempts, retryAfterMs / 1000);
  }

  /** Adds one to a key's counter in one statement, starting a fresh window once the old one passed. */
  private async count({ key, rule }: ThrottleKey, now: Date) {
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
        },
      })
      .returning({
        failures: authThrottle.failures,
        windowStartedAt: authThrottle.windowStartedAt,
      });
    return row;
  }

  /** Gives back the slot {@link consume} took, for an attempt that succeeded. */
  async refund(keys: ThrottleKey[]): Promise<void> {
    await this.db
      .update(authThrottle)
      .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
      .where(
        inArray(
          authThrottle.key,
          keys.map((k) => k.key),
        ),
      );
  }

  async reset(keys: ThrottleKey[]): Promise<void> {
    await this.db.delete(authThrottle).where(
      inArray(
        authThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  }
}
