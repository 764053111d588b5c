import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves in a later task, not among the microtasks of the current one', async () => {
    let resolved = false;
    const next = nextTask().then(() => {
      resolved = true;
    });
    // However long the current task's microtask queue runs, the message waits for it to end.
    for (let i = 0; i < 100; i += 1) await Promise.resolve();
    expect(resolved).toBe(false);
    await next;
    expect(resolved).toBe(true);
  });

  it('needs no timer, which a background tab would run about once a second', async () => {
    // With every timer held, a timer-based wait would never resolve and this test would time out.
    vi.useFakeTimers();
    await expect(nextTask()).resolves.toBeUndefined();
  });
});
