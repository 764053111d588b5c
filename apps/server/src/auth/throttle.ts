import { inArray, sql } from 'drizzle-orm';
import { authMessages } from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { authThrottle } from '../lib/db/schema';
import { TooManyRequestsError } from '../lib/errors';

export interface ThrottleRule {
  /** Failures allowed within the window; the next attempt gets a 429. */
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Password guessing is bounded by keys that a guesser cannot spread out of, while the owner of an
 * account is never locked out by someone else's guesses:
 *
 * - per (account, address) pair, 5 in 15 minutes: the owner's typos, and one guesser at one
 *   address, hit this first; it never touches the owner at another address.
 * - per account, 20 an hour: the ceiling for a guesser with many addresses, at most 480 guesses a
 *   day (what the old 5-in-15-minutes account lock allowed) however many addresses they use. A
 *   request carrying a known device token of the account (one set at a past successful login)
 *   neither counts here nor is stopped here, so the burnt ceiling blocks only new devices.
 * - per known device, 5 in 15 minutes, in place of the two above: a stolen device token buys no
 *   more guesses than an address does.
 * - per address, 50 in 15 minutes, counted only for requests without a known device: slows one
 *   address spraying a password over many accounts (10,000 accounts take it over two days)
 *   without locking out, behind a shared address (NAT), the users whose device is known. It
 *   was 20 and counted everyone, so twenty typos behind one address locked out all behind it.
 */
export const THROTTLE_RULES = {
  loginPerPair: { limit: 5, windowMs: 15 * MINUTE },
  loginPerAccount: { limit: 20, windowMs: HOUR },
  loginPerDevice: { limit: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { limit: 50, windowMs: 15 * MINUTE },
  /** Failed signups (bad bodies, taken emails) slow scripted probing of which emails exist. */
  signupPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  resetRequestPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  resetRequestPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  resetVerifyPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  /**
   * Wallet passwords, asked only of a session of the account: per (user, address) pair, and a
   * per-user ceiling (480 a day at most, as before) for a guesser with many addresses. No key
   * counts every user behind one address together.
   */
  walletPasswordPerPair: { limit: 5, windowMs: 15 * MINUTE },
  walletPasswordPerUser: { limit: 20, windowMs: HOUR },
} satisfies Record<string, ThrottleRule>;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

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

export const throttleKeys = {
  loginPair: (email: string, ip: string): ThrottleKey => ({
    key: `login:pair:${email}:${ip}`,
    rule: THROTTLE_RULES.loginPerPair,
  }),
  loginAccount: (email: string): ThrottleKey => ({
    key: `login:account:${email}`,
    rule: THROTTLE_RULES.loginPerAccount,
  }),
  /** `deviceHash`: the SHA-256 of the device token, never the token. */
  loginDevice: (userId: string, deviceHash: string): ThrottleKey => ({
    key: `login:device:${userId}:${deviceHash}`,
    rule: THROTTLE_RULES.loginPerDevice,
  }),
  loginAddress: (ip: string): ThrottleKey => ({
    key: `login:address:${ip}`,
    rule: THROTTLE_RULES.loginPerAddress,
  }),
  signupAddress: (ip: string): ThrottleKey => ({
    key: `signup:address:${ip}`,
    rule: THROTTLE_RULES.signupPerAddress,
  }),
  resetRequestAccount: (email: string): ThrottleKey => ({
    key: `reset-request:account:${email}`,
    rule: THROTTLE_RULES.resetRequestPerAccount,
  }),
  resetRequestAddress: (ip: string): ThrottleKey => ({
    key: `reset-request:address:${ip}`,
    rule: THROTTLE_RULES.resetRequestPerAddress,
  }),
  resetVerifyAddress: (ip: string): ThrottleKey => ({
    key: `reset-verify:address:${ip}`,
    rule: THROTTLE_RULES.resetVerifyPerAddress,
  }),
  walletPasswordPair: (userId: string, ip: string): ThrottleKey => ({
    key: `wallet-password:pair:${userId}:${ip}`,
    rule: THROTTLE_RULES.walletPasswordPerPair,
  }),
  walletPasswordUser: (userId: string): ThrottleKey => ({
    key: `wallet-password:user:${userId}`,
    rule: THROTTLE_RULES.walletPasswordPerUser,
  }),
};
