import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Rows per statement: a few MB of JSON, well inside what PGlite and PostgreSQL take at once. */
const DEFAULT_BATCH = 2_000;

/** The rows of a raw query's result (PGlite's and node-postgres's results both carry `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One `insert ... select from json_populate_recordset(...)` per batch, with `tail` (conflict
 * clause, returning) after it; the rows each batch returns, in order.
 */
async function insertBatches<T extends PgTable, R>(
  db: Pick<Database, 'execute'>,
  table: T,
  rows: readonly T['$inferSelect'][],
  tail: (columns: string[]) => SQL,
  batchSize = DEFAULT_BATCH,
  where: (columns: string[]) => SQL = () => sql``,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const name = sql.identifier(getTableName(table));
  const columns = Object.values(getTableColumns(table)).map((column) => column.name);
  const columnList = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const returned: R[] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    const json = JSON.stringify(rows.slice(start, start + batchSize));
    const result = await db.execute(
      sql`insert into ${name} as t (${columnList}) select ${columnList} from json_populate_recordset(null::${name}, ${json}::json) j${where(columns)}${tail(columns)}`,
    );
    returned.push(...rowsOf<R>(result));
  }
  return returned;
}

const identifiers = (columns: readonly string[], prefix: string) =>
  sql.raw(columns.map((column) => `${prefix}"${column}"`).join(', '));

const conflictUpdate = (columns: readonly string[], key: readonly string[]) => {
  const keys = new Set(key);
  const updates = columns
    .filter((column) => !keys.has(column))
    .map((column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`);
  return sql` on conflict (${sql.join(
    key.map((column) => sql.identifier(column)),
    sql`, `,
  )}) do update set ${sql.join(updates, sql`, `)}`;
};

/**
 * Inserts (or upserts) many rows fast, on PGlite and PostgreSQL alike: each batch is one
 * statement with one parameter, a JSON array that PostgreSQL turns into rows with
 * `json_populate_recordset`. No bind-parameter limit, no SQL text that grows with the batch.
 *
 * Rows must be keyed by **column name** and carry every column (a missing key reads as null,
 * not as the column default), which is why the research tables use column names as keys.
 */
export async function bulkInsert<T extends PgTable>(
  db: Pick<Database, 'execute'>,
  table: T,
  rows: readonly T['$inferSelect'][],
  options: { upsertOn?: readonly string[]; batchSize?: number } = {},
): Promise<void> {
  const { upsertOn } = options;
  await insertBatches(
    db,
    table,
    rows,
    (columns) => (upsertOn ? conflictUpdate(columns, upsertOn) : sql``),
    options.batchSize,
  );
}

/**
 * Upserts rows as {@link bulkInsert} does, but writes only the rows that are new or differ from
 * the stored row in a column other than the key and `ignore` (a row's `updated_at`, say, which
 * then tells when the row last changed). Returns the `returning` column of the rows written.
 *
 * An unchanged row costs a primary-key lookup and a comparison, nothing more: it is left out
 * before the insert, because `on conflict do update ... where` would still lock (and so write)
 * every row it compares. A live load that delivers every pool again every minute, of which a
 * few changed, writes those few.
 */
export async function bulkUpsertChanged<T extends PgTable, C extends keyof T['$inferSelect']>(
  db: Pick<Database, 'execute'>,
  table: T,
  rows: readonly T['$inferSelect'][],
  options: {
    key: readonly (keyof T['$inferSelect'] & string)[];
    ignore?: readonly (keyof T['$inferSelect'] & string)[];
    returning: C & string;
    batchSize?: number;
  },
): Promise<T['$inferSelect'][C][]> {
  const skip = new Set<string>([...options.key, ...(options.ignore ?? [])]);
  const compared = (columns: string[]) => columns.filter((column) => !skip.has(column));
  const name = sql.identifier(getTableName(table));
  const sameKey = sql.raw(
    options.key.map((column) => `s."${column}" = j."${column}"`).join(' and '),
  );
  const returned = await insertBatches<T, Record<string, T['$inferSelect'][C]>>(
    db,
    table,
    rows,
    (columns) =>
      sql`${conflictUpdate(columns, options.key)} where (${identifiers(compared(columns), 't.')}) is distinct from (${identifiers(compared(columns), 'excluded.')}) returning t.${sql.identifier(options.returning)}`,
    options.batchSize,
    (columns) =>
      sql` where not exists (select 1 from ${name} s where ${sameKey} and (${identifiers(compared(columns), 's.')}) is not distinct from (${identifiers(compared(columns), 'j.')}))`,
  );
  return returned.map((row) => row[options.returning]!);
}
