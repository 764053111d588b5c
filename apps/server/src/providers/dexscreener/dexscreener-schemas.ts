import { z } from 'zod';

/** A window's buys and sells. */
const counts = z.object({
  buys: z.number().int().nonnegative(),
  sells: z.number().int().nonnegative(),
});

/**
 * A DexScreener pair (reference doc 2.3): only the parts the adapter reads, each `nullish` where
 * the doc says it may be missing; prices are strings. Unknown keys are stripped.
 */
export const dsPairSchema = z.object({
  chainId: z.string(),
  dexId: z.string(),
  pairAddress: z.string(),
  labels: z.array(z.string()).nullish(),
  baseToken: z.object({
    address: z.string(),
    name: z.string().nullish(),
    symbol: z.string().nullish(),
  }),
  quoteToken: z.object({
    address: z.string().nullish(),
    name: z.string().nullish(),
    symbol: z.string().nullish(),
  }),
  priceNative: z.string().nullish(),
  priceUsd: z.string().nullish(),
  txns: z.record(z.string(), counts).nullish(),
  volume: z.record(z.string(), z.number()).nullish(),
  priceChange: z.record(z.string(), z.number()).nullish(),
  liquidity: z.object({ usd: z.number().nullish() }).nullish(),
  fdv: z.number().nullish(),
  marketCap: z.number().nullish(),
  /** Unix milliseconds. */
  pairCreatedAt: z.number().nullish(),
});
export type DsPair = z.output<typeof dsPairSchema>;

/**
 * `/tokens/v1/{chainId}/{addresses}` answers a bare array of pairs. Entries are checked one by one
 * by the adapter (a wrong-typed pair drops that pair, not the answer).
 */
export const dsPairListSchema = z.array(z.unknown());
/** `/latest/dex/search` and `/latest/dex/tokens`: `{ pairs: Pair[] | null }`. */
export const dsPairsEnvelopeSchema = z.object({ pairs: z.array(z.unknown()).nullable() });

/** `/token-profiles/latest/v1` (reference doc 2.4: an array in practice). */
export const dsProfileListSchema = z.array(z.unknown());
export const dsProfileSchema = z.object({ chainId: z.string(), tokenAddress: z.string() });
