import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { getNetworkModeQueryOptions } from './network-mode';
import { walletKeys } from './query-keys';

/**
 * Balances of every chain of the current network mode, with USD values and a total. The answer's
 * schema comes beside the request (wallet-schemas.ts).
 */
export const getPortfolio = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(apiPaths.wallet.allChainAssets, {
    auth: true,
    schema: import('./wallet-schemas').then((m) => m.portfolioResponseSchema),
    signal,
  });

export const getPortfolioQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: walletKeys.portfolio(userId),
    queryFn: ({ signal }) => getPortfolio({ signal }),
    enabled: userId !== undefined,
  });

export function usePortfolio() {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery(getPortfolioQueryOptions(userId));
}

/**
 * The dashboard's two calls for a first load of /vaultscope-wallet, started as soon as the
 * session is known (app/route-data.ts) instead of once the screen has hydrated: the hooks take
 * them over (same keys and options). A 403 leaves the query in error, which sends the screen to
 * /connect-wal as it mounts.
 */
export function prefetchWalletDashboard(client: QueryClient, userId: string): void {
  void client.prefetchQuery(getPortfolioQueryOptions(userId));
  void client.prefetchQuery(getNetworkModeQueryOptions(userId));
}
