import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { authMessages, type resetPasswordRequestSchema } from '@vaultscope/core';
import type { z } from 'zod';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { passwordResets, users } from '../lib/db/schema';
import { BadRequestError } from '../lib/errors';
import type { MailTransport } from '../mail/transport';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import { hashPassword } from './passwords';
import type { Sessions } from './sessions';
import { type Throttle, throttleKeys } from './throttle';
import { newOpaqueToken, newResetCode, sha256 } from './tokens';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** The code is hashed with its row id, so equal codes of two users never hash alike. */
const codeHash = (resetId: string, code: string) => sha256(`${resetId}:${code}`);

export class PasswordReset {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly throttle: Throttle,
    private readonly mail: MailTransport,
    private readonly notifications: NotificationsRepository,
  ) {}

  /** Same answer whether or not the account exists: the caller cannot tell (no enumeration). */
  async request(email: string, ip: string): Promise<void> {
    const keys = [throttleKeys.resetRequestAccount(email), throttleKeys.resetRequestAddress(ip)];
    await this.throttle.assertAllowed(keys);
    // Every request counts, so nobody can flood an inbox with codes.
    await this.throttle.recordFailure(keys);
    const [user] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) return;
    const now = this.clock.now();
    const code = newResetCode();
    await this.db.transaction(async (tx) => {
      // A new code replaces any earlier one.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      const [row] = await tx
        .insert(passwordResets)
        .values({
          userId: user.id,
          codeHash: 'pending',
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
          createdAt: now,
        })
        .returning({ id: passwordResets.id });
      if (!row) throw new Error('insert returned no row');
      await tx
        .update(passwordResets)
        .set({ codeHash: codeHash(row.id, code) })
        .where(eq(passwordResets.id, row.id));
    });
    await this.mail.send({
      to: user.email,
      subject: 'Your Vaultscope password reset code',
      text:
        `Hello ${user.firstName},\n\nYour Vaultscope password reset code is ${code}.\n` +
        `It expires in ${RESET_CODE_TTL_MS / 60_000} minutes. If you did not ask for it, ignore this mail.\n`,
    });
  }

  async verify(email: string, code: string, ip: string): Promise<string> {
    const addressKey = throttleKeys.resetVerifyAddress(ip);
    // Each attempt takes its slot before anything is compared, so parallel guesses count too.
    await this.throttle.consume([addressKey]);
    const now = this.clock.now();
    const [latest] = await this.db
      .select({ reset: passwordResets })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(users.email, email),
          isNull(passwordResets.usedAt),
          isNull(passwordResets.resetTokenHash),
        ),
      )
      .orderBy(desc(passwordResets.createdAt))
      .limit(1);
    const reset = latest?.reset;
    if (!reset) throw new BadRequestError(authMessages.resetCodeInvalid);
    if (reset.expiresAt <= now) throw new BadRequestError(authMessages.resetCodeExpired);
    // One of the code's attempts is claimed in SQL before the comparison: a read-then-write
    // count would let thousands of parallel guesses all see the same number.
    const [claimed] = await this.db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(
        and(eq(passwordResets.id, reset.id), lt(passwordResets.attempts, RESET_CODE_MAX_ATTEMPTS)),
      )
      .returning({ attempts: passwordResets.attempts });
    if (!claimed) throw new BadRequestError(authMessages.resetCodeLocked);
    if (reset.codeHash !== codeHash(reset.id, code)) {
      throw new BadRequestError(
        claimed.attempts >= RESET_CODE_MAX_ATTEMPTS
          ? authMessages.resetCodeLocked
          : authMessages.resetCodeInvalid,
      );
    }
    await this.throttle.refund([addressKey]);
    const resetToken = newOpaqueToken();
    await this.db
      .update(passwordResets)
      .set({
        resetTokenHash: sha256(resetToken),
        resetTokenExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      })
      .where(eq(passwordResets.id, reset.id));
    return resetToken;
  }

  /** Changes the password and ends every session of the account. */
  async reset(input: z.output<typeof resetPasswordRequestSchema>): Promise<void> {
    const now = this.clock.now();
    const passwordHash = await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.resetTokenHash, sha256(input.resetToken)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.resetTokenExpiresAt, now),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!used) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId));
      return used.userId;
    });
    if (!userId) throw new BadRequestError(authMessages.resetCodeExpired);
    await this.sessions.revokeAllOf(userId);
    await this.notifications.add(userId, 'Your password was changed.');
  }
}
