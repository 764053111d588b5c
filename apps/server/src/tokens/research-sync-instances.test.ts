import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../lib/db/client';
import { fastClock } from '../providers/test-kit/fixture-server';
import { startFixtureProviders } from '../providers/test-kit/live-fixtures';
import {
  createPostgresTestDatabase,
  postgresTestServerUrl,
  startTestApp,
  type TestApp,
} from '../test/test-app';
import { ManualSyncTimers } from './manual-sync-timers';
import { researchSync } from './research-tables';

const serverUrl = postgresTestServerUrl();

/**
 * Two server instances on one PostgreSQL, both with `RESEARCH_PROVIDER=live` and their timers
 * firing at the same moment: each kind is loaded once, not twice (the advisory lock, then the
 * freshness check under it). Runs in the `server:postgres` project only; PGlite is one
 * process's database.
 */
// Skipped without TEST_DATABASE_URL (the PGlite project): see above.
describe.skipIf(!serverUrl)('the research sync on two instances of one database', () => {
  let providers: Awaited<ReturnType<typeof startFixtureProviders>>;
  let database: { url: string; drop: () => Promise<void> };
  const handles: DatabaseHandle[] = [];
  const apps: TestApp[] = [];
  const timers = [new ManualSyncTimers(), new ManualSyncTimers()];

  beforeAll(async () => {
    providers = await startFixtureProviders();
    database = await createPostgresTestDatabase(serverUrl!);
    for (const instanceTimers of timers) {
      const handle = await openDatabase({ url: database.url, dataDir: 'unused' });
      handles.push(handle);
      apps.push(
        await startTestApp(providers.env, {
          database: handle,
          research: { timers: instanceTimers, runtime: { clock: fastClock().clock } },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const handle of handles) await handle.close();
    await database?.drop();
    await providers?.close();
  });

  async function versions() {
    const rows = await handles[0]!.db.select().from(researchSync);
    return Object.fromEntries(rows.map((row) => [row.kind, row.version]));
  }

  it('loads the pools and the CEX markets once per turn, not once per instance', async () => {
    for (const instanceTimers of timers) instanceTimers.fire();
    await Promise.all(timers.map((instanceTimers) => instanceTimers.idle()));
    const { gt, coingecko } = providers;
    // One load: the top pools' two pages, the new pools' one, one page of markets.
    expect(gt.requestsTo('/networks/eth/pools')).toHaveLength(2);
    expect(gt.requestsTo('/networks/eth/new_pools')).toHaveLength(1);
    expect(coingecko.requestsTo('/coins/markets')).toHaveLength(1);
    expect(await versions()).toMatchObject({ dex: 1, cex: 1 });
    for (const app of apps) {
      const list = (await app.request({ method: 'GET', url: '/check-token?page_size=50' })).json();
      expect(list.tokenDetails).toHaveLength(2);
    }

    // The pools' next turn, on both instances at once: again one load.
    providers.serve();
    for (const app of apps) app.clock.advance(45_000);
    for (const instanceTimers of timers) instanceTimers.fire(45_000);
    await Promise.all(timers.map((instanceTimers) => instanceTimers.idle()));
    expect(gt.requestsTo('/networks/eth/pools')).toHaveLength(4);
    expect(coingecko.requestsTo('/coins/markets')).toHaveLength(1);
    expect(await versions()).toMatchObject({ dex: 2, cex: 1 });
  });
});
