import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  candlesResponseSchema,
  INDEXER_PRICE_PROVIDER,
  tradesResponseSchema,
  type CandleInterval,
  type CandlesResponse,
  type ChainCode,
  type TradesResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { MARKET_REFRESH_MS } from './market-refresh';
import { tokenKeys } from './query-keys';

/**
 * How often the chart asks again when its candles are not our indexer's (a live DEX provider's
 * on a chain the indexer does not serve): the server answers those from a copy it keeps a
 * minute per pool, within the provider's rate limit, so asking every second shows nothing new.
 */
export const PROVIDER_CANDLES_REFRESH_MS = 15_000;

/** Candles of a token's primary pool: the last 300 at `interval`, up to now. */
export const getCandles = (
  address: string,
  chainName: ChainCode,
  interval: CandleInterval,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CandlesResponse> => {
  const query = new URLSearchParams({ network: chainName, interval });
  return apiRequest(`${apiPaths.tokens.candles(address)}?${query.toString()}`, {
    schema: candlesResponseSchema,
    signal,
  });
};

/** The latest trades of a token's primary pool, newest first. */
export const getTrades = (
  address: string,
  chainName: ChainCode,
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TradesResponse> => {
  const query = new URLSearchParams({ network: chainName, limit: String(limit) });
  return apiRequest(`${apiPaths.tokens.trades(address)}?${query.toString()}`, {
    schema: tradesResponseSchema,
    signal,
  });
};

export const getCandlesQueryOptions = (
  address: string,
  chainName: ChainCode,
  interval: CandleInterval,
) =>
  queryOptions({
    queryKey: tokenKeys.candles(chainName, address, interval),
    queryFn: ({ signal }) => getCandles(address, chainName, interval, { signal }),
    // A new interval keeps the old candles on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && query.state.data.priceProvider !== INDEXER_PRICE_PROVIDER
        ? PROVIDER_CANDLES_REFRESH_MS
        : MARKET_REFRESH_MS,
    staleTime: 0,
  });

export const getTradesQueryOptions = (address: string, chainName: ChainCode, limit: number) =>
  queryOptions({
    queryKey: tokenKeys.trades(chainName, address, limit),
    queryFn: ({ signal }) => getTrades(address, chainName, limit, { signal }),
    refetchInterval: MARKET_REFRESH_MS,
    staleTime: 0,
  });

export function useCandles(address: string, chainName: ChainCode, interval: CandleInterval) {
  return useQuery(getCandlesQueryOptions(address, chainName, interval));
}

export function useTrades(address: string, chainName: ChainCode, limit = 20) {
  return useQuery(getTradesQueryOptions(address, chainName, limit));
}
