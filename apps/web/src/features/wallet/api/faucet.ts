import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { walletKeys } from './query-keys';

/** Dev only: the server funds this wallet on a local chain; 404 where there are no local chains. */
export const requestTestFunds = (chainId: number) =>
  apiRequest(apiPaths.wallet.faucet, {
    method: 'POST',
    body: { chainId },
    auth: true,
    // The answer's schema comes beside the request (wallet-schemas.ts).
    schema: import('./wallet-schemas').then((m) => m.faucetResponseSchema),
  });

export function useTestFunds() {
  const queryClient = useQueryClient();
  const userId = useSessionStore(selectUser)?._id;
  return useMutation({
    mutationKey: ['wallet', 'faucet'],
    mutationFn: requestTestFunds,
    // Faucet transfers change balances and show up in the history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.of(userId) }),
  });
}
