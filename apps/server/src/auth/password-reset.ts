import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { authMessages, type resetPasswordRequestSchema } from '@vaultscope/core';
import type { z } from 'zod';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { passwordResets, users } from '../lib/db/schema';
import { BadRequestError } from '../lib/errors';
import { sha256 } from '../lib/hash';
import type { Throttle } from '../lib/throttle';
import type { MailSender, UserNotifier } from './auth-ports';
import { KnownDevices } from './known-devices';
import { hashPassword } from './passwords';
import type { Sessions } from './sessions';
import { throttleKeys } from './throttle';
import { newOpaqueToken, newResetCode } from './tokens';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** The spec's four boxes: 10,000 codes, each drawn uniformly (`newResetCode`). */
export const RESET_CODE_SPACE = 10_000;

/**
 * Wrong codes an account takes in any 24 hours, over all its codes and from all addresses.
 *
 * The goal is under 1 chance in 2,000 a day that a guesser gets into a targeted account. Each
 * code is drawn uniformly from 10,000, and a wrong guess rules out at most one value of the code
 * it was made against, so the k-th guess of a day is right with a chance of at most
 * 1 / (10,000 - k + 1). With k guesses a day the chance is at most k / (10,000 - k) (union bound):
 * 4 guesses give 4 / 9,996, about 1 in 2,499; 5 would give about 1 in 1,999, just over the goal.
 * The count is of the last 24 hours (rolling), not of calendar days, so no two windows' worth
 * can be spent back to back. Each code used to allow 5 tries and two addresses 25 guesses per
 * 15 minutes: about 1 in 5 a day.
 */
export const RESET_WRONG_CODES_PER_DAY = 4;
export const RESET_WRONG_CODES_WINDOW_MS = 24 * 3_600_000;

/** The code is hashed with its row id, so equal codes of two users never hash alike. */
const codeHash = (resetId: string, code: string) => sha256(`${resetId}:${code}`);

type VerifyOutcome =
  { resetToken: string } | { refused: string; mailOwner?: { email: string; firstName: string } };

export class PasswordReset {
  private readonly devices: KnownDevices;
  /** Mail sent after the answer, still on its way (see {@link settled}). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly throttle: Throttle,
    private readonly mail: MailSender,
    private readonly notifications: UserNotifier,
    private readonly log: FastifyBaseLogger,
  ) {
    this.devices = new KnownDevices(db, clock);
  }

  /**
   * Counts the request and returns the rest of the work, for the caller to start once the answer
   * is sent. Before the answer nothing depends on whether the account exists: the same throttle
   * statements run for any email, and the answer is the same, so neither its words nor its time
   * tell which emails have an account. Looking the account up, storing the code and mailing it
   * (12.9 against 7.9 ms median, before) all happen after.
   */
  async request(email: string, ip: string): Promise<() => void> {
    const keys = [throttleKeys.resetRequestAccount(email), throttleKeys.resetRequestAddress(ip)];
    // Every request counts, so nobody can flood an inbox with codes; the slot is taken before the
    // check in one statement, so parallel requests cannot all pass a count they each read.
    await this.throttle.consume(keys);
    return () =>
      this.inBackground('password reset mail', async () => {
        // The next turn of the event loop: not even the first, synchronous steps of the queries
        // (PGlite runs in-process) come before whatever was waiting for the answer.
        await new Promise((resolve) => setImmediate(resolve));
        await this.sendCode(email);
      });
  }

