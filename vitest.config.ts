import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for every workspace. The server suite runs on PGlite, and again on the
 * PostgreSQL server of TEST_DATABASE_URL when it is set (CI sets it).
 */
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/devnet',
      'apps/web',
      'scripts',
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:pglite', root: './apps/server', env: { TEST_DB: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              test: {
                name: 'server:postgres',
                root: './apps/server',
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
