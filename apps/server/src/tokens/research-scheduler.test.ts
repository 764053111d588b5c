import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastClock } from '../providers/test-kit/fixture-server';
import { startFixtureProviders } from '../providers/test-kit/live-fixtures';
import { ManualSyncTimers } from './manual-sync-timers';
import { startTestApp, type TestApp } from '../test/test-app';
import type { ResearchIngest } from './research-ingest';
import { ResearchScheduler } from './research-scheduler';

type Health = {
  status: string;
  research: {
    provider: string;
    sources: { kind: string; stale: boolean; failing: boolean; items: number | null }[];
  };
};

describe('the scheduled research sync (RESEARCH_PROVIDER=live)', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFixtureProviders>>;
  const timers = new ManualSyncTimers();

  beforeAll(async () => {
    providers = await startFixtureProviders();
    t = await startTestApp(providers.env, {
      research: { timers, runtime: { clock: fastClock().clock } },
    });
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  async function health(): Promise<Health> {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it('runs each job at start, then each on its own interval', async () => {
    // Every job waits for its first turn, due at once.
    expect(timers.pending.map((timer) => timer.ms)).toEqual([0, 0, 0]);
    timers.fire();
    await timers.idle();
    expect(timers.pending.map((timer) => timer.ms).sort()).toEqual([45_000, 60_000, 60_000]);
    const { gt, goplus, coingecko } = providers;
    expect(gt.requestsTo('/networks/eth/pools')).toHaveLength(2);
    expect(coingecko.requestsTo('/coins/markets')).toHaveLength(1);
    // The DEX load asked for the new tokens' reports at once.
    expect(goplus.requestsTo('/api/v1/token_security/1').length).toBeGreaterThanOrEqual(1);
    const list = (await t.request({ method: 'GET', url: '/check-token?page_size=50' })).json();
    expect(list.tokenDetails).toHaveLength(2);

    // The pools' turn (45 s) loads the pools again; the CEX markets wait for theirs.
    providers.serve();
    t.clock.advance(45_000);
    timers.fire(45_000);
    await timers.idle();
    expect(gt.requestsTo('/networks/eth/pools')).toHaveLength(4);
    expect(coingecko.requestsTo('/coins/markets')).toHaveLength(1);
  });

  it('shows in /api/health when each kind last loaded, and when it is stale or failing', async () => {
    const fresh = await health();
    expect(fresh.status).toBe('ok');
    expect(fresh.research.provider).toBe('live');
    expect(fresh.research.sources).toEqual([
      expect.objectContaining({
        kind: 'dex',
        provider: 'geckoterminal',
        items: 2,
        stale: false,
        failing: false,
      }),
      expect.objectContaining({
        kind: 'cex',
        provider: 'coingecko',
        items: 3,
        stale: false,
        failing: false,
      }),
      expect.objectContaining({
        kind: 'security',
        provider: 'goplus',
        stale: false,
        failing: false,
      }),
    ]);

    // GeckoTerminal goes down: the pools' turn fails, its circuit opens, the rows stay.
    for (const path of ['/networks/*', '/networks/eth/pools', '/networks/eth/new_pools']) {
      providers.gt.on(path, { status: 503, body: {} });
    }
    t.clock.advance(45_000);
    timers.fire(45_000);
    await timers.idle();
    const failing = await health();
    expect(failing.status).toBe('ok');
    expect(failing.research.sources.find((source) => source.kind === 'dex')).toMatchObject({
      failing: true,
      items: 2,
    });
    expect(failing.research.sources.find((source) => source.kind === 'cex')?.failing).toBe(false);

    // Two intervals without a load: stale.
    t.clock.advance(121_000);
    const late = await health();
    expect(late.status).toBe('ok');
    expect(late.research.sources.map((source) => source.stale)).toEqual([true, true, true]);
  });

  it('stops its timers when the app closes', async () => {
    const own = new ManualSyncTimers();
    const app = await startTestApp(providers.env, {
      research: { timers: own, runtime: { clock: fastClock().clock } },
    });
    expect(own.pending).toHaveLength(3);
    await app.close();
    expect(own.pending).toHaveLength(0);
  });
});

describe('one job', () => {
  it('never runs twice at once: a trigger while it runs runs once after it', async () => {
    const t = await startTestApp();
    try {
      let release = () => {};
      let runs = 0;
      const ingest = {
        syncDex: async () => {
          runs += 1;
          await new Promise<void>((resolve) => (release = resolve));
          return { provider: 'test', items: 0, fetchMs: 0, writeMs: 0 };
        },
        syncReports: async () => ({ provider: 'test', items: 0, fetchMs: 0, writeMs: 0 }),
        lastSynced: async () => new Map(),
      } as unknown as ResearchIngest;
      const timers = new ManualSyncTimers();
      const scheduler = new ResearchScheduler({
        database: t.app.db.handle,
        ingest,
        providers: t.app.services.researchIngest['providers' as never],
        clock: t.clock,
        log: t.app.log,
        intervalsMs: { dex: 45_000, cex: 60_000, security: 60_000 },
        reports: { ttlMs: 3_600_000, perRun: 10 },
        timers,
      });
      const first = scheduler.trigger('dex');
      expect(await scheduler.trigger('dex')).toBe('busy');
      expect(await scheduler.trigger('dex')).toBe('busy');
      // On PostgreSQL the run starts once it holds the job's lock.
      await vi.waitFor(() => expect(runs).toBe(1));
      release();
      expect(await first).toBe('loaded');
      await vi.waitFor(() => expect(runs).toBe(2));
      release();
      await scheduler.stop();
      expect(runs).toBe(2);
    } finally {
      await t.close();
    }
  });
});
