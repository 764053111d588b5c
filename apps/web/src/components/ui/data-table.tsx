import type { ReactNode } from 'react';
import { messageOf } from '@/lib/api-client';
import { SkeletonRows } from './skeleton';

/**
 * The one list table of the app: a visually hidden caption, the column headings, and a body that
 * shows, in this order, skeleton rows while `loading`, a red error text (`role="alert"`) when
 * `failure` is set, the empty text when `rowCount` is 0, and otherwise the rows passed as children.
 * Screens decide when an error hides the rows (most keep rows already read and show the error only
 * when there are none); the table only draws the state it is given.
 */
export function DataTable({
  caption,
  columns,
  action,
  loading,
  failure,
  emptyText,
  rowCount,
  skeletonRows,
  className,
  testId,
  wrapClassName,
  busy,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** A column of row buttons with a visually hidden heading, before or after the named columns. */
  action?: { label: string; at: 'start' | 'end' };
  loading: boolean;
  /** Puts the error row in place of the rows: the error's message, or `text` if it has none. */
  failure?: { error: unknown; text: string } | null;
  emptyText: ReactNode;
  rowCount: number;
  skeletonRows: number;
  /** Classes added to the table's own `data-table`. */
  className?: string;
  testId?: string;
  /** Classes added to the scrolling wrapper's own `table-wrap`. */
  wrapClassName?: string;
  /** Sets `aria-busy` on the wrapper while a (re)fetch runs. */
  busy?: boolean;
  /** The rows, rendered only when there are any and no other state applies. */
  children: ReactNode;
}) {
  const span = columns.length + (action ? 1 : 0);
  const actionHeading = action && (
    <th scope="col" className={action.at === 'end' ? 'data-table__action' : undefined}>
      <span className="visually-hidden">{action.label}</span>
    </th>
  );

  let body: ReactNode;
  if (loading) {
    body = (
      <SkeletonRows
        rows={skeletonRows}
        columns={columns.length}
        leading={action?.at === 'start' ? 1 : 0}
        trailing={action?.at === 'end' ? 1 : 0}
      />
    );
  } else if (failure) {
    body = (
      <tr className="data-table__empty">
        <td colSpan={span}>
          <p className="list-error" role="alert">
            {messageOf(failure.error, failure.text)}
          </p>
        </td>
      </tr>
    );
  } else if (rowCount === 0) {
    body = (
      <tr className="data-table__empty">
        <td colSpan={span}>{emptyText}</td>
      </tr>
    );
  } else {
    body = children;
  }

  return (
    <div
      className={wrapClassName ? `table-wrap ${wrapClassName}` : 'table-wrap'}
      aria-busy={busy || undefined}
    >
      <table className={className ? `data-table ${className}` : 'data-table'} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {action?.at === 'start' && actionHeading}
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {action?.at === 'end' && actionHeading}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
