import { cleanEvmReport, INDEXER_PRICE_PROVIDER, type TokenDetailResponse } from '@vaultscope/core';
import { QueryClient, type QueryState } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MARKET_REFRESH_MS } from './market-refresh';
import { tokenKeys } from './query-keys';
import {
  detailRefreshInterval,
  prefetchTokenDetail,
  SCAN_POLL_MS,
  seedTokenDetail,
} from './token-detail';

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

describe('seedTokenDetail', () => {
  const address = '0x5eAd87897B90234527efa981D7d0e87704BcF025';
  const answer: TokenDetailResponse = {
    id: `avax_${address.toLowerCase()}`,
    tokenName: '</script><script>alert(1)</script>',
    symbol: 'QRTZ',
    tokenAddress: address,
    chainName: 'avax',
    price: 42,
    fdv: 88_200_000,
    liquidity: 1_200_000,
    priceProvider: INDEXER_PRICE_PROVIDER,
    pairAddress: '0x57adfe41c8c813F427df272d8d89B1134C8B7446',
    isVaultscope: 1,
    totalScore: 35,
    riskLevel: 'high risk',
    trusted_token: null,
    tokenDetails: cleanEvmReport(),
    is_favourite: 0,
    scan: null,
    engineVerdicts: null,
  };

  function seeded(search: string, json: string, pageAddress = address) {
    const client = new QueryClient();
    const ok = seedTokenDetail(client, {
      address: pageAddress,
      search: new URLSearchParams(search),
      json,
    });
    const chain = new URLSearchParams(search).get('chainName') ?? 'eth';
    const data = client.getQueryData(
      tokenKeys.detail(chain as TokenDetailResponse['chainName'], pageAddress, undefined),
    );
    return { ok, data };
  }

  it("fills the visitor's query of the page with the answer the HTML carried, as parsed", () => {
    const { ok, data } = seeded('chainName=avax', JSON.stringify({ ...answer, extra: 'x' }));
    expect(ok).toBe(true);
    // The API answer's schema: the same value, unknown fields stripped.
    expect(data).toEqual(answer);
    // Another letter case of the address is the same token.
    expect(seeded('chainName=avax', JSON.stringify(answer), address.toLowerCase()).ok).toBe(true);
  });

  it("fills nothing with another token's or chain's answer, nor with what fails the schema", () => {
    const other = '0x68B1D87F95878fE05B998F19b66F4baba5De1aed';
    expect(seeded('chainName=avax', JSON.stringify(answer), other).ok).toBe(false);
    expect(seeded('chainName=eth', JSON.stringify(answer)).ok).toBe(false);
    expect(seeded('chainName=avax', JSON.stringify({ ...answer, price: '42' })).ok).toBe(false);
    expect(seeded('chainName=avax', '{"id":').ok).toBe(false);
    expect(seeded('chainName=avax', JSON.stringify(answer)).data).toEqual(answer);
  });

  it("fills nothing for the scam check's hand-over or a chain the screen refuses", () => {
    expect(seeded('chainName=avax&checkScam=true', JSON.stringify(answer))).toEqual({
      ok: false,
      data: undefined,
    });
    expect(seeded('chainName=nochain', JSON.stringify(answer)).ok).toBe(false);
  });
});
