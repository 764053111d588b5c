import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, chainTransactionResponseSchema } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { walletKeys } from './query-keys';

/** A transaction read from a local chain (public: anyone with the link may look). */
export const getChainTransaction = (
  chainId: number,
  hash: string,
  { signal }: { signal?: AbortSignal } = {},
) =>
  apiRequest(apiPaths.wallet.chainTransaction(chainId, hash), {
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
