const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Intl formats are made on first use, not when this module loads: every screen that shows a
// figure loads it, and the first Intl.RelativeTimeFormat costs 20-25 ms on this machine (about
// 0.1 s at a phone's 4x slowdown) for what only the notifications show.
let relative: Intl.RelativeTimeFormat | undefined;

/** "just now", "5 minutes ago", "yesterday"... for an ISO time; '' when it is not a date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') {
      relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
      return relative.format(Math.round(seconds / size), unit);
    }
  }
  return '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Hours and minutes by hand, not an Intl format: a page's first Intl format loads the ICU
// locale data (60-100 ms at a phone's 4x slowdown), and the token detail's scan line was one of
// the few things on its first render that asked for one.
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A calendar date (`2026-10-14` or an ISO time) as `14 Oct 2026`, or `fallback` when there is
 * none. Read in UTC so that a plain date never shifts a day in time zones west of Greenwich.
 */
export function formatDate(value: string | null | undefined, fallback = '-'): string {
  if (!value) return fallback;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return fallback;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A moment (ISO time) in the reader's time zone: `8 Oct 2026, 21:56`; `fallback` otherwise. */
export function formatDateTime(value: string | null | undefined, fallback = '-'): string {
  if (!value) return fallback;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return fallback;
  const date = new Date(time);
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  return `${day}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
