import { z } from 'zod';
import { CHAIN_CODES } from '../chains/chains';
import { plainText } from '../text';
import { checkAddressForChain } from './addresses';
import {
  AGE_BAND_VALUES,
  AMOUNT_BAND_VALUES,
  SCORE_BAND_VALUES,
  AGE_BANDS,
  AMOUNT_BANDS,
  SCORE_BANDS,
} from './filters';
import { tokenMessages } from './messages';
import { CHAIN_CODE_VALUES, PAGE_SIZES, PAGING_LIMITS } from './schemas';

// What the token research API reads (spec sections 2, 5 and 7): list queries, detail and
// token-by-id paths and queries, the scam-check form. Apart from the answers' schemas
// (`schemas.ts`): zod builds a schema when its module is evaluated, and the web's lists, which
// read answers only, would otherwise build these with them as their chunk loads.

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
