import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
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
