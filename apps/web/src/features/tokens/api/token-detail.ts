import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  CHAIN_CODES,
  tokenByIdResponseSchema,
  tokenDetailResponseSchema,
  type ChainCode,
  type TokenByIdResponse,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { tokenKeys } from './query-keys';
import { heartsFreshness } from './token-lists';

function chainIdOf(chainName: ChainCode): number {
  const chain = CHAIN_CODES.find((item) => item.code === chainName);
  if (!chain) throw new Error(`Unknown chain: ${chainName}`);
  return chain.chainId;
}

/**
 * The token detail with its score (spec section 7: `getDetails(tokenAddress, chainId, chainCode)`
 * as `/get-token-details/{address}?chainid=..&network=..`). A 404 carries the server's
 * 'Record not found, will get back shortly'.
 */
export const getTokenDetail = (
  address: string,
  chainName: ChainCode,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TokenDetailResponse> => {
  const query = new URLSearchParams({ chainid: String(chainIdOf(chainName)), network: chainName });
  return apiRequest(`${apiPaths.tokens.details(address)}?${query.toString()}`, {
    auth: true,
    schema: tokenDetailResponseSchema,
    signal,
  });
};

/** One DEX token as a list row (the token-by-id call): how a heart is read again. */
export const getTokenById = (
  address: string,
  chainName: ChainCode,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TokenByIdResponse> =>
  apiRequest(`${apiPaths.tokens.byId(address)}?${new URLSearchParams({ chainName }).toString()}`, {
    auth: true,
    schema: tokenByIdResponseSchema,
    signal,
  });

export const getTokenDetailQueryOptions = (
  address: string,
  chainName: ChainCode,
  viewer: string | undefined,
) =>
  queryOptions({
    queryKey: tokenKeys.detail(chainName, address, viewer),
    queryFn: ({ signal }) => getTokenDetail(address, chainName, { signal }),
    ...heartsFreshness(viewer),
  });

export interface UseTokenDetailOptions {
  /**
   * Data the page already holds (the scam check's cached `token-data`): shown at once and not
   * fetched again (spec section 4), until a heart toggle marks it old.
   */
  cached?: TokenDetailResponse | null;
  /** False when the page already knows there is nothing to fetch (a scam check's 404). */
  enabled?: boolean;
}

export function useTokenDetail(
  address: string,
  chainName: ChainCode,
  { cached, enabled = true }: UseTokenDetailOptions = {},
) {
  const viewer = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getTokenDetailQueryOptions(address, chainName, viewer),
    enabled: enabled && address !== '',
    ...(cached ? { initialData: cached, staleTime: Number.POSITIVE_INFINITY } : {}),
  });
}
