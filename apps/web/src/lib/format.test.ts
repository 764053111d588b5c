import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUsd } from './format';

describe('formatDate', () => {
  it('reads a calendar date without shifting it a day', () => {
    expect(formatDate('2026-10-14')).toBe('14 Oct 2026');
    expect(formatDate('2027-09-01')).toBe('1 Sep 2027');
    expect(formatDate('2026-10-08T19:56:18.000Z')).toBe('8 Oct 2026');
  });

  it('falls back when there is no date', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('soon', 'N/A')).toBe('N/A');
    expect(formatDate(null, 'N/A')).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('shows the day and the time of day', () => {
    expect(formatDateTime('2026-10-08T12:00:00.000Z')).toMatch(/^\d{1,2} Oct 2026, \d{2}:\d{2}$/);
    expect(formatDateTime(undefined)).toBe('-');
  });
});

describe('formatUsd', () => {
  it('is the compact USD of the shared display rules', () => {
    expect(formatUsd(1_500_000)).toBe('$1.5M');
    expect(formatUsd(950)).toBe('$950');
    expect(formatUsd(null)).toBe('-');
  });
});
