import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('last 2000 ms each', () => {
    toast.success('User login successfully');
    expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual([
      'User login successfully',
    ]);
    vi.advanceTimersByTime(1999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps at most four on screen, dropping the oldest', () => {
    for (let index = 1; index <= 6; index += 1) toast.info(`message ${index}`);
    expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual([
      'message 3',
      'message 4',
      'message 5',
      'message 6',
    ]);
  });
});
