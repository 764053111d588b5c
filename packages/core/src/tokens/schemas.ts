import * as z from 'zod/mini';
import { CHAIN_CODES, type ChainCode } from '../chains/chains';
import { addressKey } from './addresses';

/**
 * The answers of the token research API's lists (spec sections 3 and 5): list items, list
 * pages, a token as a list row, and the chain codes and paging bounds they share. What the API
 * reads (queries, paths, the scam-check form) is in `request-schemas.ts`, the detail's answer in
 * `detail-schemas.ts`: the web's lists load this module alone.
 *
 * Written with `zod/mini` (as `health/schemas.ts`), not zod's classic API: a phone builds these
 * schemas on every list page's first load, in the task that draws the first answer, and a mini
 * schema carries no methods to build. In Chromium here (no slowdown), a copy of this module's
 * schemas took 20-28 ms to load and build with the classic API and 6-11 ms to check a page of
 * 20 rows; with mini, 8-12 ms and 2-3 ms. Other modules extend these with either API.
 *
 * USD figures (price, volume, liquidity, market cap, FDV) are JSON numbers: they are display
 * figures, not token amounts, and a double keeps 15 significant digits even for the tiniest
 * meme-coin price. Unknown figures are `null`, never `0`.
 */

/** Chain code values in selector order. */
export const CHAIN_CODE_VALUES = CHAIN_CODES.map((chain) => chain.code) as [
  ChainCode,
  ...ChainCode[],
];

/** A research chain code (`eth`, `solana`, `bsc`, `avax`, `polygon_pos`). */
export const chainCodeSchema = z.enum(CHAIN_CODE_VALUES, {
  error: `Choose a chain: ${CHAIN_CODE_VALUES.join(', ')}.`,
});

/** Bounds of paging. */
export const PAGING_LIMITS = {
  maxPage: 10_000,
  maxPageSize: 100,
  defaultPageSize: 20,
} as const;

export { PAGE_SIZES } from './page-sizes';

/** A USD figure: not negative, `null` when unknown. */
export const usdFigureSchema = z.nullable(z.number().check(z.nonnegative()));
const percentChange = z.nullable(z.number());

/** Price change in percent over 5 minutes, 1, 6 and 24 hours (`12.5` = +12.5 %). */
export const pricePercentageSchema = z.object({
  m5: percentChange,
  h1: percentChange,
  h6: percentChange,
  h24: percentChange,
});
export type PricePercentage = z.output<typeof pricePercentageSchema>;

/** `is_favourite`: 1 when the item is in the caller's favourites. */
export const favouriteFlagSchema = z.union([z.literal(0), z.literal(1)]);

/**
 * A row of the DEX token table (spec section 3, "Token list item").
 * - `id`: stable item id, {@link tokenItemId} (`{chainName}_{address key}`, the favourites `itemId`);
 * - `age`: ISO-8601 creation time of the token's pool (format with `formatAge`), `null` if unknown;
 * - `totalTransactions`: buys plus sells over 24 h;
 * - `volume`: 24 h volume in USD; `liquidity`: pool reserve in USD;
 * - `score`: `totalScore` of the security report, `null` when no report exists yet.
 */
export const tokenListItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  CoinName: z.string(),
  /** Ticker symbol (ours, beside the spec's fields). */
  symbol: z.optional(z.string()),
  tokenAddress: z.string().check(z.minLength(1)),
  chainName: chainCodeSchema,
  price: usdFigureSchema,
  age: z.nullable(z.iso.datetime({ offset: true })),
  totalTransactions: z.nullable(z.int().check(z.nonnegative())),
  pricePercentage: pricePercentageSchema,
  volume: usdFigureSchema,
  liquidity: usdFigureSchema,
  Mcap: usdFigureSchema,
  fdv: usdFigureSchema,
  score: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  is_favourite: favouriteFlagSchema,
});
export type TokenListItem = z.output<typeof tokenListItemSchema>;

/**
 * The stable id of a DEX token item: chain code and address key (lower-case for EVM, as is for
 * Solana), e.g. `eth_0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed`.
 */
export function tokenItemId(chainName: ChainCode, address: string): string {
  return `${chainName}_${addressKey(chainName, address)}`;
}

/**
 * Each chain code with its id prefix, longest first (the first match is the longest), built once:
 * a list page asks this of every row it shows.
 */
const ITEM_ID_PREFIXES: readonly (readonly [ChainCode, string])[] = CHAIN_CODES.map(
  ({ code }) => [code, `${code}_`] as const,
).sort(([a], [b]) => b.length - a.length);

/**
 * The chain code of a token item id (`eth_0xab…` → `eth`), undefined for another id. Codes hold
 * underscores too (`polygon_pos`), so it is the longest code the id starts with.
 */
export function chainOfItemId(id: string): ChainCode | undefined {
  for (const [code, prefix] of ITEM_ID_PREFIXES) if (id.startsWith(prefix)) return code;
  return undefined;
}

/**
 * A row of the CEX token table: the same columns, but a coin may live on no research chain.
 * `chainName` is then `null` and `tokenAddress` carries the market id (e.g. `bitcoin`), which is
 * what `/price/{tokenAddress}` receives. `age` and `liquidity` are `null` for CEX coins.
 */
export const cexTokenListItemSchema = z.extend(tokenListItemSchema, {
  chainName: z.nullable(chainCodeSchema),
});
export type CexTokenListItem = z.output<typeof cexTokenListItemSchema>;

/** `totalPages` for `total` items in pages of `pageSize` (0 when there are none). */
export function totalPages(total: number, pageSize: number): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize);
}

const listEnvelope = {
  totalPages: z.int().check(z.nonnegative()),
  page: z.int().check(z.minimum(1)),
  page_size: z.int().check(z.minimum(1)),
};

/** A page of DEX tokens: `{ tokenDetails, totalPages, page, page_size }`. */
export const tokenListResponseSchema = z.object({
  tokenDetails: z.array(tokenListItemSchema),
  ...listEnvelope,
});
export type TokenListResponse = z.output<typeof tokenListResponseSchema>;

/** A page of CEX tokens, same envelope. */
export const cexTokenListResponseSchema = z.object({
  tokenDetails: z.array(cexTokenListItemSchema),
  ...listEnvelope,
});
export type CexTokenListResponse = z.output<typeof cexTokenListResponseSchema>;

/** One DEX token as a list row: `{ tokenDetails }`. */
export const tokenByIdResponseSchema = z.object({ tokenDetails: tokenListItemSchema });
export type TokenByIdResponse = z.output<typeof tokenByIdResponseSchema>;
