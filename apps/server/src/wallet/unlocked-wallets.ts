import type { Clock } from '../lib/clock';

interface Unlocked {
  key: Buffer;
  expiresAt: number;
}

/**
 * Wallet keys of unlocked wallets, in this process's memory only, each for a limited time.
 * A locked or expired entry's key bytes are overwritten before they are dropped.
 */
export class UnlockedWallets {
  private readonly byUser = new Map<string, Unlocked>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  unlock(userId: string, key: Buffer): Date {
    this.lock(userId);
    const expiresAt = this.clock.now().getTime() + this.ttlMs;
    this.byUser.set(userId, { key, expiresAt });
    return new Date(expiresAt);
  }

  /** The wallet key while the wallet is unlocked; undefined once locked or expired. */
  key(userId: string): Buffer | undefined {
    const entry = this.byUser.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now().getTime()) {
      this.lock(userId);
      return undefined;
    }
    return entry.key;
  }

  unlockedUntil(userId: string): Date | undefined {
    return this.key(userId) ? new Date(this.byUser.get(userId)!.expiresAt) : undefined;
  }

  lock(userId: string): void {
    const entry = this.byUser.get(userId);
    if (!entry) return;
    entry.key.fill(0);
    this.byUser.delete(userId);
  }

  lockAll(): void {
    for (const userId of [...this.byUser.keys()]) this.lock(userId);
  }
}
