import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, chainTransactionResponseSchema } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/**
 * A transaction read from a local chain. Needs the session (the server is no open RPC proxy): a
 * 403 shows as the screen's error state with the server's 'Please connect your wallet'.
 */
export const getChainTransaction = (
  chainId: number,
  hash: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(apiPaths.wallet.chainTransaction(chainId, hash), {
    auth: true,
    schema: chainTransactionResponseSchema,
    signal,
  });

export const getChainTransactionQueryOptions = (chainId: number, hash: string) =>
  queryOptions({
    queryKey: walletKeys.chainTransaction(chainId, hash),
    queryFn: ({ signal }) => getChainTransaction(chainId, hash, { signal }),
    // A pending transaction settles within seconds on a local chain: look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });

export function useChainTransaction(chainId: number, hash: string) {
  return useQuery(getChainTransactionQueryOptions(chainId, hash));
}
