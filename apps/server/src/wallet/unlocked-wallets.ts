import type { Clock } from '../lib/clock';

interface Unlocked {
  key: Buffer;
  expiresAt: number;
}

/**
 * Wallet keys of unlocked wallets, in this process's memory only, each for a limited time and
 * for the one session that gave the password: every session of an account unlocks and locks on
 * its own, so a second device's unlock or lock never changes what the first one may do. A locked
 * or expired entry's key bytes are overwritten before they are dropped; callers get copies, so
 * that a lock while they work cannot zero a key under them.
 */
export class UnlockedWallets {
  /** userId → sessionId → entry. */
  private readonly byUser = new Map<string, Map<string, Unlocked>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** Unlocks for `sessionId`; takes ownership of `key` (it is zeroed on lock). */
  unlock(userId: string, sessionId: string, key: Buffer): Date {
    this.lockSession(userId, sessionId);
    const expiresAt = this.clock.now().getTime() + this.ttlMs;
    let sessions = this.byUser.get(userId);
    if (!sessions) this.byUser.set(userId, (sessions = new Map()));
    sessions.set(sessionId, { key, expiresAt });
    return new Date(expiresAt);
  }

  private live(userId: string, sessionId: string): Unlocked | undefined {
    const entry = this.byUser.get(userId)?.get(sessionId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.lockSession(userId, sessionId);
      return undefined;
    }
    return entry;
  }

  isUnlockedFor(userId: string, sessionId: string): boolean {
    return this.live(userId, sessionId) !== undefined;
  }

  /**
   * A copy of the user's wallet key while any of its sessions has it unlocked (the caller zeroes
   * it); undefined once none has. Every session derives the same key from the same password, and
   * the calling session's own unlock was checked before the call started (wallet-access), so
   * this serves the work that check allowed, such as a send waiting for its account's lock.
   */
  keyCopy(userId: string): Buffer | undefined {
    for (const sessionId of [...(this.byUser.get(userId)?.keys() ?? [])]) {
      const entry = this.live(userId, sessionId);
      if (entry) return Buffer.from(entry.key);
    }
    return undefined;
  }

  unlockedUntil(userId: string, sessionId: string): Date | undefined {
    const entry = this.live(userId, sessionId);
    return entry ? new Date(entry.expiresAt) : undefined;
  }

  /** Locks the wallet for this session only (`/wallet/lock`, logout); others stay as they are. */
  lockSession(userId: string, sessionId: string): void {
    const sessions = this.byUser.get(userId);
    const entry = sessions?.get(sessionId);
    if (!sessions || !entry) return;
    entry.key.fill(0);
    sessions.delete(sessionId);
    if (sessions.size === 0) this.byUser.delete(userId);
  }

  /** Overwrites and drops every expired key, so none outlives its time unread. */
  sweep(): void {
    const now = this.clock.now().getTime();
    for (const [userId, sessions] of [...this.byUser])
      for (const [sessionId, entry] of [...sessions])
        if (entry.expiresAt <= now) this.lockSession(userId, sessionId);
  }

  /** Sweeps every `intervalMs` until the returned function is called. */
  startSweeping(intervalMs: number): () => void {
    const timer = setInterval(() => this.sweep(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  lockAll(): void {
    for (const [userId, sessions] of [...this.byUser])
      for (const sessionId of [...sessions.keys()]) this.lockSession(userId, sessionId);
  }
}
