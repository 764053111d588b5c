import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type NetworkMode } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { walletKeys } from './query-keys';

// The answers' schemas come beside the requests (wallet-schemas.ts).
export const getNetworkMode = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(apiPaths.wallet.checkNetworkMode, {
    auth: true,
    schema: import('./wallet-schemas').then((m) => m.networkModeSchema),
    signal,
  });

export const switchNetworks = (mode: NetworkMode) =>
  apiRequest(apiPaths.wallet.switchNetworks, {
    method: 'POST',
    body: mode,
    auth: true,
    schema: import('./wallet-schemas').then((m) => m.switchNetworksResponseSchema),
  });

export const getNetworkModeQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: walletKeys.networkMode(userId),
    queryFn: ({ signal }) => getNetworkMode({ signal }),
    enabled: userId !== undefined,
  });

export function useNetworkMode() {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery(getNetworkModeQueryOptions(userId));
}

/** Switching is applied on the server, then the portfolio is read again (spec section 4). */
export function useSwitchNetworks() {
  const queryClient = useQueryClient();
  const userId = useSessionStore(selectUser)?._id;
  return useMutation({
    mutationKey: ['wallet', 'switch-networks'],
    mutationFn: switchNetworks,
    onSuccess: async (answer) => {
      queryClient.setQueryData(walletKeys.networkMode(userId), {
        showMainnet: answer.showMainnet,
        showTestnet: answer.showTestnet,
      });
      await queryClient.invalidateQueries({ queryKey: walletKeys.portfolio(userId) });
    },
  });
}
