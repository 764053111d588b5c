import {
  AGE_BANDS,
  AMOUNT_BANDS,
  CHAIN_CODES,
  PAGE_SIZES,
  SCORE_BANDS,
  type AgeBand,
  type AmountBand,
  type ChainCode,
  type ScoreBand,
} from '@vaultscope/core';

/**
 * The filter of the token lists (spec section 3: chainName, age, score, liquidity, volume). Band
 * values and labels come from `@vaultscope/core` (`filters.ts`), the same ones the server parses.
 */
export interface TokenFilter {
  chainName: ChainCode | 'all';
  age: AgeBand;
  score: ScoreBand;
  liquidity: AmountBand;
  volume: AmountBand;
}

export const DEFAULT_TOKEN_FILTER: TokenFilter = {
  chainName: 'all',
  age: 'all',
  score: 'all',
  liquidity: 'all',
  volume: 'all',
};

/** The chain selector of spec section 2: All, then Ethereum=eth, Solana=solana, ... */
export const CHAIN_FILTER_OPTIONS: readonly { value: TokenFilter['chainName']; label: string }[] = [
  { value: 'all', label: 'All' },
  ...CHAIN_CODES.map((chain) => ({ value: chain.code, label: chain.label })),
];

const options = <V extends string>(bands: readonly { value: V; label: string }[]) =>
  bands.map((band) => ({ value: band.value, label: band.label }));

/** The four selects of the Advanced Filters panel, labelled exactly as the spec words the bands. */
export const ADVANCED_FILTERS = [
  { key: 'age', label: 'Age', options: options(AGE_BANDS) },
  { key: 'score', label: 'Score', options: options(SCORE_BANDS) },
  { key: 'liquidity', label: 'Liquidity', options: options(AMOUNT_BANDS) },
  { key: 'volume', label: 'Volume', options: options(AMOUNT_BANDS) },
] as const;

/** Page size of the top-gainer, new-pool and check-token lists (spec section 9). */
export const LIST_PAGE_SIZE = PAGE_SIZES.topAndCheck;

const FILTER_KEYS = ['chainName', 'age', 'score', 'liquidity', 'volume'] as const;

/**
 * The query string of a list call: `page` and `page_size` always, and each filter that is not
 * `all` (an `all` band means no bound, which is also what the server assumes when it is absent).
 */
export function tokenListSearchParams(
  filter: TokenFilter,
  page: number,
  pageSize: number = LIST_PAGE_SIZE,
): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  for (const key of FILTER_KEYS) {
    if (filter[key] !== 'all') params.set(key, filter[key]);
  }
  return params;
}

/** Whether two filters select the same tokens. */
export function sameFilter(a: TokenFilter, b: TokenFilter): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key]);
}
