import type { ProviderClock } from './provider-clock';

/**
 * A provider's published rate limit, kept for all of its calls: `capacity` calls may go at once,
 * then one more every `60 000 / perMinute` ms. Callers wait in arrival order (a promise chain),
 * so a burst of concurrent calls spreads out instead of all retrying at the same refill.
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;
  private readonly perMs: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly clock: ProviderClock,
    perMinute: number,
    private readonly capacity = Math.max(1, Math.min(perMinute, 5)),
  ) {
    if (!(perMinute > 0)) throw new RangeError('perMinute must be positive');
    this.perMs = perMinute / 60_000;
    this.tokens = capacity;
    this.refilledAt = clock.now();
  }

  /** Resolves when the caller may make one call. */
  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.takeOne(signal));
    // A caller that gave up (aborted) must not stop the ones behind it.
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async takeOne(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.clock.sleep(Math.ceil((1 - this.tokens) / this.perMs), signal);
    }
  }

  private refill(): void {
    const now = this.clock.now();
    const elapsed = Math.max(0, now - this.refilledAt);
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.perMs);
    this.refilledAt = now;
  }
}
