import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addressKey,
  apiPaths,
  tokenRescanResponseSchema,
  type ChainCode,
  type TokenRescanResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { tokenKeys } from './query-keys';

/**
 * A fresh analyzer scan of a token (`POST /api/token/rescan/{address}?network=..`): `done` when
 * the new report is already stored, `scanning` while it runs on.
 */
export const rescanToken = (address: string, chainName: ChainCode): Promise<TokenRescanResponse> =>
  apiRequest(
    `${apiPaths.tokens.rescan(address)}?${new URLSearchParams({ network: chainName }).toString()}`,
    { method: 'POST', auth: true, schema: tokenRescanResponseSchema },
  );

/**
 * The Re-scan button's mutation. Either way the detail is fetched again: it shows the new scan,
 * or says `scan.rescanning` and polls until the new scan lands (see `useTokenDetail`).
 */
export function useRescanToken(address: string, chainName: ChainCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tokens', 'rescan', chainName, addressKey(chainName, address)],
    mutationFn: () => rescanToken(address, chainName),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: [...tokenKeys.details(), chainName, addressKey(chainName, address)],
      }),
  });
}
