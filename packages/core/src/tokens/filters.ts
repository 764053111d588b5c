/**
 * Filter bands of the Advanced Filters panel (spec section 2): their stable query-string
 * values, their labels as the spec words them, and the numeric range each one stands for.
 *
 * Ranges are written as bounds a database can use directly: `gte`/`gt` lower bounds and
 * `lt`/`lte` upper bounds, any of which may be absent. Money bands are half-open
 * (`[10k, 100k)`, `[100k, 500k)`, ...) so that they tile with no gap or overlap; the top band
 * "greater than 1M" therefore starts at exactly 1,000,000. Score bands keep the spec's strict
 * wording ("greater than 70" is `> 70`). `all` has no bounds and also matches unknown values;
 * every other band excludes a value that is unknown (`null`).
 */

/** Bounds of a numeric range; all present bounds must hold. */
export interface NumericRange {
  gte?: number;
  gt?: number;
  lte?: number;
  lt?: number;
}

/** One band of a filter: query value, label as shown, and the range it selects. */
export interface FilterBand<V extends string = string> {
  value: V;
  label: string;
  range: NumericRange;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Age bands, on the age of the token's pool in **seconds** (now minus pool creation time).
 * "1 week" and "1 month" mean *created within the last 7 days / 30 days*, so they include the
 * younger bands, the way a "listed in the last week" filter reads.
 */
export const AGE_BANDS = [
  { value: 'all', label: 'All', range: {} },
  { value: '0-1hr', label: '0-1hr', range: { gte: 0, lt: HOUR } },
  { value: '1hr-24hr', label: '1hr-24hr', range: { gte: HOUR, lt: DAY } },
  { value: '1week', label: '1 week', range: { gte: 0, lt: 7 * DAY } },
  { value: '1month', label: '1 month', range: { gte: 0, lt: 30 * DAY } },
] as const satisfies readonly FilterBand[];

/** Score bands, on `totalScore` (0-100). */
export const SCORE_BANDS = [
  { value: 'all', label: 'All', range: {} },
  { value: 'gt70', label: 'greater than 70', range: { gt: 70 } },
  { value: 'lt60', label: 'less than 60', range: { lt: 60 } },
  { value: 'gt80', label: 'greater than 80', range: { gt: 80 } },
] as const satisfies readonly FilterBand[];

/** Money bands in USD, shared by liquidity and 24 h volume. */
export const AMOUNT_BANDS = [
  { value: 'all', label: 'All', range: {} },
  { value: '10k-100k', label: '10k-100k', range: { gte: 10_000, lt: 100_000 } },
  { value: '100k-500k', label: '100k-500k', range: { gte: 100_000, lt: 500_000 } },
  { value: '500k-1m', label: '500k-1M', range: { gte: 500_000, lt: 1_000_000 } },
  { value: 'gt1m', label: 'greater than 1M', range: { gte: 1_000_000 } },
] as const satisfies readonly FilterBand[];

export type AgeBand = (typeof AGE_BANDS)[number]['value'];
export type ScoreBand = (typeof SCORE_BANDS)[number]['value'];
export type AmountBand = (typeof AMOUNT_BANDS)[number]['value'];

/** Query values of each filter, for `z.enum` and selects. */
export const AGE_BAND_VALUES = AGE_BANDS.map((band) => band.value) as [AgeBand, ...AgeBand[]];
export const SCORE_BAND_VALUES = SCORE_BANDS.map((band) => band.value) as [
  ScoreBand,
  ...ScoreBand[],
];
export const AMOUNT_BAND_VALUES = AMOUNT_BANDS.map((band) => band.value) as [
  AmountBand,
  ...AmountBand[],
];

function bandRange(bands: readonly FilterBand[], value: string): NumericRange {
  const band = bands.find((candidate) => candidate.value === value);
  if (!band) throw new Error(`Unknown filter band: ${value}`);
  return band.range;
}

/** The age range (seconds) of an age band. */
export function ageBandRange(value: AgeBand): NumericRange {
  return bandRange(AGE_BANDS, value);
}
/** The score range of a score band. */
export function scoreBandRange(value: ScoreBand): NumericRange {
  return bandRange(SCORE_BANDS, value);
}
/** The USD range of a liquidity or volume band. */
export function amountBandRange(value: AmountBand): NumericRange {
  return bandRange(AMOUNT_BANDS, value);
}

/** Whether a range has no bounds (the `all` band). */
export function isUnbounded(range: NumericRange): boolean {
  return (
    range.gte === undefined &&
    range.gt === undefined &&
    range.lte === undefined &&
    range.lt === undefined
  );
}

/**
 * Whether `value` lies in `range`. An unbounded range matches everything, unknown values
 * included; a bounded range never matches an unknown (`null`/`undefined`/`NaN`) value.
 */
export function inRange(value: number | null | undefined, range: NumericRange): boolean {
  if (isUnbounded(range)) return true;
  if (value === null || value === undefined || Number.isNaN(value)) return false;
  if (range.gte !== undefined && !(value >= range.gte)) return false;
  if (range.gt !== undefined && !(value > range.gt)) return false;
  if (range.lte !== undefined && !(value <= range.lte)) return false;
  if (range.lt !== undefined && !(value < range.lt)) return false;
  return true;
}

/**
 * The pool-creation window an age band selects at time `now`, for a database query:
 * age in `[gte, lt)` seconds means creation in `(now - lt, now - gte]`.
 * `createdAfter` is exclusive, `createdAtOrBefore` inclusive; `null` means no bound.
 */
export function ageBandCreatedWindow(
  value: AgeBand,
  now: Date,
): { createdAfter: Date | null; createdAtOrBefore: Date | null } {
  const range = ageBandRange(value);
  const nowMs = now.getTime();
  const { lt, gte } = range;
  return {
    createdAfter: lt === undefined ? null : new Date(nowMs - lt * 1000),
    createdAtOrBefore: gte === undefined ? null : new Date(nowMs - gte * 1000),
  };
}

/** Age in whole seconds of something created at `createdAt` (ISO-8601), seen at `now`; never negative. */
export function ageSeconds(createdAt: string | Date, now: Date): number {
  const created = typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime();
  return Math.max(0, Math.floor((now.getTime() - created) / 1000));
}
