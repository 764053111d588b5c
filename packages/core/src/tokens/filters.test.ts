import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  AMOUNT_BANDS,
  SCORE_BANDS,
  ageBandCreatedWindow,
  ageBandRange,
  ageSeconds,
  amountBandRange,
  inRange,
  scoreBandRange,
} from './filters';

describe('filter bands', () => {
  it('have the labels of spec section 2, in order', () => {
    expect(AGE_BANDS.map((band) => band.label)).toEqual([
      'All',
      '0-1hr',
      '1hr-24hr',
      '1 week',
      '1 month',
    ]);
    expect(SCORE_BANDS.map((band) => band.label)).toEqual([
      'All',
      'greater than 70',
      'less than 60',
      'greater than 80',
    ]);
    expect(AMOUNT_BANDS.map((band) => band.label)).toEqual([
      'All',
      '10k-100k',
      '100k-500k',
      '500k-1M',
      'greater than 1M',
    ]);
  });

  it('money bands tile from 10k up with no gap or overlap', () => {
    const hits = (value: number) =>
      AMOUNT_BANDS.filter((band) => band.value !== 'all' && inRange(value, band.range)).length;
    for (const value of [10_000, 99_999.99, 100_000, 499_999, 500_000, 999_999, 1_000_000, 5e9]) {
      expect(hits(value)).toBe(1);
    }
    expect(hits(9_999.99)).toBe(0);
    expect(inRange(1_000_000, amountBandRange('gt1m'))).toBe(true);
    expect(inRange(1_000_000, amountBandRange('500k-1m'))).toBe(false);
  });

  it('score bands are strict as worded', () => {
    expect(inRange(70, scoreBandRange('gt70'))).toBe(false);
    expect(inRange(71, scoreBandRange('gt70'))).toBe(true);
    expect(inRange(60, scoreBandRange('lt60'))).toBe(false);
    expect(inRange(59, scoreBandRange('lt60'))).toBe(true);
    expect(inRange(80, scoreBandRange('gt80'))).toBe(false);
    expect(inRange(81, scoreBandRange('gt80'))).toBe(true);
  });

  it('age bands: 1 week and 1 month mean created within the last 7 / 30 days', () => {
    const hour = 3600;
    const day = 24 * hour;
    expect(inRange(59 * 60, ageBandRange('0-1hr'))).toBe(true);
    expect(inRange(hour, ageBandRange('0-1hr'))).toBe(false);
    expect(inRange(hour, ageBandRange('1hr-24hr'))).toBe(true);
    expect(inRange(day, ageBandRange('1hr-24hr'))).toBe(false);
    expect(inRange(10 * 60, ageBandRange('1week'))).toBe(true);
    expect(inRange(7 * day - 1, ageBandRange('1week'))).toBe(true);
    expect(inRange(7 * day, ageBandRange('1week'))).toBe(false);
    expect(inRange(29 * day, ageBandRange('1month'))).toBe(true);
    expect(inRange(30 * day, ageBandRange('1month'))).toBe(false);
  });

  it('all matches unknown values, other bands never do', () => {
    expect(inRange(null, ageBandRange('all'))).toBe(true);
    expect(inRange(null, amountBandRange('10k-100k'))).toBe(false);
    expect(inRange(Number.NaN, scoreBandRange('lt60'))).toBe(false);
  });

  it('turns an age band into a creation window', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(ageBandCreatedWindow('all', now)).toEqual({
      createdAfter: null,
      createdAtOrBefore: null,
    });
    expect(ageBandCreatedWindow('1hr-24hr', now)).toEqual({
      createdAfter: new Date('2026-02-28T12:00:00Z'),
      createdAtOrBefore: new Date('2026-03-01T11:00:00Z'),
    });
    expect(ageSeconds('2026-03-01T11:59:00Z', now)).toBe(60);
    expect(ageSeconds('2026-03-01T12:01:00Z', now)).toBe(0);
  });
});
