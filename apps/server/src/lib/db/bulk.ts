import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Rows per statement: a few MB of JSON, well inside what PGlite and PostgreSQL take at once. */
const DEFAULT_BATCH = 2_000;

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
  if (rows.length === 0) return;
  const name = sql.identifier(getTableName(table));
  const columns = Object.values(getTableColumns(table)).map((column) => column.name);
  const columnList = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  let conflict: SQL = sql``;
  if (options.upsertOn) {
    const keys = new Set(options.upsertOn);
    const updates = columns
      .filter((column) => !keys.has(column))
      .map((column) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`);
    conflict = sql` on conflict (${sql.join(
      options.upsertOn.map((column) => sql.identifier(column)),
      sql`, `,
    )}) do update set ${sql.join(updates, sql`, `)}`;
  }
  const size = options.batchSize ?? DEFAULT_BATCH;
  for (let start = 0; start < rows.length; start += size) {
    const json = JSON.stringify(rows.slice(start, start + size));
    await db.execute(
      sql`insert into ${name} (${columnList}) select ${columnList} from json_populate_recordset(null::${name}, ${json}::json)${conflict}`,
    );
  }
}
