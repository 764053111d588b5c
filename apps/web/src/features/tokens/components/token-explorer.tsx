import { isTokenRowClickable, type TokenListItem } from '@vaultscope/core';
import { useDeferredValue, useState } from 'react';
import { tokenDetailPath } from '@/lib/web-links';
import { useTokenSlider, useTokenTable } from '../api/token-lists';
import { DEFAULT_TOKEN_FILTER, sameFilter, type TokenFilter } from '../lib/filters';
import { newDetailPath } from '../lib/links';
import { TOP_GAINERS_HEADING_ID } from '../top-gainers-heading';
import { TokenFilterBar } from './token-filter-bar';
import { TokenListTable } from './token-list-table';
import { TokenExplorerLoader } from './token-explorer-loader';
import { TokenSlider } from './token-slider';
import styles from './token-explorer.module.css';
import { DataAge } from './data-age';

const detailLink = (token: TokenListItem) =>
  isTokenRowClickable(token.chainName)
    ? tokenDetailPath(token.tokenAddress, token.chainName)
    : undefined;

const newDetailLink = (token: TokenListItem) =>
  isTokenRowClickable(token.chainName)
    ? newDetailPath(token.tokenAddress, token.chainName)
    : undefined;

/**
 * The DEX lists under one filter: the filter bar, the Top Gainers (`/fetch-top`) and New Pools
 * (`/new-pools`) sliders and the token table (`/check-token`) with Show More. Used by the DEX page
 * and, below its top strip, by Home.
 *
 * `fullScreenLoading`: the DEX page shows one full-screen spinner while nothing has loaded yet.
 */
export function TokenExplorer({ fullScreenLoading = false }: { fullScreenLoading?: boolean }) {
  const [filter, setFilter] = useState<TokenFilter>(DEFAULT_TOKEN_FILTER);
  const top = useTokenSlider('top', filter);
  const fresh = useTokenSlider('new', filter);
  const table = useTokenTable('check', filter);

  const [refetching, setRefetching] = useState(false);
  // The lists also refresh themselves every second (prices move): that is no search, so only a
  // new filter (its lists loading or still the old ones) or the same search again shows as one.
  const searching =
    refetching ||
    [top, fresh].some(
      (query) => (query.isPending && query.isFetching) || query.isPlaceholderData,
    ) ||
    (table.isPending && table.isFetching);

  function apply(next: TokenFilter) {
    if (sameFilter(next, filter)) {
      // The same search again: read the lists again.
      setRefetching(true);
      void Promise.all([top.refetch(), fresh.refetch(), table.refetch()]).finally(() =>
        setRefetching(false),
      );
    } else {
      setFilter(next);
    }
  }

  // The spinner gives way to the lists in a transition: the first answer to arrive otherwise
  // drew the filter bar, both sliders and the table in one task of the query store's update.
  const nothingLoaded = useDeferredValue(top.isPending && fresh.isPending && table.isPending);
  if (fullScreenLoading && nothingLoaded) {
    return <TokenExplorerLoader />;
  }

  return (
    <div className={styles.explorer}>
      <TokenFilterBar applied={filter} onApply={apply} searching={searching} />
      <TokenSlider
        title="Top Gainers"
        headingId={TOP_GAINERS_HEADING_ID}
        query={top}
        linkFor={detailLink}
        testId="slider-top-gainers"
      />
      <TokenSlider
        title="New Pools"
        headingId="new-pools"
        query={fresh}
        linkFor={newDetailLink}
        testId="slider-new-pools"
      />
      <section className={styles.list} aria-labelledby="all-tokens">
        <h2 id="all-tokens" className="section-title">
          All Tokens
        </h2>
        <DataAge kind="dex" />
        <TokenListTable kind="DEX" caption="DEX tokens" query={table} testId="dex-table" />
      </section>
    </div>
  );
}
