import type { ChainCode } from '@vaultscope/core';
import { addressKey } from '@vaultscope/core';
import { sharedQueryKeys } from '@/lib/query-keys';
import type { TokenFilter } from '../lib/filters';

/** The DEX lists of spec section 7: check-token (the table), fetch-top and new-pools (sliders). */
export type DexListKind = 'check' | 'top' | 'new';

/**
 * Query keys of the token feature. Every key starts with the shared `tokens` root and ends with
 * the viewer, because `is_favourite` differs between a visitor and each user.
 */
export const tokenKeys = {
  all: sharedQueryKeys.tokens,
  lists: () => [...sharedQueryKeys.tokens, 'list'] as const,
  dexTable: (kind: DexListKind, filter: TokenFilter, viewer: string | undefined) =>
    [...tokenKeys.lists(), 'dex', 'table', kind, filter, viewer ?? 'anonymous'] as const,
  dexSlider: (kind: DexListKind, filter: TokenFilter, viewer: string | undefined) =>
    [...tokenKeys.lists(), 'dex', 'slider', kind, filter, viewer ?? 'anonymous'] as const,
  cexTable: (viewer: string | undefined) =>
    [...tokenKeys.lists(), 'cex', viewer ?? 'anonymous'] as const,
  details: () => [...sharedQueryKeys.tokens, 'detail'] as const,
  detail: (chainName: ChainCode, address: string, viewer: string | undefined) =>
    [
      ...tokenKeys.details(),
      chainName,
      addressKey(chainName, address),
      viewer ?? 'anonymous',
    ] as const,
  /** Market data is the same for every viewer: no viewer in these keys. */
  candles: (chainName: ChainCode, address: string, interval: string) =>
    [
      ...tokenKeys.details(),
      'candles',
      chainName,
      addressKey(chainName, address),
      interval,
    ] as const,
  trades: (chainName: ChainCode, address: string, limit: number) =>
    [...tokenKeys.details(), 'trades', chainName, addressKey(chainName, address), limit] as const,
  cexPrices: () => [...sharedQueryKeys.tokens, 'cex-price'] as const,
  /** `/api/health`'s research sources: how old each kind of data is (the same for every viewer). */
  researchHealth: () => [...sharedQueryKeys.tokens, 'research-health'] as const,
  cexPrice: (tokenAddress: string, viewer: string | undefined) =>
    [...tokenKeys.cexPrices(), tokenAddress, viewer ?? 'anonymous'] as const,
};
