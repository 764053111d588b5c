import { and, eq, exists } from 'drizzle-orm';
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
import { knownDevices, users } from '../lib/db/schema';
import { ConflictError, UnauthorizedError } from '../lib/errors';
import { sha256 } from '../lib/hash';
import type { Throttle, ThrottleKey } from '../lib/throttle';
import type { UserNotifier } from './auth-ports';
import { KnownDevices } from './known-devices';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import type { Sessions, UserRow } from './sessions';
import { throttleKeys } from './throttle';

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
  private readonly devices: KnownDevices;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly throttle: Throttle,
    private readonly notifications: UserNotifier,
  ) {
    this.devices = new KnownDevices(db, clock);
  }

  /**
   * Every signup attempt takes a slot of the address's throttle when it arrives, before its body
   * is even parsed: malformed JSON, a rejected body, a taken email and a server error all count
   * then, and parallel attempts cannot all pass one check. {@link signup} gives the slot back
   * when the account is created, so only failures count.
   */
  async takeSignupSlot(ip: string): Promise<void> {
    await this.throttle.consume([throttleKeys.signupAddress(ip)]);
  }

  async signup(input: z.output<typeof signupRequestSchema>, ip: string): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    let row: UserRow | undefined;
    try {
      [row] = await this.db
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
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(authMessages.emailTaken);
      throw error;
    }
    if (!row) throw new Error('insert returned no row');
    await this.throttle.refund([throttleKeys.signupAddress(ip)]);
    await this.notifications.add(row.id, authMessages.welcome(row.firstName));
    return toUser(row);
  }

  /**
   * Checks the credentials and opens a session. Every attempt takes its throttle slots before the
   * password is checked, so parallel guesses count too; which keys count is in THROTTLE_RULES:
   * a known device of the account counts on its own key, anything else on the (account,
   * address) pair, the account ceiling and the address.
   */
  async login(
    input: z.output<typeof loginRequestSchema>,
    ip: string,
  ): Promise<{ user: User; token: string; deviceToken: string }> {
    const deviceHash = input.deviceToken === undefined ? undefined : sha256(input.deviceToken);
    // One query whether or not a device token came, so its presence costs the same either way.
    const [found] = await this.db
      .select({
        user: users,
        knownDevice: exists(
          this.db
            .select()
            .from(knownDevices)
            .where(
              and(eq(knownDevices.userId, users.id), eq(knownDevices.tokenHash, deviceHash ?? '')),
            ),
        ).mapWith(Boolean),
      })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    const row = found?.user;
    const slots: { forgiven: ThrottleKey[]; refunded: ThrottleKey[] } =
      row && deviceHash && found.knownDevice
        ? { forgiven: [throttleKeys.loginDevice(row.id, deviceHash)], refunded: [] }
        : {
            forgiven: [throttleKeys.loginPair(input.email, ip)],
            refunded: [throttleKeys.loginAccount(input.email), throttleKeys.loginAddress(ip)],
          };
    await this.throttle.consume([...slots.forgiven, ...slots.refunded]);
    const ok = row
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!row || !ok) throw new UnauthorizedError(authMessages.invalidCredentials);
    // The owner's own typos are forgiven; the account ceiling and the address give back this
    // attempt's slot only, since they also hold strangers' guesses a success does not undo.
    await this.throttle.reset(slots.forgiven);
    await this.throttle.refund(slots.refunded);
    const deviceToken = await this.devices.remember(row.id, input.deviceToken);
    return { user: toUser(row), token: await this.sessions.create(row.id), deviceToken };
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
