/**
 * Amounts are bigint base units below the UI (DESIGN.md section 5). These two functions are the
 * only way between the decimal text a user types or reads and base units.
 */

export type AmountProblem = 'required' | 'notPositive' | 'tooPrecise';

export class AmountError extends Error {
  override name = 'AmountError';
  constructor(readonly problem: AmountProblem) {
    super(problem);
  }
}

const DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * Base units of a positive decimal text such as `0.5` or `12.000001` for an asset with `decimals`.
 * Never rounds: more fractional digits than the asset has is an error, not a silent cut.
 */
export function parseAmount(text: string, decimals: number): bigint {
  const trimmed = text.trim();
  if (trimmed === '') throw new AmountError('required');
  const match = DECIMAL.exec(trimmed);
  if (!match) throw new AmountError('notPositive');
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new AmountError('tooPrecise');
  const units =
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (units <= 0n) throw new AmountError('notPositive');
  return units;
}

/** Decimal text of `units` base units, without trailing zeros (`1500000`, 6 → `1.5`). */
export function formatAmount(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** `units` less `percent` per cent, rounded down: the Max button's fee reserve on native assets. */
export function deductPercent(units: bigint, percent: number): bigint {
  return (units * BigInt(100 - percent)) / 100n;
}
