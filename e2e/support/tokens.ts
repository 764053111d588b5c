import type { APIRequestContext } from '@playwright/test';
import {
  apiPaths,
  cexTokenListResponseSchema,
  tokenDetailResponseSchema,
  tokenListResponseSchema,
  type CexTokenListItem,
  type ChainCode,
  type TokenDetailResponse,
  type TokenListItem,
} from '@vaultscope/core';

/**
 * Token research facts read from the running server, so that the specs hold for any regenerated
 * research snapshot and not only for today's names and figures.
 */

/** A page of a DEX list as the API gives it (`query` without the leading `?`). */
export async function dexList(
  request: APIRequestContext,
  path: string = apiPaths.tokens.checkToken,
  query = '',
): Promise<{ tokenDetails: TokenListItem[]; totalPages: number }> {
  const response = await request.get(`${path}?${query}`);
  return tokenListResponseSchema.parse(await response.json());
}

/** The first DEX token of `chainName`, most liquid first. */
export async function firstToken(
  request: APIRequestContext,
  chainName: ChainCode,
): Promise<TokenListItem> {
  const { tokenDetails } = await dexList(
    request,
    apiPaths.tokens.checkToken,
    `chainName=${chainName}&page_size=1`,
  );
  const token = tokenDetails[0];
  if (!token) throw new Error(`No ${chainName} token in the data`);
  return token;
}

export async function tokenDetail(
  request: APIRequestContext,
  address: string,
  chainName: ChainCode,
): Promise<TokenDetailResponse> {
  const response = await request.get(`${apiPaths.tokens.details(address)}?network=${chainName}`);
  return tokenDetailResponseSchema.parse(await response.json());
}

/** The first token of a list whose detail satisfies `test`. */
export async function findDetail(
  request: APIRequestContext,
  query: string,
  test: (detail: TokenDetailResponse) => boolean,
): Promise<TokenDetailResponse> {
  for (let page = 1; page <= 10; page += 1) {
    const { tokenDetails } = await dexList(
      request,
      apiPaths.tokens.checkToken,
      `${query}&page=${page}&page_size=50`,
    );
    for (const token of tokenDetails) {
      const detail = await tokenDetail(request, token.tokenAddress, token.chainName);
      if (test(detail)) return detail;
    }
  }
  throw new Error(`No token detail matches (${query})`);
}

/** The first page of the CEX list. */
export async function cexTokens(request: APIRequestContext): Promise<CexTokenListItem[]> {
  const response = await request.get(`${apiPaths.cex.tokens}?page=1&page_size=20`);
  return cexTokenListResponseSchema.parse(await response.json()).tokenDetails;
}

/** An EVM address that is valid but in none of the data (the detail answers 404). */
export const UNKNOWN_EVM_ADDRESS = '0x1111111111111111111111111111111111111111';

/** The column headings of the token table (spec section 2). */
export const TOKEN_COLUMNS = [
  'Coin Name',
  'Price',
  'Age',
  'TXN',
  '5M',
  '1H',
  '6H',
  '24H',
  'VOL',
  'LIQ',
  'MCAP',
  'FDV',
];
