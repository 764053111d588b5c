import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, ICO_PAGE_SIZE, type IcoListResponse, type IcoStatus } from '@vaultscope/core';

/** What the private-sale table asks for: a tab, the search text and the chosen round. */
export interface IcoListFilter {
  status: IcoStatus;
  /** Token-name search; blank means no search. */
  tokenName: string;
  /** '' while 'Select a round' is showing; 'All' or a round type once one is chosen. */
  round: string;
}

const LIST_PATHS: Record<IcoStatus, string> = {
  active: apiPaths.ico.active,
  upcoming: apiPaths.ico.upcoming,
};

/** Query string of a list call: paging always; the search fields when the user searches. */
export function icoListSearchParams(filter: IcoListFilter, page: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), page_size: String(ICO_PAGE_SIZE) });
  const tokenName = filter.tokenName.trim();
  if (tokenName) params.set('tokenName', tokenName);
  if (filter.round) params.set('round', filter.round);
  if (tokenName || filter.round) params.set('isSearched', 'true');
  return params;
}

/** The answer's schema comes with the request, a chunk fetched on first call (ico-requests.ts). */
export const getIcoList = async (
  filter: IcoListFilter,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<IcoListResponse> => {
  const { requestIcoList } = await import('./ico-requests');
  return requestIcoList(
    `${LIST_PATHS[filter.status]}?${icoListSearchParams(filter, page).toString()}`,
    signal,
  );
};

/**
 * The next page to ask for, or `undefined` when there is none: a page shorter than the page size
 * is the last (spec section 4), and so is the page the server counts as last.
 */
export function nextIcoPage(last: IcoListResponse): number | undefined {
  if (last.tokenDetails.length < last.page_size) return undefined;
  if (last.page >= last.totalPages) return undefined;
  return last.page + 1;
}

/**
 * Keyed by tab and the trimmed search: every keystroke has its own cache entry, so the table shows
 * the answer for the latest text only, whatever order the answers arrive in.
 */
export const icoListQueryKey = (filter: IcoListFilter) =>
  [
    'ico',
    'list',
    filter.status,
    { tokenName: filter.tokenName.trim().toLowerCase(), round: filter.round },
  ] as const;

/** The tab a list query key is for (the third part of {@link icoListQueryKey}). */
const tabOfIcoListKey = (queryKey: readonly unknown[]): unknown => queryKey[2];

export const getIcoListQueryOptions = (filter: IcoListFilter) =>
  infiniteQueryOptions({
    queryKey: icoListQueryKey(filter),
    queryFn: ({ pageParam, signal }) => getIcoList(filter, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextIcoPage,
    // While a new search loads, the previous rows stay (dimmed) instead of flashing skeletons;
    // but never another tab's rows, which a click could open as if they were this tab's.
    placeholderData: (previous, previousQuery) =>
      previousQuery && tabOfIcoListKey(previousQuery.queryKey) === filter.status
        ? keepPreviousData(previous)
        : undefined,
  });

export function useIcoList(filter: IcoListFilter) {
  return useInfiniteQuery(getIcoListQueryOptions(filter));
}
