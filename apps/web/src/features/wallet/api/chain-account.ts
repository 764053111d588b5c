import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  assetsByChainResponseSchema,
  feeEstimateResponseSchema,
  findChain,
  publicKeyResponseSchema,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { walletKeys } from './query-keys';

/** What the wallet holds on one chain, and its own address there. */

const chainQuery = (chainId: number) => new URLSearchParams({ chainId: String(chainId) });

export const getChainAssets = (chainId: number, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`${apiPaths.wallet.assetsByChain}?${chainQuery(chainId).toString()}`, {
    auth: true,
    schema: assetsByChainResponseSchema,
    signal,
  });

/** The wallet's address on a chain: the Solana key on 101/103, the EVM key elsewhere. */
export async function getOwnAddress(
  chainId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string> {
  const path =
    findChain(chainId)?.family === 'solana' ? apiPaths.wallet.solanaKey : apiPaths.wallet.evmKey;
  const answer = await apiRequest(`${path}?${chainQuery(chainId).toString()}`, {
    auth: true,
    schema: publicKeyResponseSchema,
    signal,
  });
  return answer.key;
}

export const getFeeEstimate = (
  chainId: number,
  tokenAddress: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) => {
  const query = chainQuery(chainId);
  if (tokenAddress) query.set('tokenAddress', tokenAddress);
  return apiRequest(`${apiPaths.wallet.estimateFee}?${query.toString()}`, {
    auth: true,
    schema: feeEstimateResponseSchema,
    signal,
  });
};

export const getChainAssetsQueryOptions = (userId: string | undefined, chainId: number) =>
  queryOptions({
    queryKey: walletKeys.assets(userId, chainId),
    queryFn: ({ signal }) => getChainAssets(chainId, { signal }),
    enabled: userId !== undefined,
  });

export const getOwnAddressQueryOptions = (userId: string | undefined, chainId: number) =>
  queryOptions({
    queryKey: walletKeys.publicKey(userId, chainId),
    queryFn: ({ signal }) => getOwnAddress(chainId, { signal }),
    enabled: userId !== undefined,
    // An address never changes for an account.
    staleTime: Infinity,
  });

export const getFeeEstimateQueryOptions = (
  userId: string | undefined,
  chainId: number,
  tokenAddress: string | undefined,
) =>
  queryOptions({
    queryKey: walletKeys.fee(userId, chainId, tokenAddress),
    queryFn: ({ signal }) => getFeeEstimate(chainId, tokenAddress, { signal }),
    enabled: userId !== undefined,
  });

export function useChainAssets(chainId: number | undefined) {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getChainAssetsQueryOptions(userId, chainId ?? 0),
    enabled: userId !== undefined && chainId !== undefined,
  });
}

export function useOwnAddress(chainId: number | undefined) {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getOwnAddressQueryOptions(userId, chainId ?? 0),
    enabled: userId !== undefined && chainId !== undefined,
  });
}

export function useFeeEstimate(chainId: number | undefined, tokenAddress: string | undefined) {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getFeeEstimateQueryOptions(userId, chainId ?? 0, tokenAddress),
    enabled: userId !== undefined && chainId !== undefined,
  });
}
