import { eq } from 'drizzle-orm';
import {
  authMessages,
  type ProfileUpdate,
  type User,
  type loginRequestSchema,
  type profileSchema,
  type signupRequestSchema,
} from '@vaultscope/core';
import type { z } from 'zod';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { users } from '../lib/db/schema';
import { ConflictError, UnauthorizedError } from '../lib/errors';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import type { Sessions, UserRow } from './sessions';
import { type Throttle, throttleKeys } from './throttle';

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    mobile: row.mobile,
    country: row.country,
    WalletStatus: row.walletStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (typeof e === 'object' && e !== null);) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}

export class Accounts {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly throttle: Throttle,
    private readonly notifications: NotificationsRepository,
  ) {}

  async signup(input: z.output<typeof signupRequestSchema>, ip: string): Promise<User> {
    const addressKey = throttleKeys.signupAddress(ip);
    await this.throttle.assertAllowed([addressKey]);
    const passwordHash = await hashPassword(input.password);
    try {
      const [row] = await this.db
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          mobile: input.mobile,
          country: input.country,
          passwordHash,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await this.notifications.add(row.id, authMessages.welcome(row.firstName));
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        await this.throttle.recordFailure([addressKey]);
        throw new ConflictError(authMessages.emailTaken);
      }
      throw error;
    }
  }

  /** Counts a rejected signup body against the address, so scripted probing is slowed too. */
  async recordSignupFailure(ip: string): Promise<void> {
    await this.throttle.recordFailure([throttleKeys.signupAddress(ip)]);
  }

  async login(
    input: z.output<typeof loginRequestSchema>,
    ip: string,
  ): Promise<{ user: User; token: string }> {
    const accountKey = throttleKeys.loginAccount(input.email);
    const addressKey = throttleKeys.loginAddress(ip);
    // Each attempt takes its slot before the password is checked, so parallel guesses count too.
    await this.throttle.consume([accountKey, addressKey]);
    const [row] = await this.db.select().from(users).where(eq(users.email, input.email)).limit(1);
    const ok = row
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!row || !ok) throw new UnauthorizedError(authMessages.invalidCredentials);
    await this.throttle.reset([accountKey]);
    await this.throttle.refund([addressKey]);
    return { user: toUser(row), token: await this.sessions.create(row.id) };
  }

  async updateProfile(
    userId: string,
    input: z.output<typeof profileSchema> & ProfileUpdate,
  ): Promise<User> {
    const [row] = await this.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile,
        country: input.country,
        updatedAt: this.clock.now(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new UnauthorizedError(authMessages.sessionExpired);
    await this.notifications.add(userId, authMessages.profileUpdatedNotification);
    return toUser(row);
  }
}
