import { z } from 'zod';
import type { Flag } from '@vaultscope/core';

/**
 * Readers of the value encodings providers use (reference doc, general rules): numbers as
 * strings, `""` or a missing key for unknown. Unknown reads `null`, never `0`.
 */

const NUMBER_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A decimal string (or a number) as a finite number; `null` for `""`, `null`, missing or junk. */
export function numberOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (!NUMBER_TEXT.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A non-negative number, or `null`. */
export function nonNegativeOf(value: string | number | null | undefined): number | null {
  const parsed = numberOf(value);
  return parsed !== null && parsed >= 0 ? parsed : null;
}

/** A fraction of one (`"0.05"` = 5 %), clamped to `[0, 1]` (GoPlus has sent shares above 1). */
export function fractionOf(value: string | number | null | undefined): number | null {
  const parsed = numberOf(value);
  return parsed === null || parsed < 0 ? null : Math.min(1, parsed);
}

/** A non-negative integer count from `"812"` or `812`, or `null`. */
export function countOf(value: string | number | null | undefined): number | null {
  const parsed = numberOf(value);
  return parsed !== null && parsed >= 0 && Number.isSafeInteger(parsed) ? parsed : null;
}

/** `"1"`/`1` → 1, `"0"`/`0` → 0, anything else (`""`, missing) → `null`. */
export function flagOf(value: string | number | null | undefined): Flag {
  if (value === '1' || value === 1) return 1;
  if (value === '0' || value === 0) return 0;
  return null;
}

/**
 * A plain non-negative decimal string (`"1000.5"`), the form the report and token rows keep;
 * `null` for anything else (exponents, signs, junk). Trailing zeros of the fraction are cut.
 */
export function decimalTextOf(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A raw amount in base units (`"999999000000000"`, GeckoTerminal may add `".0"`) as whole tokens,
 * by moving the decimal point: exact, no floating point. `null` when it is not a plain decimal.
 */
export function unitsToWhole(raw: string, decimals: number): string | null {
  const text = decimalTextOf(raw);
  if (text === null || text.includes('.')) return null;
  if (decimals === 0) return text;
  const padded = text.padStart(decimals + 1, '0');
  return decimalTextOf(`${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`);
}

/** Fields that are numbers in one capture and strings in another. */
export const numberLike = z.union([z.string(), z.number()]);
/** `"0"`/`"1"`/`""` or `0`/`1`. */
export const flagLike = z.union([z.string(), z.number()]);
