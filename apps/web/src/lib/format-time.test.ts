import { describe, expect, it } from 'vitest';
import { formatDateTime, timeAgo } from './format-time';

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

describe('formatDateTime', () => {
  it("writes the reader's day and 24-hour time as the en-GB time format does, without Intl", () => {
    for (const iso of [
      '2026-10-08T21:56:00.000Z',
      '2026-01-01T00:05:00.000Z',
      '2026-06-30T09:07:59Z',
    ]) {
      const date = new Date(iso);
      const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
      expect(formatDateTime(iso)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      expect(formatDateTime(iso).split(', ')[1]).toBe(time.format(date));
    }
  });

  it('gives the fallback for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDateTime(null, 'never')).toBe('never');
  });
});
