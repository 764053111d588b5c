import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiPaths, type TokenListResponse } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { LIST_PAGE_SIZE, tokenListSearchParams, type TokenFilter } from '../lib/filters';
import { MARKET_REFRESH_MS } from './market-refresh';
import { tokenKeys, type DexListKind } from './query-keys';

const LIST_PATHS: Record<DexListKind, string> = {
  check: apiPaths.tokens.checkToken,
  top: apiPaths.tokens.fetchTop,
  new: apiPaths.tokens.newPools,
};

/**
 * One page of a DEX list (spec section 7: `/check-token`, `/fetch-top`, `/new-pools` with the
 * filters, `page` and `page_size` 20). The session token goes along when there is one, so each
 * row's `is_favourite` is the viewer's.
 */
export const getTokenList = (
  kind: DexListKind,
  filter: TokenFilter,
  page: number,
  { signal, pageSize = LIST_PAGE_SIZE }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<TokenListResponse> =>
  apiRequest(`${LIST_PATHS[kind]}?${tokenListSearchParams(filter, page, pageSize).toString()}`, {
    auth: true,
    schema: import('./list-schemas').then((m) => m.tokenListResponseSchema),
    signal,
  });

/**
 * The next page to ask for, or `undefined`: a page shorter than the page size is the last (spec
 * section 4: Show More disappears when fewer than the page size come back), and so is the page
 * the server counts as last.
 */
export function nextListPage(last: {
  tokenDetails: readonly unknown[];
  page: number;
  page_size: number;
  totalPages: number;
}): number | undefined {
  if (last.tokenDetails.length < last.page_size) return undefined;
  if (last.page >= last.totalPages) return undefined;
  return last.page + 1;
}

/**
 * A logged-in viewer's hearts can change on other screens (the watch list, a detail page), so
 * their lists are read again whenever they show; a visitor's lists keep the app's default.
 */
export function heartsFreshness(viewer: string | undefined): { staleTime?: number } {
  return viewer ? { staleTime: 0 } : {};
}

/**
 * What the lists show. They are read again every second, and each read flips `isFetching` twice:
 * re-rendering every row for that (the answer itself, when unchanged, keeps its reference)
 * kept a phone's main thread busy all the time. Only these change what is drawn; `aria-busy`
 * follows a first load, a new filter and Show More, not the background refresh.
 */
const TABLE_RENDER_PROPS = [
  'data',
  'error',
  'isError',
  'isPending',
  'isPlaceholderData',
  'hasNextPage',
  'isFetchingNextPage',
  'isFetchNextPageError',
] as const;
const SLIDER_RENDER_PROPS = ['data', 'error', 'isError', 'isPending', 'isPlaceholderData'] as const;

/** The token table: pages appended by Show More. A new filter starts over with skeleton rows. */
export const getTokenTableQueryOptions = (
  kind: DexListKind,
  filter: TokenFilter,
  viewer: string | undefined,
) =>
  infiniteQueryOptions({
    queryKey: tokenKeys.dexTable(kind, filter, viewer),
    queryFn: ({ pageParam, signal }) => getTokenList(kind, filter, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
    // Prices move block by block: every page shown is read again in place (same rows, same
    // scroll position; no skeleton, since the data is already there).
    refetchInterval: MARKET_REFRESH_MS,
    notifyOnChangeProps: [...TABLE_RENDER_PROPS],
    ...heartsFreshness(viewer),
  });

/**
 * A slider: the first page of its list. While a new filter loads, the previous cards stay
 * (dimmed) rather than the whole strip collapsing.
 */
export const getTokenSliderQueryOptions = (
  kind: DexListKind,
  filter: TokenFilter,
  viewer: string | undefined,
) =>
  queryOptions({
    queryKey: tokenKeys.dexSlider(kind, filter, viewer),
    queryFn: ({ signal }) => getTokenList(kind, filter, 1, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MARKET_REFRESH_MS,
    notifyOnChangeProps: [...SLIDER_RENDER_PROPS],
    ...heartsFreshness(viewer),
  });

export function useTokenTable(kind: DexListKind, filter: TokenFilter) {
  const viewer = useSessionStore(selectUser)?._id;
  return useInfiniteQuery(getTokenTableQueryOptions(kind, filter, viewer));
}

export function useTokenSlider(kind: DexListKind, filter: TokenFilter) {
  const viewer = useSessionStore(selectUser)?._id;
  return useQuery(getTokenSliderQueryOptions(kind, filter, viewer));
}
