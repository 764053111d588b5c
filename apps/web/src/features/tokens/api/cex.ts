import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  apiPaths,
  cexPriceResponseSchema,
  cexTokenListResponseSchema,
  PAGING_LIMITS,
  type CexPriceResponse,
  type CexTokenListResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { tokenKeys } from './query-keys';
import { heartsFreshness, nextListPage } from './token-lists';

export const CEX_PAGE_SIZE = PAGING_LIMITS.defaultPageSize;

/** A page of CEX coins by market-cap rank. */
export const getCexTokens = (
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CexTokenListResponse> => {
  const query = new URLSearchParams({ page: String(page), page_size: String(CEX_PAGE_SIZE) });
  return apiRequest(`${apiPaths.cex.tokens}?${query.toString()}`, {
    auth: true,
    schema: cexTokenListResponseSchema,
    signal,
  });
};

/** The price page of a CEX coin, by contract address or market id. */
export const getCexPrice = (
  tokenAddress: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CexPriceResponse> =>
  apiRequest(apiPaths.cex.price(tokenAddress), {
    auth: true,
    schema: cexPriceResponseSchema,
    signal,
  });

export const getCexTableQueryOptions = (viewer: string | undefined) =>
  infiniteQueryOptions({
    queryKey: tokenKeys.cexTable(viewer),
    queryFn: ({ pageParam, signal }) => getCexTokens(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
    ...heartsFreshness(viewer),
  });

export const getCexPriceQueryOptions = (tokenAddress: string, viewer: string | undefined) =>
  queryOptions({
    queryKey: tokenKeys.cexPrice(tokenAddress, viewer),
    queryFn: ({ signal }) => getCexPrice(tokenAddress, { signal }),
    ...heartsFreshness(viewer),
  });

export function useCexTable() {
  const viewer = useSessionStore(selectUser)?._id;
  return useInfiniteQuery(getCexTableQueryOptions(viewer));
}

export function useCexPrice(tokenAddress: string) {
  const viewer = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getCexPriceQueryOptions(tokenAddress, viewer),
    enabled: tokenAddress !== '',
  });
}
