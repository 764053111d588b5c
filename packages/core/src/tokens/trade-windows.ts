import { z } from 'zod';

/**
 * Trading activity of a token's primary pool over the windows DexScreener shows per pool
 * ("Txns / Buys / Sells / Volume" for 5M, 1H, 6H, 24H), as our indexer counts them from the
 * pool's Swap logs up to the chain's latest indexed block.
 *
 * Kept apart from `schemas.ts` and `market-data.ts` because both use it and `market-data.ts`
 * already imports `schemas.ts`: one module each way would be an import cycle.
 */

/** The windows, shortest first, with their length in seconds and their label. */
export const TRADE_WINDOWS = [
  { value: 'm5', seconds: 300, label: '5M' },
  { value: 'h1', seconds: 3_600, label: '1H' },
  { value: 'h6', seconds: 21_600, label: '6H' },
  { value: 'h24', seconds: 86_400, label: '24H' },
] as const;
export type TradeWindow = (typeof TRADE_WINDOWS)[number]['value'];

/**
 * One window: `buys` and `sells` are swaps (a buy takes the token out of the pool);
 * `volumeUsd` their size in USD (swaps whose quote token had no USD rate add no volume).
 */
export const tradeWindowStatsSchema = z.object({
  buys: z.number().int().nonnegative(),
  sells: z.number().int().nonnegative(),
  volumeUsd: z.number().nonnegative(),
});
export type TradeWindowStats = z.output<typeof tradeWindowStatsSchema>;

/** Buys, sells and USD volume for each of {@link TRADE_WINDOWS}. */
export const tradeWindowsSchema = z.object({
  m5: tradeWindowStatsSchema,
  h1: tradeWindowStatsSchema,
  h6: tradeWindowStatsSchema,
  h24: tradeWindowStatsSchema,
});
export type TradeWindows = z.output<typeof tradeWindowsSchema>;
