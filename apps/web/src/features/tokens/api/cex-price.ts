import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, cexPriceResponseSchema, type CexPriceResponse } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { tokenKeys } from './query-keys';
import { heartsFreshness } from './token-lists';

// Apart from the CEX list's calls (cex.ts): the price answer's schema holds the whole market row,
// which the list does not need and zod would otherwise build as the list's chunk loads.

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

export const getCexPriceQueryOptions = (tokenAddress: string, viewer: string | undefined) =>
  queryOptions({
    queryKey: tokenKeys.cexPrice(tokenAddress, viewer),
    queryFn: ({ signal }) => getCexPrice(tokenAddress, { signal }),
    ...heartsFreshness(viewer),
  });

export function useCexPrice(tokenAddress: string) {
  const viewer = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getCexPriceQueryOptions(tokenAddress, viewer),
    enabled: tokenAddress !== '',
  });
}
