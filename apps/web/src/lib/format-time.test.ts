import { describe, expect, it } from 'vitest';
import { timeAgo } from './format-time';

const now = Date.parse('2025-05-29T12:00:00.000Z');

describe('timeAgo', () => {
  it('reads naturally', () => {
    expect(timeAgo('2025-05-29T11:59:50.000Z', now)).toBe('just now');
    expect(timeAgo('2025-05-29T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-05-29T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(timeAgo('2025-05-28T12:00:00.000Z', now)).toBe('yesterday');
  });

  it('is empty for a value that is not a date', () => {
    expect(timeAgo('not a date', now)).toBe('');
  });
});
