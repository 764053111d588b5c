import { z } from 'zod';
import { plainText } from '../text';
import { isValidAddressForChain } from './addresses';
import { pagingQuery, tokenListQuerySchema } from './request-schemas';
import { cexTokenListItemSchema, chainCodeSchema, PAGING_LIMITS } from './schemas';

/**
 * A centralized-exchange market row, in the key names of CoinGecko `GET /coins/markets`
 * (reference doc section 4.1) with the 1 h, 24 h and 7 d price changes requested, plus
 * `platforms`: the coin's contract address on each research chain where it has one (CoinGecko
 * keeps those in `/coins/list?include_platform=true`; adapters join them in).
 * Numbers are USD; any figure may be `null`.
 */
export const cexMarketSchema = z
  .object({
    /** Market id, e.g. `bitcoin`; also the CEX list item's `tokenAddress` when no contract exists. */
    id: z.string().min(1),
    symbol: z.string().min(1),
    name: z.string().min(1),
    image: z.string().nullable(),
    current_price: z.number().nonnegative().nullable(),
    market_cap: z.number().nonnegative().nullable(),
    market_cap_rank: z.number().int().positive().nullable(),
    fully_diluted_valuation: z.number().nonnegative().nullable(),
    total_volume: z.number().nonnegative().nullable(),
    price_change_percentage_1h_in_currency: z.number().nullable(),
    price_change_percentage_24h_in_currency: z.number().nullable(),
    price_change_percentage_7d_in_currency: z.number().nullable(),
    circulating_supply: z.number().nonnegative().nullable(),
    total_supply: z.number().nonnegative().nullable(),
    max_supply: z.number().nonnegative().nullable(),
    last_updated: z.iso.datetime({ offset: true }).nullable(),
    /** Contract address per research chain code. */
    platforms: z.partialRecord(chainCodeSchema, z.string()),
  })
  .superRefine((market, ctx) => {
    for (const [code, address] of Object.entries(market.platforms)) {
      const chain = chainCodeSchema.safeParse(code);
      if (chain.success && address !== undefined && !isValidAddressForChain(chain.data, address)) {
        ctx.addIssue({
          code: 'custom',
          message: `Not a valid ${code} address: ${address}`,
          path: ['platforms', code],
        });
      }
    }
  });
export type CexMarket = z.output<typeof cexMarketSchema>;

/**
 * Query of the CEX list: paging (20 a page by default) and an optional `chainName`: with a
 * chain, only coins with a contract on it, shown with that contract.
 */
export const cexListQuerySchema = pagingQuery(PAGING_LIMITS.defaultPageSize).extend({
  chainName: tokenListQuerySchema.shape.chainName,
});
export type CexListQuery = z.output<typeof cexListQuerySchema>;

/** Path of the CEX price page call: the list's `tokenAddress` (a contract address or a market id). */
export const cexPriceParamsSchema = z.object({
  tokenAddress: z
    .string({ error: 'Enter a token address or coin id.' })
    .trim()
    .check(plainText('Token address'))
    .min(1, 'Enter a token address or coin id.')
    .max(200, 'Enter a token address or coin id.'),
});

/**
 * The CEX price page (`/price/{tokenAddress}`): the coin's list row and its whole market row
 * (price changes over 1 h, 24 h and 7 d, supplies, rank, last update, contracts).
 */
export const cexPriceResponseSchema = z.object({
  ...cexTokenListItemSchema.shape,
  market: cexMarketSchema,
});
export type CexPriceResponse = z.output<typeof cexPriceResponseSchema>;

/** Message of a CEX coin that is not in our data. */
export const cexMessages = { notFound: 'Coin not found.' } as const;
