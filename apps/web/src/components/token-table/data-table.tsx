import type { ReactNode } from 'react';

/** Column headings of the token table (spec: DEX and CEX lists, watch list DEX/CEX tabs). */
export const TOKEN_TABLE_COLUMNS = [
  'Coin Name',
  'Price',
  'Age',
  'TXN',
  '5M',
  '1H',
  '6H',
  '24H',
  'VOL',
  'LIQ',
  'MCAP',
  'FDV',
] as const;

/**
 * A table frame with headings and an empty row. Screens pass `children` rows once they have data;
 * until then the empty text says plainly that there is nothing to show.
 */
export function DataTable({
  caption,
  columns,
  emptyText,
  children,
}: {
  caption: string;
  columns: readonly string[];
  emptyText: string;
  children?: ReactNode;
}) {
  const hasRows = Array.isArray(children) ? children.length > 0 : Boolean(children);
  return (
    <div className="table-wrap">
      <table className="data-table">
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
        <tbody>
          {hasRows ? (
            children
          ) : (
            <tr className="data-table__empty">
              <td colSpan={columns.length}>{emptyText}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
