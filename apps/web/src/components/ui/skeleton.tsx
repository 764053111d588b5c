/** A grey placeholder bar of the right size, shown while data loads. */
export function Skeleton({ width, className }: { width?: string; className?: string }) {
  return (
    <span
      className={`skeleton${className ? ` ${className}` : ''}`}
      style={width ? { width } : undefined}
      aria-hidden="true"
    />
  );
}

/**
 * Placeholder rows for a table body: `leading` empty cells, `columns` skeleton cells per row, then
 * `trailing` empty cells (an action column, say) so that the rows line up with the headings.
 */
export function SkeletonRows({
  rows,
  columns,
  leading = 0,
  trailing = 0,
}: {
  rows: number;
  columns: number;
  leading?: number;
  trailing?: number;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="data-table__skeleton" data-testid="skeleton-row">
          {Array.from({ length: leading }, (_, column) => (
            <td key={`leading-${column}`} />
          ))}
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}>
              <Skeleton width={column === 0 ? '9em' : '4.5em'} />
            </td>
          ))}
          {Array.from({ length: trailing }, (_, column) => (
            <td key={`trailing-${column}`} />
          ))}
        </tr>
      ))}
    </>
  );
}
