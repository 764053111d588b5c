import { z } from 'zod';
import { numberLike } from '../parse';

/**
 * GeckoTerminal v2 answers (reference doc section 1) as they arrive. The list envelope is
 * checked by the client; each pool and included resource on its own, so one odd pool is
 * dropped, not its page. Numbers are decimal strings; every window is optional.
 */

export const gtListSchema = z.object({
  data: z.array(z.unknown()),
  included: z.array(z.unknown()).nullish(),
  links: z.object({ next: z.string().nullish() }).nullish(),
});

const relation = z.object({ data: z.object({ id: z.string(), type: z.string().nullish() }) });
const windowsOf = <T extends z.ZodType>(value: T) =>
  z
    .object({ m5: value, m15: value, m30: value, h1: value, h6: value, h24: value })
    .partial()
    .nullish();

export const gtPoolSchema = z.object({
  id: z.string(),
  type: z.literal('pool'),
  attributes: z.object({
    name: z.string().nullish(),
    address: z.string(),
    base_token_price_usd: numberLike.nullish(),
    base_token_price_native_currency: numberLike.nullish(),
    pool_created_at: z.string().nullish(),
    reserve_in_usd: numberLike.nullish(),
    fdv_usd: numberLike.nullish(),
    market_cap_usd: numberLike.nullish(),
    price_change_percentage: windowsOf(numberLike.nullish()),
    transactions: windowsOf(z.object({ buys: z.number(), sells: z.number() }).nullish()),
    volume_usd: windowsOf(numberLike.nullish()),
  }),
  relationships: z.object({
    base_token: relation,
    quote_token: relation,
    dex: relation.nullish(),
  }),
});
export type GtPool = z.output<typeof gtPoolSchema>;

const tokenAttributes = z.object({
  address: z.string(),
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  decimals: z.number().nullish(),
});

/** A token a pool list includes (`include=base_token,...`). */
export const gtIncludedTokenSchema = z.object({
  id: z.string(),
  type: z.literal('token'),
  attributes: tokenAttributes,
});

/** A token of `/tokens/multi/{addresses}` (reference doc 1.5): the included token and its supply. */
export const gtTokenSchema = gtIncludedTokenSchema.extend({
  attributes: tokenAttributes.extend({
    /** Base units (the doc's Frog: "999999000000000.0" with 6 decimals = 999 999 000 tokens). */
    total_supply: numberLike.nullish(),
    /** Whole tokens, in newer answers. */
    normalized_total_supply: numberLike.nullish(),
  }),
});
export type GtToken = z.output<typeof gtTokenSchema>;

/**
 * `/pools/{address}/ohlcv/{timeframe}` (reference doc 1.6): candles as
 * `[seconds, open, high, low, close, volume]` numbers; each row is checked by the adapter, so a
 * malformed one drops only itself.
 */
export const gtOhlcvSchema = z.object({
  data: z.object({
    attributes: z.object({
      ohlcv_list: z.array(z.array(z.unknown())),
    }),
  }),
});
