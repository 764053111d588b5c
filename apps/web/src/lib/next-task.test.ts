import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
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
});
