import { useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  CHAIN_CODES,
  tokenDetailResponseSchema,
  type ChainCode,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';

/**
 * The scam check's call: the token detail with its score, for `address` on `chainName`
 * (`/get-token-details/{address}?chainid=..&network=..`, spec section 7).
 */
export const checkToken = (address: string, chainName: ChainCode): Promise<TokenDetailResponse> => {
  const chainId = CHAIN_CODES.find((chain) => chain.code === chainName)?.chainId;
  const query = new URLSearchParams({ network: chainName });
  if (chainId !== undefined) query.set('chainid', String(chainId));
  return apiRequest(`${apiPaths.tokens.details(address)}?${query.toString()}`, {
    auth: true,
    schema: tokenDetailResponseSchema,
  });
};

export function useCheckToken() {
  return useMutation({
    mutationKey: ['scam', 'check'],
    mutationFn: ({ address, chainName }: { address: string; chainName: ChainCode }) =>
      checkToken(address, chainName),
  });
}
