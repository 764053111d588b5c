import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  apiPaths,
  cexTokenListResponseSchema,
  PAGING_LIMITS,
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

export const getCexTableQueryOptions = (viewer: string | undefined) =>
  infiniteQueryOptions({
    queryKey: tokenKeys.cexTable(viewer),
    queryFn: ({ pageParam, signal }) => getCexTokens(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
    ...heartsFreshness(viewer),
  });

export function useCexTable() {
  const viewer = useSessionStore(selectUser)?._id;
  return useInfiniteQuery(getCexTableQueryOptions(viewer));
}
