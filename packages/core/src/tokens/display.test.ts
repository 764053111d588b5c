import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatFraction,
  formatGrouped,
  formatPercentChange,
  formatSignificant,
  formatUsdCompact,
  isTokenRowClickable,
  percentColour,
} from './display';

describe('token display rules', () => {
  it('colours negative percentages red and others green', () => {
    expect(percentColour(-0.01)).toBe('red');
    expect(percentColour('-3.2')).toBe('red');
    expect(percentColour(0)).toBe('green');
    expect(percentColour(12)).toBe('green');
    expect(percentColour(null)).toBe('green');
  });

  it('makes Solana rows not clickable', () => {
    expect(isTokenRowClickable('solana')).toBe(false);
    expect(isTokenRowClickable('eth')).toBe(true);
    expect(isTokenRowClickable(null)).toBe(true);
  });

  it('formats figures', () => {
    expect(formatUsdCompact(950)).toBe('$950');
    expect(formatUsdCompact(15_234)).toBe('$15.23K');
    expect(formatUsdCompact(3_400_000)).toBe('$3.4M');
    expect(formatUsdCompact(0.00004213)).toBe('$0.0₄4213');
    expect(formatUsdCompact(0.0004213)).toBe('$0.0004213');
    expect(formatUsdCompact(1.863e-11)).toBe('$0.0₁₀1863');
    expect(formatUsdCompact(2e-9)).toBe('$0.0₈2');
    expect(formatUsdCompact(null)).toBe('-');
    expect(formatPercentChange(12.5)).toBe('+12.50%');
    expect(formatPercentChange(-3.1)).toBe('-3.10%');
    expect(formatFraction(0.2134)).toBe('21.34%');
  });

  it('formats ages', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(formatAge('2026-03-01T11:59:15Z', now)).toBe('45s');
    expect(formatAge('2026-03-01T11:48:00Z', now)).toBe('12m');
    expect(formatAge('2026-03-01T07:00:00Z', now)).toBe('5h');
    expect(formatAge('2026-02-26T12:00:00Z', now)).toBe('3d');
    expect(formatAge('2025-11-01T12:00:00Z', now)).toBe('4mo');
    expect(formatAge(null, now)).toBe('-');
  });
});

// The detail's market wrote these with toLocaleString('en-US'): the same text, without Intl.
describe('figures written without Intl', () => {
  const grouped = [
    0, 4, 999, 1_000, 8_420, 1_234_567.891, -1_234.5, 0.5, 12.3456, 99.999, 2e20, 1e21, -3.5e24,
  ];
  it.each(grouped)('groups %d as toLocaleString does, to two decimals and to none', (value) => {
    expect(formatGrouped(value, 2)).toBe(
      value.toLocaleString('en-US', { maximumFractionDigits: 2 }),
    );
    expect(formatGrouped(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 0 }));
  });

  const small = [0.5, 0.123456, 0.000012345678, 0.00000001863, -0.0042, 0.99999, 1e-12];
  it.each(small)('writes %d to four significant digits as toLocaleString does', (value) => {
    expect(formatSignificant(value)).toBe(
      value.toLocaleString('en-US', { maximumSignificantDigits: 4 }),
    );
  });

  it('rounds a half as the binary value lies, where Intl rounds the decimal', () => {
    // 1.005 is stored as 1.00499999999999989…: the one known difference, written in the doc.
    expect(formatGrouped(1.005, 2)).toBe('1');
    expect(formatGrouped(1.125, 2)).toBe('1.13');
  });

  it('says unknown for what is not a figure, and keeps zero a plain 0', () => {
    expect(formatGrouped(null)).toBe('-');
    expect(formatGrouped(Number.NaN, 2)).toBe('-');
    expect(formatSignificant(undefined)).toBe('-');
    expect(formatGrouped(0.001, 2)).toBe('0');
    expect(formatSignificant(0)).toBe('0');
  });
});
