import {
  apiPaths,
  tokenByIdResponseSchema,
  type ChainCode,
  type TokenByIdResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';

/**
 * One DEX token as a list row (the token-by-id call): how a heart is read again. Apart from the
 * detail's module (`token-detail.ts`) so that the lists, which import it through their hearts,
 * do not load the detail's schemas with it.
 */
export const getTokenById = (
  address: string,
  chainName: ChainCode,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TokenByIdResponse> =>
  apiRequest(`${apiPaths.tokens.byId(address)}?${new URLSearchParams({ chainName }).toString()}`, {
    auth: true,
    schema: tokenByIdResponseSchema,
    signal,
  });
