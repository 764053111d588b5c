import { defineConfig } from 'vitest/config';

/** Chain tests start real Anvil nodes and LiteSVM clusters: generous time-outs. */
export default defineConfig({
  test: {
    name: 'devnet',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
