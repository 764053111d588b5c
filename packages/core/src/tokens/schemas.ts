import { z } from 'zod';
import { CHAIN_CODES, type ChainCode } from '../chains/chains';
import { plainText } from '../text';
import { addressKey, checkAddressForChain } from './addresses';
import {
  AGE_BAND_VALUES,
  AMOUNT_BAND_VALUES,
  SCORE_BAND_VALUES,
  AGE_BANDS,
  AMOUNT_BANDS,
  SCORE_BANDS,
} from './filters';
import { tokenMessages } from './messages';

/**
 * The request and response contract of the token research API (spec sections 3, 5 and 7):
 * list queries, list items, list responses and detail requests. The detail's answer is in
 * `detail-schemas.ts`.
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

/** Page sizes the spec's client uses (section 9). */
export const PAGE_SIZES = { topAndCheck: 20, allTokens: 50, listing: 50 } as const;

/** A query-string enum: trimmed, case-insensitive, defaulting to `all`. */
function queryEnum<const V extends string>(name: string, values: [V, ...V[]], labels: string) {
  const message = `${name} must be one of: ${labels}.`;
  return (
    z
      .string({ error: message })
      .trim()
      .toLowerCase()
      .pipe(z.enum(values, { error: message }))
      .default('all' as V)
      // The input side is a free string (trimmed, any case), so the document names the values here.
      .meta({ description: message })
  );
}

const bandList = (bands: readonly { value: string; label: string }[]) =>
  bands.map((band) => `${band.value} (${band.label})`).join(', ');

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
}

/** `page` (1-based) and `page_size` of a list request, with the page size a list defaults to. */
export function pagingQuery(defaultPageSize: number) {
  return z.object({
    page: wholeNumber('page', 1, PAGING_LIMITS.maxPage, 1),
    page_size: wholeNumber('page_size', 1, PAGING_LIMITS.maxPageSize, defaultPageSize),
  });
}

/** `page` (1-based) and `page_size` of a list request. */
export const pagingQuerySchema = pagingQuery(PAGING_LIMITS.defaultPageSize);
export type PagingQuery = z.output<typeof pagingQuerySchema>;

/**
 * Query of the token lists (`/check-token`, `/fetch-top`, `/new-pools`, all tokens): the
 * filters of spec section 2 and paging. Every field is optional; values are case-insensitive.
 * `chainName` `all` (or absent) means every chain. Band values are those of `filters.ts`:
 * age `all | 0-1hr | 1hr-24hr | 1week | 1month`, score `all | gt70 | lt60 | gt80`,
 * liquidity and volume `all | 10k-100k | 100k-500k | 500k-1m | gt1m`.
 */
export const tokenListQuerySchema = z.object({
  chainName: queryEnum(
    'chainName',
    ['all', ...CHAIN_CODE_VALUES],
    ['all', ...CHAIN_CODE_VALUES].join(', '),
  ),
  age: queryEnum('age', AGE_BAND_VALUES, bandList(AGE_BANDS)),
  score: queryEnum('score', SCORE_BAND_VALUES, bandList(SCORE_BANDS)),
  liquidity: queryEnum('liquidity', AMOUNT_BAND_VALUES, bandList(AMOUNT_BANDS)),
  volume: queryEnum('volume', AMOUNT_BAND_VALUES, bandList(AMOUNT_BANDS)),
  ...pagingQuerySchema.shape,
});
/** A parsed list query (defaults filled in). */
export type TokenListQuery = z.output<typeof tokenListQuerySchema>;

/** Query of the all-token list: the same filters, pages of {@link PAGE_SIZES}`.allTokens` (50) by default. */
export const allTokensQuerySchema = tokenListQuerySchema.extend(
  pagingQuery(PAGE_SIZES.allTokens).shape,
);
/** A list query as a client writes it. */
export type TokenListQueryInput = z.input<typeof tokenListQuerySchema>;

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

const networkSchema = z
  .string({ error: tokenMessages.invalidChain })
  .trim()
  .toLowerCase()
  .pipe(z.enum(CHAIN_CODE_VALUES, { error: tokenMessages.invalidChain }));

/** A token address as typed or put in a path; whether it is one is checked against the chain. */
const tokenAddressText = z
  .string({ error: tokenMessages.addressRequired })
  .trim()
  .check(plainText('Token address'))
  .min(1, tokenMessages.addressRequired);

/** Path of `/get-token-details/{id}`: `id` is the token address. */
export const tokenDetailParamsSchema = z.object({
  id: tokenAddressText,
});

/**
 * Query of `/get-token-details/{id}?network=..[&chainid=..]`: `network` is a chain code
 * ('Invalid blockchain selected.' otherwise); `chainid`, when given, must be that chain's id.
 * Check the address against the network with `checkAddressForChain`.
 */
export const tokenDetailQuerySchema = z
  .object({
    network: networkSchema,
    chainid: z.coerce
      .number({ error: tokenMessages.invalidChain })
      .int(tokenMessages.invalidChain)
      .optional(),
  })
  .refine(
    (query) =>
      query.chainid === undefined ||
      CHAIN_CODES.find((chain) => chain.code === query.network)?.chainId === query.chainid,
    { message: tokenMessages.invalidChain, path: ['chainid'] },
  );
export type TokenDetailQuery = z.output<typeof tokenDetailQuerySchema>;

/**
 * The scam-check form (spec section 2): a chain code and an address valid on it. The address
 * comes out in display form (checksummed for EVM). Messages: 'Invalid blockchain selected.' for
 * an unknown chain, 'Enter a token address.' or 'Enter a valid {Chain} token address.'.
 */
export const scamCheckFormSchema = z
  .object({
    chainName: networkSchema,
    address: tokenAddressText,
  })
  .transform((form, ctx) => {
    const checked = checkAddressForChain(form.chainName, form.address);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.message, path: ['address'] });
      return z.NEVER;
    }
    return { chainName: form.chainName, address: checked.address };
  });
export type ScamCheckForm = z.output<typeof scamCheckFormSchema>;

/** Path of the token-by-id call: the token address. */
export const tokenByIdParamsSchema = z.object({
  address: tokenAddressText,
});

/** Query of the token-by-id call: the chain code, `chainName` ('Invalid blockchain selected.' otherwise). */
export const tokenByIdQuerySchema = z.object({ chainName: networkSchema });

/** One DEX token as a list row: `{ tokenDetails }`. */
export const tokenByIdResponseSchema = z.object({ tokenDetails: tokenListItemSchema });
export type TokenByIdResponse = z.output<typeof tokenByIdResponseSchema>;
