import { INDEXER_PRICE_PROVIDER, type TokenDetailResponse } from '@vaultscope/core';
import { QueryClient, type QueryState } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MARKET_REFRESH_MS } from './market-refresh';
import { tokenKeys } from './query-keys';
import { detailRefreshInterval, prefetchTokenDetail, SCAN_POLL_MS } from './token-detail';

function state(data: Partial<TokenDetailResponse> | undefined) {
  return {
    state: {
      status: 'success',
      data,
      dataUpdateCount: 1,
      errorUpdateCount: 0,
      error: null,
    } as unknown as QueryState<TokenDetailResponse, Error>,
  };
}

describe('detailRefreshInterval', () => {
  it('reads an indexed token again every second, its price moving block by block', () => {
    expect(detailRefreshInterval(state({ priceProvider: INDEXER_PRICE_PROVIDER }))).toBe(
      MARKET_REFRESH_MS,
    );
  });

  it('leaves a snapshot token alone, and polls a re-scan at the scan pace', () => {
    expect(detailRefreshInterval(state({ priceProvider: 'Vaultscope snapshot' }))).toBe(false);
    expect(
      detailRefreshInterval(
        state({
          priceProvider: 'Vaultscope snapshot',
          scan: { rescanning: true } as TokenDetailResponse['scan'],
        }),
      ),
    ).toBe(SCAN_POLL_MS);
  });
});

describe('prefetchTokenDetail', () => {
  const address = '0x5eAd87897B90234527efa981D7d0e87704BcF025';

  function prefetched(search: string, viewer?: string) {
    const client = new QueryClient();
    const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    prefetchTokenDetail(client, { address, search: new URLSearchParams(search), viewer });
    return prefetch.mock.calls.map(([options]) => options.queryKey);
  }

  it("starts the screen's own query: same chain, address and viewer, so the screen takes it", () => {
    expect(prefetched('chainName=avax', 'user-1')).toEqual([
      tokenKeys.detail('avax', address, 'user-1'),
    ]);
    // No chain named: the screen's default (Ethereum for an EVM address).
    expect(prefetched('')).toEqual([tokenKeys.detail('eth', address, undefined)]);
  });

  it("asks nothing for a chain the screen refuses, nor for the scam check's hand-over", () => {
    expect(prefetched('chainName=nochain')).toEqual([]);
    expect(prefetched('chainName=eth&checkScam=true')).toEqual([]);
  });
});
