import type { ProviderClock } from './provider-clock';

/**
 * A provider that is down costs nothing (issue 10): after `failureThreshold` failed attempts in a
 * row the circuit opens and calls fail at once, without a request, for `coolDownMs`. Then one
 * trial call goes through (half-open) while the others still fail at once: its success closes
 * the circuit, its failure opens it for another cool-down.
 *
 *   closed --N failures--> open --cool-down--> half-open --success--> closed
 *                            ^                      |
 *                            +------failure---------+
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private trialInFlight = false;

  constructor(
    private readonly clock: ProviderClock,
    private readonly failureThreshold: number,
    private readonly coolDownMs: number,
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return this.clock.now() - this.openedAt >= this.coolDownMs ? 'half-open' : 'open';
  }

  /**
   * Whether an attempt may be made now. In half-open state only the first asker gets `true`
   * (the trial); it must report its outcome with {@link success} or {@link failure}.
   */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  success(): void {
    this.failures = 0;
    this.openedAt = null;
    this.trialInFlight = false;
  }

  failure(): void {
    this.failures += 1;
    if (this.trialInFlight || this.failures >= this.failureThreshold) {
      this.openedAt = this.clock.now();
    }
    this.trialInFlight = false;
  }

  /** An attempt that ended without saying anything about the provider (a caller's abort). */
  release(): void {
    this.trialInFlight = false;
  }
}

/**
 * The state of a provider made of several clients or engines: open only when every circuit is
 * open (nothing can come), closed when all are closed, half-open when some answer and some do not.
 */
export function combinedCircuit(
  states: readonly ('closed' | 'open' | 'half-open')[],
): 'closed' | 'open' | 'half-open' {
  if (states.every((state) => state === 'open')) return 'open';
  return states.every((state) => state === 'closed') ? 'closed' : 'half-open';
}
