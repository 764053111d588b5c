import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config';
import { startTestApp, type TestApp } from '../test/test-app';
import { createResearchProviders } from '../research-providers';
import { ResearchIngest } from '../tokens/research-ingest';
import { dexTokens } from '../tokens/research-tables';
import { fastClock, FixtureServer } from './test-kit/fixture-server';

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`./${path}`, import.meta.url), 'utf8'));

const FROG = '0x1111111111111111111111111111111111111111';
const TOAD = '0x3333333333333333333333333333333333333333';

/**
 * A partial load keeps rows: only the networks a provider listed in full lose the rows it did
 * not deliver; a network whose pages fail keeps its previous rows (stale, not gone).
 */
describe('a partial live load', () => {
  let t: TestApp;
  let gt: FixtureServer;
  let goplus: FixtureServer;
  let coingecko: FixtureServer;

  beforeAll(async () => {
    t = await startTestApp();
    [gt, goplus, coingecko] = await Promise.all([
      FixtureServer.start(),
      FixtureServer.start(),
      FixtureServer.start(),
    ]);
    goplus.on('*', { body: { code: 1, message: 'OK', result: {} } });
    coingecko.on('/coins/markets', { body: readJson('cex/fixtures/coingecko-markets.json') });
    coingecko.on('/coins/list', { body: readJson('cex/fixtures/coingecko-coins-list.json') });
  });
  afterAll(async () => {
    await Promise.all([gt.close(), goplus.close(), coingecko.close()]);
    await t.close();
  });

  function ingest() {
    const config = loadConfig({
      NODE_ENV: 'test',
      RESEARCH_PROVIDER: 'live',
      GECKOTERMINAL_URL: gt.url,
      GOPLUS_URL: goplus.url,
      COINGECKO_URL: coingecko.url,
      BINANCE_URL: '',
      // The top and new pools only, and GoPlus alone: trending pools, DexScreener and the other
      // security engines have their own tests.
      GECKOTERMINAL_TRENDING_POOL_PAGES: '0',
      HONEYPOT_IS_URL: '',
      RUGCHECK_URL: '',
      SOURCIFY_URL: '',
      PROVIDER_TIMEOUT_MS: '300',
    });
    const providers = createResearchProviders(config, { clock: fastClock().clock, log: t.app.log });
    return new ResearchIngest(t.app.db.handle.db, providers, t.clock, () =>
      t.app.services.research.invalidate(),
    );
  }

  function serveNetwork(network: string, newPools: unknown) {
    gt.on(
      `/networks/${network}/pools`,
      { body: readJson('geckoterminal/fixtures/eth-pools-page-1.json') },
      { body: { data: [] } },
    );
    gt.on(`/networks/${network}/new_pools`, { body: newPools });
    gt.on(`/networks/${network}/tokens/multi/*`, {
      body: readJson('geckoterminal/fixtures/eth-tokens-multi.json'),
    });
  }

  async function listedIds(): Promise<string[]> {
    const list = (await t.request({ method: 'GET', url: '/check-token?page_size=50' })).json();
    return list.tokenDetails.map((row: { id: string }) => row.id).sort();
  }

  it('keeps a failed network rows and removes what a fully listed network no longer has', async () => {
    const newPools = readJson('geckoterminal/fixtures/eth-new-pools.json');
    serveNetwork('eth', newPools);
    serveNetwork('bsc', newPools);
    await ingest().syncDex();
    expect(await listedIds()).toEqual([`bsc_${FROG}`, `bsc_${TOAD}`, `eth_${FROG}`, `eth_${TOAD}`]);

    // eth is listed in full again, without TOAD's pool (it was only among the new pools);
    // bsc answers 503 from now on.
    t.clock.advance(60_000);
    serveNetwork('eth', { data: [] });
    for (const path of ['pools', 'new_pools', 'tokens/multi/*']) {
      gt.on(`/networks/bsc/${path}`, { status: 503, body: {} });
    }
    const summary = await ingest().syncDex();
    expect(summary.items).toBe(1);
    expect(gt.requestsTo('/networks/bsc/pools').length).toBeGreaterThan(1);
    expect(await listedIds()).toEqual([`bsc_${FROG}`, `bsc_${TOAD}`, `eth_${FROG}`]);

    // The bsc rows are the first load's: stale, not refreshed.
    const rows = await t.app.db.handle.db
      .select({ updatedAt: dexTokens.updated_at })
      .from(dexTokens)
      .where(eq(dexTokens.chain_name, 'bsc'));
    const first = t.clock.now().getTime() - 60_000;
    expect(rows.map((row) => row.updatedAt.getTime())).toEqual([first, first]);
  });

  it('keeps the markets of a CEX listing that missed a page', async () => {
    await ingest().syncCex();
    const before = (await t.request({ method: 'GET', url: '/api/cex/tokens?page_size=50' })).json();
    expect(before.tokenDetails).toHaveLength(3);
    // A full first page (one real coin, 249 rows of the wrong shape) and a second page that
    // fails: the listing is not complete, so the two coins it missed stay.
    t.clock.advance(60_000);
    const markets = readJson('cex/fixtures/coingecko-markets.json') as unknown[];
    coingecko.on(
      '/coins/markets',
      { body: [...markets.slice(0, 1), ...filler(249)] },
      {
        status: 503,
        body: {},
      },
    );
    await ingest().syncCex();
    const after = (await t.request({ method: 'GET', url: '/api/cex/tokens?page_size=50' })).json();
    expect(after.tokenDetails).toHaveLength(3);
    expect(coingecko.requestsTo('/coins/markets').length).toBeGreaterThan(2);
  });
});

/** Rows of the wrong shape that fill a page (dropped by the adapter). */
function filler(count: number): unknown[] {
  return Array.from({ length: count }, (_, index) => ({ id: `filler-${index}` }));
}
