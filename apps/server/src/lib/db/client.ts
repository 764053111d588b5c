import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/**
 * PostgreSQL when a URL is given, else PGlite (PostgreSQL compiled to WASM) in `dataDir`,
 * or in memory when `dataDir` is `memory://`. Both run the same migrations.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
  /** Told when PostgreSQL drops an idle connection (a restart, a terminated backend). */
  onConnectionLost?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // The pool has already discarded the connection and opens a new one when needed; without a
    // listener the 'error' event would crash the process.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir === 'memory://';
  if (!inMemory) fs.mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs the case-insensitive name search; PostgreSQL ships it in contrib.
  const extensions = { pg_trgm };
  const client = inMemory
    ? new PGlite({ extensions })
    : new PGlite(path.join(options.dataDir, 'pglite'), { extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
