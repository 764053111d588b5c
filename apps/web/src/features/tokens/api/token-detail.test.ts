import { INDEXER_PRICE_PROVIDER, type TokenDetailResponse } from '@vaultscope/core';
import type { QueryState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MARKET_REFRESH_MS } from './market-data';
import { detailRefreshInterval, SCAN_POLL_MS } from './token-detail';

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
