import type { Clock } from '../lib/clock';

interface Unlocked {
  key: Buffer;
  expiresAt: number;
  /** The session that unlocked: another session of the same account stays locked. */
  sessionId: string;
}

/**
 * Wallet keys of unlocked wallets, in this process's memory only, each for a limited time and
 * for the one session that gave the password. A locked or expired entry's key bytes are
 * overwritten before they are dropped; callers get copies, so that a lock while they work
 * cannot zero a key under them.
 */
export class UnlockedWallets {
  private readonly byUser = new Map<string, Unlocked>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** Unlocks for `sessionId`; takes ownership of `key` (it is zeroed on lock). */
  unlock(userId: string, sessionId: string, key: Buffer): Date {
    this.lock(userId);
    const expiresAt = this.clock.now().getTime() + this.ttlMs;
    this.byUser.set(userId, { key, expiresAt, sessionId });
    return new Date(expiresAt);
  }

  private live(userId: string): Unlocked | undefined {
    const entry = this.byUser.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.lock(userId);
      return undefined;
    }
    return entry;
  }

  isUnlockedFor(userId: string, sessionId: string): boolean {
    return this.live(userId)?.sessionId === sessionId;
  }

  /** A copy of the wallet key while unlocked (the caller zeroes it); undefined once locked. */
  keyCopy(userId: string): Buffer | undefined {
    const entry = this.live(userId);
    return entry ? Buffer.from(entry.key) : undefined;
  }

  unlockedUntil(userId: string, sessionId: string): Date | undefined {
    const entry = this.live(userId);
    return entry?.sessionId === sessionId ? new Date(entry.expiresAt) : undefined;
  }

  lock(userId: string): void {
    const entry = this.byUser.get(userId);
    if (!entry) return;
    entry.key.fill(0);
    this.byUser.delete(userId);
  }

  /** Locks the wallet if `sessionId` is the session that unlocked it (logout). */
  lockSession(userId: string, sessionId: string): void {
    if (this.byUser.get(userId)?.sessionId === sessionId) this.lock(userId);
  }

  /** Overwrites and drops every expired key, so none outlives its time unread. */
  sweep(): void {
    const now = this.clock.now().getTime();
    for (const [userId, entry] of this.byUser) if (entry.expiresAt <= now) this.lock(userId);
  }

  /** Sweeps every `intervalMs` until the returned function is called. */
  startSweeping(intervalMs: number): () => void {
    const timer = setInterval(() => this.sweep(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  lockAll(): void {
    for (const userId of [...this.byUser.keys()]) this.lock(userId);
  }
}
