import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api-client';
import { useProgressiveCount } from '@/lib/use-progressive-count';
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

/** Rows drawn at once when a page answers (a phone's screenful and more), then a step a frame. */
const FIRST_ROWS = 6;
const ROWS_PER_STEP = 5;

/**
 * The rows of a paged table to draw now, and whether the table is still `drawing` them: a page
 * that answers draws its first rows at once and the rest a few a frame (`useProgressiveCount`),
 * since fifty rows drawn in one go were a phone's longest task while most were below the fold.
 * Only the first page holds Show More back; once it has been used it stays put (and keeps its
 * focus) while the next page's rows come.
 */
export function useDrawnRows<Row>(
  rows: readonly Row[],
  pagesRead: number,
): { drawn: readonly Row[]; drawing: boolean } {
  const count = useProgressiveCount(rows.length, FIRST_ROWS, ROWS_PER_STEP);
  return { drawn: rows.slice(0, count), drawing: count < rows.length && pagesRead <= 1 };
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
  pending = false,
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
   * The rows are a query's that has moved on (a new filter's list, drawn in a transition): dimmed
   * and busy as `stale` rows are, but Show More stays where it is, so nothing moves (the layout is
   * the old list's until the new one is drawn).
   */
  pending?: boolean;
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
        wrapClassName={stale || pending ? 'table-wrap--stale' : undefined}
        busy={query.isFetching || pending}
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
            // The rows shown are the old list's: a press would page the new one, restarting it.
            disabled={pending}
            onClick={() => void query.fetchNextPage()}
          >
            Show More
          </Button>
        </div>
      )}
    </div>
  );
}
