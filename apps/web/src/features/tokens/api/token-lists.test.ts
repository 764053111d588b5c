import { describe, expect, it } from 'vitest';
import { nextListPage } from './token-lists';

const page = (rows: number, pageNumber: number, totalPages: number) => ({
  tokenDetails: Array.from({ length: rows }, (_, index) => index),
  page: pageNumber,
  page_size: 20,
  totalPages,
});

describe('nextListPage (Show More)', () => {
  it('asks for the next page after a full one', () => {
    expect(nextListPage(page(20, 1, 5))).toBe(2);
  });

  it('stops when fewer than the page size come back', () => {
    expect(nextListPage(page(19, 1, 5))).toBeUndefined();
    expect(nextListPage(page(0, 1, 0))).toBeUndefined();
  });

  it('stops at the last page the server counts', () => {
    expect(nextListPage(page(20, 5, 5))).toBeUndefined();
  });
});

describe('DEX lists refresh while open', () => {
  it('reads the table and both sliders again every second, keeping their pages', async () => {
    const { getTokenTableQueryOptions, getTokenSliderQueryOptions } = await import('./token-lists');
    const { MARKET_REFRESH_MS } = await import('./market-refresh');
    const { DEFAULT_TOKEN_FILTER } = await import('../lib/filters');
    expect(MARKET_REFRESH_MS).toBe(1_000);
    expect(
      getTokenTableQueryOptions('check', DEFAULT_TOKEN_FILTER, undefined).refetchInterval,
    ).toBe(MARKET_REFRESH_MS);
    for (const kind of ['top', 'new'] as const) {
      expect(getTokenSliderQueryOptions(kind, DEFAULT_TOKEN_FILTER, 'u1').refetchInterval).toBe(
        MARKET_REFRESH_MS,
      );
    }
  });
});
