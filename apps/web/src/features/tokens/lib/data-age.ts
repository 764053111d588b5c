/**
 * How old a data source is, as the lists and the detail say it: `updated 40 s ago`,
 * `updated 3 min ago`, `updated 2 h ago`, `updated 4 d ago`; `not loaded yet` before the first
 * load. Short units on purpose: the text ticks every second beside a table.
 */
export function dataAgeText(lastSyncedAt: string | null, now: number): string {
  if (lastSyncedAt === null) return 'not loaded yet';
  const at = Date.parse(lastSyncedAt);
  if (Number.isNaN(at)) return 'not loaded yet';
  // A server clock a little ahead of ours reads as "just now", not as the future.
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `updated ${seconds} s ago`;
  if (seconds < 3600) return `updated ${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `updated ${Math.floor(seconds / 3600)} h ago`;
  return `updated ${Math.floor(seconds / 86_400)} d ago`;
}
