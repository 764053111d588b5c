import details from './detail-list.module.css';

/** A row of a {@link DetailList}: label, value, and whether the value is monospace (an address). */
export type DetailRow = readonly [label: string, value: string, mono: boolean];

/**
 * A transaction's facts as label and value rows: the send confirmation, the send result and the
 * transaction page.
 */
export function DetailList({ rows, testId }: { rows: readonly DetailRow[]; testId?: string }) {
  return (
    <dl className={details.list} data-testid={testId}>
      {rows.map(([label, value, mono]) => (
        <div key={label} className={details.row}>
          <dt>{label}</dt>
          <dd className={mono ? 'mono' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
