import { describe, expect, it } from 'vitest';
import { AmountError, deductPercent, formatAmount, parseAmount } from './amounts';

function problemOf(text: string, decimals: number) {
  try {
    parseAmount(text, decimals);
    return undefined;
  } catch (error) {
    return error instanceof AmountError ? error.problem : 'other';
  }
}

describe('parseAmount', () => {
  it('turns decimal text into exact base units', () => {
    expect(parseAmount('1', 18)).toBe(10n ** 18n);
    expect(parseAmount('0.000001', 6)).toBe(1n);
    expect(parseAmount('12.5', 6)).toBe(12_500_000n);
    expect(parseAmount('.5', 9)).toBe(500_000_000n);
    expect(parseAmount('3.', 2)).toBe(300n);
    expect(parseAmount(' 1.10 ', 1)).toBe(11n);
  });

  it('keeps huge amounts exact', () => {
    expect(parseAmount('123456789012345678901234567890.123456789012345678', 18)).toBe(
      123456789012345678901234567890123456789012345678n,
    );
  });

  it('refuses empty, zero, negative, exponent and non-numeric text', () => {
    expect(problemOf('', 6)).toBe('required');
    expect(problemOf('   ', 6)).toBe('required');
    for (const text of ['0', '0.000', '-1', '1e3', 'abc', '1,5', '0x10', 'Infinity', '1.2.3'])
      expect(problemOf(text, 6), text).toBe('notPositive');
  });

  it('refuses more decimals than the asset has instead of rounding', () => {
    expect(problemOf('0.0000001', 6)).toBe('tooPrecise');
    expect(problemOf('1.5', 0)).toBe('tooPrecise');
    expect(parseAmount('1.500000000', 6)).toBe(1_500_000n);
  });
});

describe('formatAmount', () => {
  it('is the inverse of parseAmount', () => {
    for (const [text, decimals] of [
      ['1', 18],
      ['0.000001', 6],
      ['12.5', 9],
      ['98765.4321', 4],
    ] as const)
      expect(formatAmount(parseAmount(text, decimals), decimals)).toBe(text);
    expect(formatAmount(0n, 18)).toBe('0');
  });
});

describe('deductPercent', () => {
  it('keeps 70% for the Max button, rounding down', () => {
    expect(deductPercent(1000n, 30)).toBe(700n);
    expect(deductPercent(1n, 30)).toBe(0n);
  });
});
