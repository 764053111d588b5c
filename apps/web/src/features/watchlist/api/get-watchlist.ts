import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  cexTokenListItemSchema,
  icoListItemSchema,
  tokenListItemSchema,
  watchlistResponseSchema,
  type CexTokenListItem,
  type IcoListItem,
  type TokenListItem,
  type WatchlistResponse,
} from '@vaultscope/core';
import { apiRequest, type AnswerSchema } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

/** One watched item: its watch-list id (the favourite's `itemId`) and its row data. */
export interface WatchEntry<T> {
  itemId: string;
  item: T;
}

export interface Watchlist {
  DEX: WatchEntry<TokenListItem>[];
  CEX: WatchEntry<CexTokenListItem>[];
  ICO: WatchEntry<IcoListItem>[];
}

type Entries = WatchlistResponse['data']['DEX'];

/**
 * Each entry's `details` is validated with the row schema of its kind; an entry that does not fit
 * is left out (and logged) rather than shown half-broken.
 */
function parseEntries<T>(kind: string, entries: Entries, schema: AnswerSchema<T>): WatchEntry<T>[] {
  const result: WatchEntry<T>[] = [];
  for (const entry of entries) {
    const parsed = schema.safeParse(entry.details);
    if (parsed.success) result.push({ itemId: entry._id, item: parsed.data });
    else if (import.meta.env.MODE !== 'test') {
      console.warn(`[watchlist] ${kind} entry ${entry._id} skipped: unexpected shape`);
    }
  }
  return result;
}

export function parseWatchlist(response: WatchlistResponse): Watchlist {
  return {
    DEX: parseEntries('DEX', response.data.DEX, tokenListItemSchema),
    CEX: parseEntries('CEX', response.data.CEX, cexTokenListItemSchema),
    ICO: parseEntries('ICO', response.data.ICO, icoListItemSchema),
  };
}

export const getWatchlist = async (
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Watchlist> => {
  const response = await apiRequest(apiPaths.watchlist.allOf(userId), {
    auth: true,
    schema: watchlistResponseSchema,
    signal,
  });
  return parseWatchlist(response);
};

export const watchlistQueryKey = (userId: string | undefined) =>
  [...sharedQueryKeys.watchlist, userId ?? 'anonymous'] as const;

export const getWatchlistQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: watchlistQueryKey(userId),
    queryFn: ({ signal }) => {
      // Spec section 5: the listing needs the user id.
      if (!userId) throw new Error('User ID not found in localStorage.');
      return getWatchlist(userId, { signal });
    },
    enabled: userId !== undefined,
  });

/** The DEX, CEX and ICO tabs of the watch list, from one listing call. */
export function useWatchlist(userId: string | undefined) {
  return useQuery(getWatchlistQueryOptions(userId));
}