  /** Resolves once every mail started so far has been sent or has failed (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private inBackground(what: string, work: () => Promise<void>): void {
    const job: Promise<void> = work()
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  private async sendCode(email: string): Promise<void> {
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
    const outcome = await this.db.transaction(async (tx): Promise<VerifyOutcome> => {
      // The account's row lock makes count-then-claim one step: parallel guesses at one account
      // queue here and each sees the ones before it, so thousands at once get no more than four.
      const [user] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.email, email))
        .for('update');
      if (!user) return { refused: authMessages.resetCodeInvalid };
      const [reset] = await tx
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, user.id),
            isNull(passwordResets.usedAt),
            isNull(passwordResets.resetTokenHash),
          ),
        )
        .orderBy(desc(passwordResets.createdAt))
        .limit(1);
      if (!reset) return { refused: authMessages.resetCodeInvalid };
      if (reset.expiresAt <= now) return { refused: authMessages.resetCodeExpired };
      // Wrong codes of the last 24 hours: each code's attempts, less the right one of a verified
      // code. A code is tried only in its 10 minutes, so codes created up to 24 hours and 10
      // minutes ago hold every attempt of the last 24 hours.
      const since = new Date(now.getTime() - RESET_WRONG_CODES_WINDOW_MS - RESET_CODE_TTL_MS);
      const [counted] = await tx
        .select({
          wrong:
            sql<number>`coalesce(sum(${passwordResets.attempts}), 0) - count(${passwordResets.resetTokenHash})`.mapWith(
              Number,
            ),
        })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, since)));
      const wrongBefore = counted?.wrong ?? 0;
      // Past the cap even the right code is refused: otherwise guesses would still be compared.
      if (wrongBefore >= RESET_WRONG_CODES_PER_DAY)
        return { refused: authMessages.resetCodesPaused };
      await tx
        .update(passwordResets)
        .set({ attempts: sql`${passwordResets.attempts} + 1` })
        .where(eq(passwordResets.id, reset.id));
      if (reset.codeHash !== codeHash(reset.id, code)) {
        const wrong = wrongBefore + 1;
        if (wrong < RESET_WRONG_CODES_PER_DAY) return { refused: authMessages.resetCodeInvalid };
        return { refused: authMessages.resetCodesPaused, mailOwner: user };
      }
      const resetToken = newOpaqueToken();
      await tx
        .update(passwordResets)
        .set({
          resetTokenHash: sha256(resetToken),
          resetTokenExpiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        })
        .where(eq(passwordResets.id, reset.id));
      return { resetToken };
    });
    if ('refused' in outcome) {
      const owner = outcome.mailOwner;
      if (owner) this.inBackground('reset codes paused mail', () => this.mailCodesPaused(owner));
      throw new BadRequestError(outcome.refused);
    }
    await this.throttle.refund([addressKey]);
    return outcome.resetToken;
  }

  /** Tells the owner once, when the cap is reached, that someone is guessing their codes. */
  private async mailCodesPaused(owner: { email: string; firstName: string }): Promise<void> {
    await this.mail.send({
      to: owner.email,
      subject: 'Vaultscope: password reset codes paused',
      text:
        `Hello ${owner.firstName},\n\n${RESET_WRONG_CODES_PER_DAY} wrong password reset codes were ` +
        `entered for your Vaultscope account in the last 24 hours, so reset codes are refused ` +
        `for up to 24 hours.\nIf this was not you, someone may be trying to take over your ` +
        `account: your password has not changed and you can still log in with it.\n`,
    });
  }

  /**
   * Changes the password, ends every session and forgets every known device of the account
   * (whoever knew the old password may have made one). The account's login ceiling starts over:
   * whoever reset it just proved they read its mail, and may be on a new device.
   */
  async reset(input: z.output<typeof resetPasswordRequestSchema>): Promise<void> {
    const now = this.clock.now();
    const passwordHash = await hashPassword(input.password);
    const user = await this.db.transaction(async (tx) => {
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
      const [changed] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, used.userId))
        .returning({ id: users.id, email: users.email });
      return changed;
    });
    if (!user) throw new BadRequestError(authMessages.resetCodeExpired);
    await this.sessions.revokeAllOf(user.id);
    await this.devices.forgetAll(user.id);
    await this.throttle.reset([throttleKeys.loginAccount(user.email)]);
    await this.notifications.add(user.id, 'Your password was changed.');
  }
}
