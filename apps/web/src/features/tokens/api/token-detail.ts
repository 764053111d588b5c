import { queryOptions, useQuery, type QueryClient, type QueryState } from '@tanstack/react-query';
import {
  addressKey,
  apiPaths,
  CHAIN_CODES,
  INDEXER_PRICE_PROVIDER,
  tokenMessages,
  tokenDetailResponseSchema,
  type ChainCode,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { ApiError, apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { detailChain } from '../lib/detail-route';
import { MARKET_REFRESH_MS } from './market-refresh';
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

/**
 * Starts the request of a detail page opened from its address, before its screen has rendered:
 * the app calls it on a first load (app/route-data.ts), and the screen's query (same key) takes
 * the answer or the request under way. Nothing for a chain the screen refuses; the scam check's
 * hand-over (`checkScam=true`) is left to the screen, which may show its cached data instead.
 */
export function prefetchTokenDetail(
  client: QueryClient,
  {
    address,
    search,
    viewer,
  }: { address: string; search: URLSearchParams; viewer: string | undefined },
): void {
  if (address === '' || search.get('checkScam') === 'true') return;
  const chain = detailChain(search.get('chainName'), address);
  if (!chain.ok) return;
  void client.prefetchQuery(getTokenDetailQueryOptions(address, chain.chainName, viewer));
}

/**
 * Fills the detail query of a page opened from its address with the answer its HTML carried
 * (`json`: the server's answer for a visitor who is not logged in, which app/route-data.ts reads
 * from the page), checked by the API answer's own schema and against the page's token and
 * chain, and fresh as of now. True when filled: the screen then shows it at once and asks the
 * API for nothing. False, for the caller to ask the API as before, for the scam check's
 * hand-over, a chain the screen refuses, and data that is not this page's detail.
 */
export function seedTokenDetail(
  client: QueryClient,
  { address, search, json }: { address: string; search: URLSearchParams; json: string },
): boolean {
  if (address === '' || search.get('checkScam') === 'true') return false;
  const chain = detailChain(search.get('chainName'), address);
  if (!chain.ok) return false;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return false;
  }
  const parsed = tokenDetailResponseSchema.safeParse(value);
  if (
    !parsed.success ||
    parsed.data.chainName !== chain.chainName ||
    addressKey(chain.chainName, parsed.data.tokenAddress) !== addressKey(chain.chainName, address)
  ) {
    return false;
  }
  // The visitor's key: a logged-in viewer's answer carries its own heart, and its app asks.
  client.setQueryData(tokenKeys.detail(chain.chainName, address, undefined), parsed.data);
  return true;
}

/** How often the screen asks again while the analyzer scans the token. */
export const SCAN_POLL_MS = 2_000;
/** Polls before giving up (3 minutes): a scan that takes longer has gone wrong. */
export const SCAN_POLL_LIMIT = 90;

/** The server's 404 'Record not found, will get back shortly': a scan is running. */
export function isScanPending(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 404 &&
    error.message === tokenMessages.recordNotFound
  );
}

/**
 * Ask again every {@link SCAN_POLL_MS} while the analyzer works: the detail is a 404 'will get
 * back shortly' (a first scan) or says `scan.rescanning` (a re-scan); at most
 * {@link SCAN_POLL_LIMIT} times.
 */
export function scanPollInterval(query: {
  state: QueryState<TokenDetailResponse, Error>;
}): number | false {
  const { state } = query;
  if (state.status === 'error') {
    return isScanPending(state.error) && state.errorUpdateCount < SCAN_POLL_LIMIT
      ? SCAN_POLL_MS
      : false;
  }
  return state.data?.scan?.rescanning && state.dataUpdateCount < SCAN_POLL_LIMIT
    ? SCAN_POLL_MS
    : false;
}

/**
 * The detail's refresh: while the analyzer works ({@link scanPollInterval}), and every
 * {@link MARKET_REFRESH_MS} for a token whose figures come from our indexer (its price moves
 * block by block).
 */
export function detailRefreshInterval(query: {
  state: QueryState<TokenDetailResponse, Error>;
}): number | false {
  const scanning = scanPollInterval(query);
  if (scanning !== false) return scanning;
  return query.state.data?.priceProvider === INDEXER_PRICE_PROVIDER ? MARKET_REFRESH_MS : false;
}

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
    refetchInterval: detailRefreshInterval,
    ...(cached ? { initialData: cached, staleTime: Number.POSITIVE_INFINITY } : {}),
  });
}
