import { vi } from 'vitest';
import type { SyncTimers } from './research-scheduler';

interface Pending {
  run: () => void;
  ms: number;
}

/** Timers of the research sync that fire only when a test says so. */
export class ManualSyncTimers implements SyncTimers {
  pending: Pending[] = [];

  setTimeout(run: () => void, ms: number): unknown {
    const timer = { run, ms };
    this.pending.push(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((timer) => timer !== handle);
  }

  /** Fires the pending timers (all, or those of the given delay). */
  fire(ms?: number): void {
    const due = this.pending.filter((timer) => ms === undefined || timer.ms === ms);
    this.pending = this.pending.filter((timer) => !due.includes(timer));
    for (const timer of due) timer.run();
  }

  /** Waits until every job has finished its run and waits for its next turn. */
  async idle(jobs = 3): Promise<void> {
    await vi.waitFor(
      () => {
        if (this.pending.length !== jobs || this.pending.some((timer) => timer.ms === 0)) {
          throw new Error(`sync still running (${this.pending.length} of ${jobs} jobs waiting)`);
        }
      },
      { timeout: 10_000, interval: 20 },
    );
  }
}
