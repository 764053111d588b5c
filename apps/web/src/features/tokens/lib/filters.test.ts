import {
  AGE_BANDS,
  AMOUNT_BANDS,
  CHAIN_CODES,
  SCORE_BANDS,
  tokenListQuerySchema,
} from '@vaultscope/core';
import { describe, expect, it } from 'vitest';
import {
  ADVANCED_FILTERS,
  CHAIN_FILTER_OPTIONS,
  DEFAULT_TOKEN_FILTER,
  sameFilter,
  tokenListSearchParams,
  type TokenFilter,
} from './filters';

describe('token filter → list query', () => {
  it('sends only paging for the default filter', () => {
    expect(tokenListSearchParams(DEFAULT_TOKEN_FILTER, 1).toString()).toBe('page=1&page_size=20');
  });

  it('sends every chosen band with its query value', () => {
    const filter: TokenFilter = {
      chainName: 'polygon_pos',
      age: '1hr-24hr',
      score: 'gt70',
      liquidity: '500k-1m',
      volume: 'gt1m',
    };
    const params = tokenListSearchParams(filter, 3, 50);
    expect(Object.fromEntries(params)).toEqual({
      page: '3',
      page_size: '50',
      chainName: 'polygon_pos',
      age: '1hr-24hr',
      score: 'gt70',
      liquidity: '500k-1m',
      volume: 'gt1m',
    });
  });

  it('leaves out `all` values one by one', () => {
    const params = tokenListSearchParams({ ...DEFAULT_TOKEN_FILTER, score: 'lt60' }, 1);
    expect(params.has('chainName')).toBe(false);
    expect(params.has('age')).toBe(false);
    expect(params.get('score')).toBe('lt60');
  });

  it('round-trips through the server schema for every band of every filter', () => {
    for (const chain of CHAIN_FILTER_OPTIONS) {
      for (const age of AGE_BANDS) {
        for (const score of SCORE_BANDS) {
          for (const amount of AMOUNT_BANDS) {
            const filter: TokenFilter = {
              chainName: chain.value,
              age: age.value,
              score: score.value,
              liquidity: amount.value,
              volume: amount.value,
            };
            const parsed = tokenListQuerySchema.parse(
              Object.fromEntries(tokenListSearchParams(filter, 2)),
            );
            expect(parsed).toEqual({ ...filter, page: 2, page_size: 20 });
          }
        }
      }
    }
  });
});

describe('filter options', () => {
  it('offers the chains of the spec in order, after All', () => {
    expect(CHAIN_FILTER_OPTIONS.map((option) => `${option.label}=${option.value}`)).toEqual([
      'All=all',
      'Ethereum=eth',
      'Solana=solana',
      'Binance=bsc',
      'Avalanche=avax',
      'Polygon=polygon_pos',
    ]);
    expect(CHAIN_FILTER_OPTIONS).toHaveLength(CHAIN_CODES.length + 1);
  });

  it('labels the bands exactly as the spec does', () => {
    const labels = Object.fromEntries(
      ADVANCED_FILTERS.map((filter) => [
        filter.label,
        filter.options.map((option) => option.label),
      ]),
    );
    expect(labels).toEqual({
      Age: ['All', '0-1hr', '1hr-24hr', '1 week', '1 month'],
      Score: ['All', 'greater than 70', 'less than 60', 'greater than 80'],
      Liquidity: ['All', '10k-100k', '100k-500k', '500k-1M', 'greater than 1M'],
      Volume: ['All', '10k-100k', '100k-500k', '500k-1M', 'greater than 1M'],
    });
  });

  it('compares filters by value', () => {
    expect(sameFilter(DEFAULT_TOKEN_FILTER, { ...DEFAULT_TOKEN_FILTER })).toBe(true);
    expect(sameFilter(DEFAULT_TOKEN_FILTER, { ...DEFAULT_TOKEN_FILTER, age: '0-1hr' })).toBe(false);
  });
});
