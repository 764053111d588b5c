import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api-client';
import { Button } from './button';
import { DataTable } from './data-table';

/** The parts of an infinite query that a paged table reads. */
export interface PagedTableQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A list table (`DataTable`) fed page by page: skeleton rows while the first page loads, a red
 * error text when no row could be read, the empty text when there are none, then the rows; under
 * it the error of a further page and Show More while full pages keep coming. `stale` dims the rows (placeholder
 * data of an older search) and holds Show More back until the new answer is in.
 */
export function PagedTable({
  query,
  rowCount,
  caption,
  columns,
  skeletonRows,
  errorText,
  emptyText,
  className,
  tableClassName,
  testId,
  stale = false,
  drawing = false,
  children,
}: {
  query: PagedTableQuery;
  /** Rows read so far, over all pages. */
  rowCount: number;
  caption: string;
  columns: readonly string[];
  skeletonRows: number;
  /** Shown when the server gives no message of its own. */
  errorText: string;
  emptyText: string;
  className?: string | undefined;
  tableClassName: string;
  testId?: string;
  stale?: boolean;
  /**
   * Rows read are still being drawn a few at a time: Show More waits under the last of them, so
   * that it does not appear under the first ones and move down as the rest come (a layout shift).
   */
  drawing?: boolean;
  /** The rows, rendered only once there are any. */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <DataTable
        caption={caption}
        columns={columns}
        loading={query.isPending}
        failure={query.isError && rowCount === 0 ? { error: query.error, text: errorText } : null}
        emptyText={emptyText}
        rowCount={rowCount}
        skeletonRows={skeletonRows}
        className={tableClassName}
        testId={testId}
        wrapClassName={stale ? 'table-wrap--stale' : undefined}
        busy={query.isFetching}
      >
        {children}
      </DataTable>
      {query.isFetchNextPageError && (
        <p className="list-error" role="alert">
          {messageOf(query.error, errorText)}
        </p>
      )}
      {query.hasNextPage && !stale && !drawing && (
        <div className="show-more">
          <Button
            variant="secondary"
            busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show More
          </Button>
        </div>
      )}
    </div>
  );
}
