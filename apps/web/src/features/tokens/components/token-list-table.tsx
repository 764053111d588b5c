import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { isTokenRowClickable, type CexTokenListItem, type TokenListItem } from '@vaultscope/core';
import { memo, useDeferredValue } from 'react';
import { TokenCells } from '@/components/token-table/token-cells';
import { PagedTable, useDrawnRows } from '@/components/ui/paged-table';
import { formatAge } from '@/lib/format';
import { pricePath, tokenDetailPath } from '@/lib/web-links';
import { switchingList } from '../lib/switching-list';
import { FavouriteHeart } from './favourite-heart';
import { TOKEN_TABLE_FRAME } from './token-table-skeleton';

type Row = TokenListItem | CexTokenListItem;
type TableQuery = UseInfiniteQueryResult<InfiniteData<{ tokenDetails: readonly Row[] }>>;

/** Where a row's coin name and price lead, by list (spec section 2). */
function linksOf(kind: 'DEX' | 'CEX', row: Row): { to?: string; priceTo?: string } {
  if (kind === 'DEX') {
    // Solana tokens are not clickable on the DEX lists.
    return row.chainName && isTokenRowClickable(row.chainName)
      ? { to: tokenDetailPath(row.tokenAddress, row.chainName) }
      : {};
  }
  // A CEX coin on a research chain opens its detail; one on no chain has only its price page.
  return {
    to: row.chainName
      ? tokenDetailPath(row.tokenAddress, row.chainName)
      : pricePath(row.tokenAddress),
    priceTo: pricePath(row.tokenAddress),
  };
}

interface TokenListTableProps {
  kind: 'DEX' | 'CEX';
  caption: string;
  query: TableQuery;
  testId?: string;
}

/**
 * The token table of the DEX and CEX lists (spec section 2): Coin Name, Price, Age, TXN, 5M, 1H,
 * 6H, 24H, VOL, LIQ, MCAP, FDV; 15 skeleton rows while loading; a heart per row; Show More while
 * full pages keep coming; a red error text when the list cannot be read.
 *
 * What the query says is drawn in a transition (`useDeferredValue`). TanStack Query reaches React
 * through `useSyncExternalStore`, whose updates render at once, in one task: an answer that
 * replaced the skeleton rows was a task of 25-50 ms, 100-200 ms at a phone's 4x slowdown. The
 * render that the answer starts keeps the table as it was (the body below is memoised, so it
 * stops there), and the table is drawn again in a transition, which React splits into slices of
 * a few milliseconds.
 */
export function TokenListTable({ query, ...props }: TokenListTableProps) {
  const deferred = useDeferredValue(query);
  return (
    <TokenListTableBody {...props} query={deferred} switching={switchingList(query, deferred)} />
  );
}

const TokenListTableBody = memo(function TokenListTableBody({
  kind,
  caption,
  query,
  testId,
  switching,
}: TokenListTableProps & { switching: boolean }) {
  const rows = query.data?.pages.flatMap((page) => page.tokenDetails) ?? [];
  // One clock per render, so the ages in a table agree with each other.
  const now = new Date();
  const { drawn, drawing } = useDrawnRows(rows, query.data?.pages.length ?? 0);

  return (
    <PagedTable
      query={query}
      rowCount={rows.length}
      caption={caption}
      {...TOKEN_TABLE_FRAME}
      testId={testId}
      drawing={drawing}
      pending={switching}
    >
      {drawn.map((row) => (
        <TokenRow key={row.id} kind={kind} row={row} now={now} />
      ))}
    </PagedTable>
  );
});

interface TokenRowProps {
  kind: 'DEX' | 'CEX';
  row: Row;
  now: Date;
}

/**
 * One row. The lists are read again every second and an answer keeps the objects of rows that
 * did not change (TanStack Query's structural sharing), so a row is drawn again only when its
 * data changed or its age, as shown, moved on: a refresh that moves one price redraws one row.
 */
const TokenRow = memo(
  function TokenRow({ kind, row, now }: TokenRowProps) {
    const { to, priceTo } = linksOf(kind, row);
    return (
      <tr
        data-testid="token-row"
        data-chain={row.chainName ?? undefined}
        data-token={row.tokenAddress}
      >
        <TokenCells
          token={row}
          to={to}
          priceTo={priceTo}
          now={now}
          leading={
            <FavouriteHeart
              target={{
                type: kind,
                id: row.id,
                tokenAddress: row.tokenAddress,
                chainName: row.chainName,
              }}
              name={row.CoinName}
              isFavourite={row.is_favourite === 1}
            />
          }
        />
      </tr>
    );
  },
  (before: TokenRowProps, after: TokenRowProps) =>
    before.row === after.row &&
    before.kind === after.kind &&
    formatAge(before.row.age, before.now) === formatAge(after.row.age, after.now),
);
