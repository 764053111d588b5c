import type { DevnetMarket } from '@vaultscope/devnet';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../lib/db/client';
import { openDatabase } from '../lib/db/client';
import { createPostgresTestDatabase, postgresTestServerUrl, startTestApp } from '../test/test-app';
import { startTestDevnet } from '../test/wallet-test-kit';
import { capturedLog, manualTrader } from './indexer-test-kit';
import { indexerCheckpoints, indexerSwaps } from './indexer-tables';
import { Indexers } from './indexers';

/** The indexers as the app runs them: started with it for the chains with markets, one per chain. */
const CHAIN = 137;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN], { markets: true });
  market = devnet.markets[CHAIN]!;
}, 240_000);

afterAll(async () => {
  await devnet?.remove();
});

describe('indexers in the app', () => {
  it('index the local market with the app, so a swap is in the tables within 2 seconds', async () => {
    const t = await startTestApp({ INDEXER: 'true', INDEXER_POLL_MS: '100' }, { devnet });
    const db = t.app.db.handle.db;
    await expect
      .poll(async () => (await db.select().from(indexerCheckpoints)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const trader = manualTrader(CHAIN, devnet.rpcUrl(CHAIN), market, 3);
    let event = await trader.tick(CHAIN);
    while (event?.kind !== 'swap') event = await trader.tick(CHAIN);
    await trader.stop();
    const started = Date.now();
    await expect
      .poll(
        async () =>
          (await db.select().from(indexerSwaps).where(eq(indexerSwaps.txHash, event.hash))).length,
        { timeout: 2_000, interval: 50 },
      )
      .toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    await t.close();
    // Stopped with the app: its steps no longer log.
    expect(t.logs()).toContain('indexer: started');
  }, 90_000);

  it('stay off with INDEXER=false', async () => {
    const t = await startTestApp({ INDEXER: 'false' }, { devnet });
    const db = t.app.db.handle.db;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db.select().from(indexerCheckpoints)).toEqual([]);
    await t.close();
  });
});

// Skipped in the PGlite project on purpose: an advisory lock across instances needs a
// PostgreSQL server (TEST_DATABASE_URL), which the server:postgres project and .ci/run have.
describe.skipIf(!postgresTestServerUrl())('indexers on one PostgreSQL', () => {
  it('run one indexer per chain across two server instances; the other takes over when it stops', async () => {
    const { url, drop } = await createPostgresTestDatabase(postgresTestServerUrl()!);
    const a = await openDatabase({ url, dataDir: 'unused' });
    const b = await openDatabase({ url, dataDir: 'unused' });
    await a.migrate();
    const make = (database: DatabaseHandle) =>
      new Indexers({
        database,
        dexes: { [CHAIN]: [market.dex] },
        rpcUrls: { [CHAIN]: devnet.rpcUrl(CHAIN) },
        log: capturedLog().log,
        tuning: { pollMs: 50 },
        lockRetryMs: 100,
      });
    const first = make(a);
    const second = make(b);
    await first.start();
    await second.start();
    expect(first.indexer(CHAIN)).toBeDefined();
    expect(second.indexer(CHAIN)).toBeUndefined();
    await first.stop();
    await expect.poll(() => second.indexer(CHAIN) !== undefined, { timeout: 5_000 }).toBe(true);
    await second.stop();
    await a.close();
    await b.close();
    await drop();
  }, 60_000);
});
