import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api-client';
import { Button } from './button';
import { SkeletonRows } from './skeleton';

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
 * A list table fed page by page: skeleton rows while the first page loads, a red error text when
 * no row could be read, the empty text when there are none, then the rows; under it the error of
 * a further page and Show More while full pages keep coming. `stale` dims the rows (placeholder
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
  className: string;
  tableClassName: string;
  testId?: string;
  stale?: boolean;
  /** The rows, rendered only once there are any. */
  children: ReactNode;
}) {
  let body: ReactNode;
  if (query.isPending) {
    body = <SkeletonRows rows={skeletonRows} columns={columns.length} />;
  } else if (query.isError && rowCount === 0) {
    body = (
      <tr className="data-table__empty">
        <td colSpan={columns.length}>
          <p className="list-error" role="alert">
            {messageOf(query.error, errorText)}
          </p>
        </td>
      </tr>
    );
  } else if (rowCount === 0) {
    body = (
      <tr className="data-table__empty">
        <td colSpan={columns.length}>{emptyText}</td>
      </tr>
    );
  } else {
    body = children;
  }

  return (
    <div className={className}>
      <div
        className={`table-wrap${stale ? ' table-wrap--stale' : ''}`}
        aria-busy={query.isFetching || undefined}
      >
        <table className={`data-table ${tableClassName}`} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {query.isFetchNextPageError && (
        <p className="list-error" role="alert">
          {messageOf(query.error, errorText)}
        </p>
      )}
      {query.hasNextPage && !stale && (
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
