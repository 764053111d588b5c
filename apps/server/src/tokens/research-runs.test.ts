import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchSourceHealth } from '@vaultscope/core';
import { fastClock } from '../providers/test-kit/fixture-server';
import { startFixtureProviders } from '../providers/test-kit/live-fixtures';
import { openTestDatabase, startTestApp, type TestApp } from '../test/test-app';
import { ManualSyncTimers } from './manual-sync-timers';

/**
 * A failing provider shows on every instance (issue 10): two server instances on one database
 * (PGlite in-process, or PostgreSQL in the postgres project); only the first runs the sync, and
 * the second's `/api/health` says what the first's runs did, from `research_sync_runs`.
 */
describe('sync runs recorded in the database', () => {
  let providers: Awaited<ReturnType<typeof startFixtureProviders>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const apps: TestApp[] = [];
  const running = new ManualSyncTimers();
  const idle = new ManualSyncTimers();
  /** The providers' clock of the first instance: moved on to let its circuit cool down. */
  const providerClock = fastClock().clock;

  beforeAll(async () => {
    providers = await startFixtureProviders();
    database = await openTestDatabase();
    for (const timers of [running, idle]) {
      apps.push(
        await startTestApp(providers.env, {
          database: database.handle,
          research: {
            timers,
            runtime: { clock: timers === running ? providerClock : fastClock().clock },
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.handle.close();
    await database?.drop();
    await providers?.close();
  });

  async function dexOn(app: TestApp): Promise<ResearchSourceHealth> {
    const response = await app.request({ method: 'GET', url: '/api/health' });
    const sources: ResearchSourceHealth[] = response.json().research.sources;
    return sources.find((source) => source.kind === 'dex')!;
  }

  it('a failed run on one instance shows as failing on the other, and a load clears it', async () => {
    const [first, second] = apps as [TestApp, TestApp];
    running.fire();
    await running.idle();
    expect(await dexOn(second)).toMatchObject({
      failing: false,
      consecutiveFailures: 0,
      lastFailureAt: null,
    });

    // GeckoTerminal goes down; the first instance's pools turn fails twice.
    for (const path of ['/networks/*', '/networks/eth/pools', '/networks/eth/new_pools']) {
      providers.gt.on(path, { status: 503, body: {} });
    }
    for (let turn = 0; turn < 2; turn++) {
      first.clock.advance(45_000);
      running.fire(45_000);
      await running.idle();
    }
    // The second instance ran nothing: its circuit is closed and it has no failed run of its own.
    const down = await dexOn(second);
    expect(down).toMatchObject({ failing: true, consecutiveFailures: 2 });
    expect(down.lastFailureAt).toBe(first.clock.now().toISOString());
    expect(idle.pending.every((timer) => timer.ms === 0)).toBe(true);

    // Back up: once the first instance's circuit lets a call through, its load clears the record.
    providers.serve();
    for (let turn = 0; turn < 5 && (await dexOn(second)).failing; turn++) {
      first.clock.advance(60_000);
      await providerClock.sleep(120_000);
      running.fire(45_000);
      await running.idle();
    }
    expect(await dexOn(second)).toMatchObject({ failing: false, consecutiveFailures: 0 });
    expect((await dexOn(second)).lastFailureAt).not.toBeNull();
  });
});
