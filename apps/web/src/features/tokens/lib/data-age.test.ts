import { describe, expect, it } from 'vitest';
import { dataAgeText } from './data-age';

describe('dataAgeText', () => {
  const at = '2026-11-26T12:00:00.000Z';
  const plus = (seconds: number) => Date.parse(at) + seconds * 1000;

  it('says the age in the largest whole unit', () => {
    expect(dataAgeText(at, plus(0))).toBe('updated 0 s ago');
    expect(dataAgeText(at, plus(40))).toBe('updated 40 s ago');
    expect(dataAgeText(at, plus(59.9))).toBe('updated 59 s ago');
    expect(dataAgeText(at, plus(60))).toBe('updated 1 min ago');
    expect(dataAgeText(at, plus(3599))).toBe('updated 59 min ago');
    expect(dataAgeText(at, plus(7200))).toBe('updated 2 h ago');
    expect(dataAgeText(at, plus(4 * 86_400))).toBe('updated 4 d ago');
  });

  it('reads a server clock ahead of ours as now, and no load as not loaded', () => {
    expect(dataAgeText(at, plus(-5))).toBe('updated 0 s ago');
    expect(dataAgeText(null, plus(10))).toBe('not loaded yet');
    expect(dataAgeText('soon', plus(10))).toBe('not loaded yet');
  });
});
