import { z } from 'zod';
import { CHAIN_CODES, type ChainCode } from '../chains/chains';
import { addressKey } from './addresses';

/**
 * The answers of the token research API's lists (spec sections 3 and 5): list items, list
 * pages, a token as a list row, and the chain codes and paging bounds they share. What the API
 * reads (queries, paths, the scam-check form) is in `request-schemas.ts`, the detail's answer in
 * `detail-schemas.ts`: the web's lists load this module alone.
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
export const usdFigureSchema = z.number().nonnegative().nullable();
const percentChange = z.number().nullable();

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
  id: z.string().min(1),
  CoinName: z.string(),
  /** Ticker symbol (ours, beside the spec's fields). */
  symbol: z.string().optional(),
  tokenAddress: z.string().min(1),
  chainName: chainCodeSchema,
  price: usdFigureSchema,
  age: z.iso.datetime({ offset: true }).nullable(),
  totalTransactions: z.number().int().nonnegative().nullable(),
  pricePercentage: pricePercentageSchema,
  volume: usdFigureSchema,
  liquidity: usdFigureSchema,
  Mcap: usdFigureSchema,
  fdv: usdFigureSchema,
  score: z.number().int().min(0).max(100).nullable(),
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
export const cexTokenListItemSchema = tokenListItemSchema.extend({
  chainName: chainCodeSchema.nullable(),
});
export type CexTokenListItem = z.output<typeof cexTokenListItemSchema>;

/** `totalPages` for `total` items in pages of `pageSize` (0 when there are none). */
export function totalPages(total: number, pageSize: number): number {
  return total <= 0 ? 0 : Math.ceil(total / pageSize);
}

const listEnvelope = {
  totalPages: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
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
