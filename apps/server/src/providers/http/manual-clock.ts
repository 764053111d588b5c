import type { ProviderClock } from './provider-clock';

/**
 * A {@link ProviderClock} for tests: `sleep` moves time forward at once and records the wait;
 * time-outs run only when the test calls {@link fireTimers} (or moves time with {@link advance}).
 */
export class ManualClock implements ProviderClock {
  readonly sleeps: number[] = [];
  private timers: { at: number; run: () => void }[] = [];

  constructor(private time = Date.parse('2026-03-01T10:00:00Z')) {}

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    this.sleeps.push(ms);
    this.advance(ms);
    return Promise.resolve();
  }

  setTimer(ms: number, run: () => void): () => void {
    const timer = { at: this.time + ms, run };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  /** Moves time forward, running the time-outs that fall due. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((timer) => timer.at <= this.time);
    this.timers = this.timers.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.run();
  }

  /** Runs every pending time-out now, as if its time had come. */
  fireTimers(): void {
    const due = this.timers;
    this.timers = [];
    for (const timer of due) timer.run();
  }
}
