/**
 * The one import for figures and dates on screen. Money comes from the shared display rules of
 * `@vaultscope/core` (the server and other screens use the same cuts); dates from
 * `format-time.ts`.
 */
export {
  formatAge,
  formatPercentChange,
  formatUsdCompact as formatUsd,
  percentColour,
  UNKNOWN_FIGURE,
} from '@vaultscope/core';
export { formatDate, formatDateTime, timeAgo } from './format-time';
