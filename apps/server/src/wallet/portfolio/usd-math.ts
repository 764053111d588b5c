/**
 * Exact USD arithmetic on bigints: prices are held at a fixed scale of 18 decimals, balances in
 * base units, so no float ever touches an amount.
 */
export const USD_SCALE = 18;
const ONE = 10n ** BigInt(USD_SCALE);

/** A non-negative decimal text (or a finite number) at scale 18; undefined when not a price. */
export function toScaled(value: string | number): bigint | undefined {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  if (text === undefined) return undefined;
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').slice(0, USD_SCALE).padEnd(USD_SCALE, '0');
  return BigInt(match[1] ?? '0') * ONE + BigInt(fraction || '0');
}

/** Plain decimal text of a float (no exponent), as market data comes in as doubles. */
function numberText(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = String(value);
  return text.includes('e') ? value.toFixed(USD_SCALE) : text;
}

/** USD value at scale 18 of `units` base units of an asset with `decimals` at `price` (scale 18). */
export function usdValue(units: bigint, decimals: number, price: bigint): bigint {
  return (units * price) / 10n ** BigInt(decimals);
}

/** `a / b` for two scale-18 values, at scale 18 (rounded down). */
export function divideScaled(a: bigint, b: bigint): bigint {
  return (a * ONE) / b;
}

/** Decimal text of a scale-18 value with at least `minDecimals` decimals (trailing zeros cut). */
export function scaledText(value: bigint, minDecimals = 0): string {
  const digits = value.toString().padStart(USD_SCALE + 1, '0');
  const whole = digits.slice(0, digits.length - USD_SCALE);
  const fraction = digits
    .slice(digits.length - USD_SCALE)
    .replace(/0+$/, '')
    .padEnd(minDecimals, '0');
  return fraction ? `${whole}.${fraction}` : whole;
}
