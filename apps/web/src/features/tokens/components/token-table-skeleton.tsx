import { tokenMessages } from '@vaultscope/core';
import { TOKEN_TABLE_COLUMNS } from '@/components/token-table/token-cells';
import { PagedTable, type PagedTableQuery } from '@/components/ui/paged-table';
import styles from './token-list-table.module.css';

/** Spec section 9: the token table shows 15 skeleton rows while loading. */
const TOKEN_TABLE_SKELETON_ROWS = 15;
const LIST_ERROR_TEXT = 'Could not load tokens. Please try again.';

/** What the token table and its skeleton draw alike: columns, loading, error and empty rows. */
export const TOKEN_TABLE_FRAME = {
  columns: TOKEN_TABLE_COLUMNS,
  skeletonRows: TOKEN_TABLE_SKELETON_ROWS,
  errorText: LIST_ERROR_TEXT,
  emptyText: tokenMessages.noDataFound,
  className: styles.table,
  tableClassName: 'token-table__table',
};

const LOADING: PagedTableQuery = {
  isPending: true,
  isError: false,
  error: null,
  isFetching: true,
  isFetchNextPageError: false,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => Promise.resolve(),
};

/**
 * The token table as `TokenListTable` draws it while its first page loads (headings and 15
 * skeleton rows), without that table's code (its hearts bring the favourites' fetchers and zod):
 * what a screen shows while the table's own code arrives.
 */
export function TokenTableSkeleton({ caption, testId }: { caption: string; testId?: string }) {
  return (
    <PagedTable
      query={LOADING}
      rowCount={0}
      caption={caption}
      {...TOKEN_TABLE_FRAME}
      testId={testId}
    >
      {null}
    </PagedTable>
  );
}
