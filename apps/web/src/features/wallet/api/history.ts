import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  apiPaths,
  HISTORY_PAGE_SIZE,
  transactionsResponseSchema,
  type WalletTransaction,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { walletKeys } from './query-keys';

export interface HistoryPage {
  page: number;
  transactions: WalletTransaction[];
  count: number;
}

export async function getHistoryPage(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<HistoryPage> {
  const query = new URLSearchParams({ page: String(page), page_size: String(HISTORY_PAGE_SIZE) });
  const answer = await apiRequest(`${apiPaths.wallet.transactions}?${query.toString()}`, {
    auth: true,
    schema: transactionsResponseSchema,
    signal,
  });
  return { page, ...answer };
}

/**
 * The next page, or none: a page shorter than the page size is the last (spec section 4), and so
 * is the one that brings the rows read to the server's count.
 */
export function nextHistoryPage(last: HistoryPage): number | undefined {
  if (last.transactions.length < HISTORY_PAGE_SIZE) return undefined;
  if (last.page * HISTORY_PAGE_SIZE >= last.count) return undefined;
  return last.page + 1;
}

export const getHistoryQueryOptions = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: walletKeys.history(userId),
    queryFn: ({ pageParam, signal }) => getHistoryPage(pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextHistoryPage,
    enabled: userId !== undefined,
  });

export function useHistory() {
  const userId = useSessionStore(selectUser)?._id;
  return useInfiniteQuery(getHistoryQueryOptions(userId));
}
