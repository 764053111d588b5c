import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each feature keeps its tables beside its code.
  schema: [
    './src/lib/db/schema.ts',
    './src/ico/ico-tables.ts',
    './src/favourites/favourites-tables.ts',
    './src/tokens/research-tables.ts',
    './src/wallet/wallet-tables.ts',
    './src/scam/scam-tables.ts',
    './src/indexer/indexer-tables.ts',
  ],
  out: './drizzle',
});
