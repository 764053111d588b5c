import type { ChainCode } from '../chains/chains';

/**
 * Pure display rules of the token screens (spec sections 2 and 9).
 */

/** Colour of a percentage change: negative red, everything else green (spec section 2). */
export type ChangeColour = 'green' | 'red';

/**
 * The colour of a percentage cell: red when the value is negative, green otherwise, as the spec
 * words it ("Negative percentages red, others green"). Numeric strings are read as numbers;
 * an unknown value is not negative, so it is green too.
 */
export function percentColour(value: number | string | null | undefined): ChangeColour {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && number < 0 ? 'red' : 'green';
}

/**
 * Whether the coin name of a token row opens its detail page. Solana rows are not clickable on
 * the DEX lists and the watch list (spec section 2).
 */
export function isTokenRowClickable(chainName: ChainCode | null | undefined): boolean {
  return chainName !== 'solana';
}

/** Placeholder shown for an unknown figure. */
export const UNKNOWN_FIGURE = '-';

/**
 * A USD amount in compact form: `$950`, `$15.2K`, `$3.4M`, `$1.25B`; tiny prices keep their
 * significant digits (`$0.00004213`). `-` when unknown.
 */
export function formatUsdCompact(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_FIGURE;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (abs >= size) return `${sign}$${trimZeros((abs / size).toFixed(2))}${suffix}`;
  }
  if (abs >= 1) return `${sign}$${trimZeros(abs.toFixed(2))}`;
  if (abs === 0) return '$0';
  if (abs < 1e-4) return `${sign}$${subscriptZeros(abs)}`;
  return `${sign}$${trimZeros(abs.toPrecision(4))}`;
}

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/**
 * Tiny prices as screeners write them: `0.0₁₀1863` is 0.00000000001863 (ten zeros after the
 * point, then four significant digits), never `1.863e-11`.
 */
function subscriptZeros(abs: number): string {
  const [mantissa = '0', exponent = '0'] = abs.toExponential(3).split('e');
  const zeros = -Number(exponent) - 1;
  const digits = trimZeros(mantissa).replace('.', '');
  const subscript = [...String(zeros)].map((d) => SUBSCRIPT_DIGITS[Number(d)]).join('');
  return `0.0${subscript}${digits}`;
}

function trimZeros(text: string): string {
  return text.includes('.') && !text.includes('e') ? text.replace(/\.?0+$/, '') : text;
}

/** A percentage change with sign and two decimals (`+12.50%`, `-3.10%`); `-` when unknown. */
export function formatPercentChange(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_FIGURE;
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/** A fraction (0-1) as a percentage: `0.2134` → `21.34%`; `-` when unknown. */
export function formatFraction(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_FIGURE;
  return `${trimZeros((value * 100).toFixed(2))}%`;
}

/**
 * A figure with its thousands grouped and at most `fractionDigits` decimals, trailing zeros
 * dropped: `1234567.891` → `1,234,567.89`, `8420` → `8,420`; `-` when unknown. As
 * `toLocaleString('en-US', { maximumFractionDigits })` writes it, without Intl: a page's first
 * Intl format loads the ICU locale data, 60-100 ms of a phone's render (4x slowdown), and the
 * token detail's market was the only thing on its first render that asked for one. One
 * difference: a half is rounded as the binary value lies (`toFixed`), so `1.005` (stored as
 * 1.00499…) gives `1`, where Intl rounds the shortest decimal and gives `1.01`.
 */
export function formatGrouped(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_FIGURE;
  // toFixed writes 1e21 and above in exponent form (a spam token's supply can be that large):
  // such a number is a whole one, written out from its shortest digits, as Intl does.
  const text =
    Math.abs(value) >= 1e21
      ? wholeDigits(Math.abs(value))
      : trimZeros(Math.abs(value).toFixed(fractionDigits));
  if (text === '0') return '0';
  const [whole = '0', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** `3.5e+24` as `35` and 23 zeros: a whole number from 1e21 up, from its shortest digits. */
function wholeDigits(value: number): string {
  const [mantissa = '', exponent = '0'] = String(value).split('e+');
  const [whole = '', fraction = ''] = mantissa.split('.');
  return whole + fraction.padEnd(Number(exponent), '0');
}

/**
 * A figure to `digits` significant digits, in plain decimals however small (`0.000012345678` →
 * `0.00001235`, never `1.235e-5`), trailing zeros dropped; `-` when unknown. For figures under
 * 1 (larger ones read better through {@link formatGrouped}); no Intl, and halves rounded on
 * the binary value, as there.
 */
export function formatSignificant(value: number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_FIGURE;
  if (value === 0) return '0';
  const rounded = Number(Math.abs(value).toPrecision(digits));
  const decimals = Math.min(100, Math.max(0, digits - 1 - Math.floor(Math.log10(rounded))));
  return `${value < 0 ? '-' : ''}${trimZeros(rounded.toFixed(decimals))}`;
}

/**
 * A pool age in the short form of token tables: `45s`, `12m`, `5h`, `3d`, `4mo`, `1y`;
 * `-` when unknown. `createdAt` is ISO-8601; `now` is passed in so the function stays pure.
 */
export function formatAge(createdAt: string | null | undefined, now: Date): string {
  if (!createdAt) return UNKNOWN_FIGURE;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return UNKNOWN_FIGURE;
  const seconds = Math.max(0, Math.floor((now.getTime() - created) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}
