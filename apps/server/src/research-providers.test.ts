import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './lib/config';
import { fastClock, FixtureServer } from './providers/test-kit/fixture-server';
import { createResearchProviders } from './research-providers';

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`./providers/${path}`, import.meta.url), 'utf8'));
const FROG = '0x1111111111111111111111111111111111111111';
const TOAD = '0x3333333333333333333333333333333333333333';
const NOW = new Date('2026-11-26T12:00:00Z');

/**
 * The factory hands each live DEX adapter the chains whose market `RESEARCH_SOURCES` gives the
 * provider (`live` or `both`): an `own` chain costs no call at all, whichever `DEX_PROVIDER`.
 */
describe('RESEARCH_SOURCES market chains handed to the live DEX adapters', () => {
  let gt: FixtureServer;
  let ds: FixtureServer;

  beforeAll(async () => {
    [gt, ds] = await Promise.all([FixtureServer.start(), FixtureServer.start()]);
  });
  afterAll(() => Promise.all([gt.close(), ds.close()]));
  beforeEach(() => {
    gt.requests.length = 0;
    ds.requests.length = 0;
    // Every research chain answers; what is asked depends on the settings alone.
    // (A path's first matching `*` route answers: bsc's token calls before any network's.)
    gt.on('/networks/bsc/tokens/multi/*', {
      body: readJson('geckoterminal/fixtures/eth-tokens-multi.json'),
    });
    gt.on('/networks/*', { body: { data: [] } });
    gt.on('/networks/bsc/pools', {
      body: readJson('geckoterminal/fixtures/eth-pools-page-1.json'),
    });
    ds.on('/token-profiles/latest/v1', {
      body: [
        { chainId: 'bsc', tokenAddress: TOAD },
        { chainId: 'ethereum', tokenAddress: FROG },
        { chainId: 'solana', tokenAddress: 'So11111111111111111111111111111111111111112' },
      ],
    });
    ds.on('/tokens/v1/*', { body: [] });
    ds.on(`/tokens/v1/bsc/${TOAD}`, {
      body: readJson('dexscreener/fixtures/tokens-v1-bsc-toad.json'),
    });
  });

  const dexOf = (DEX_PROVIDER: string, RESEARCH_SOURCES: string) =>
    createResearchProviders(
      loadConfig({
        NODE_ENV: 'test',
        RESEARCH_PROVIDER: 'live',
        GECKOTERMINAL_URL: gt.url,
        DEXSCREENER_URL: ds.url,
        DEX_PROVIDER,
        GECKOTERMINAL_POOL_PAGES: '1',
        GECKOTERMINAL_NEW_POOL_PAGES: '1',
        GECKOTERMINAL_TRENDING_POOL_PAGES: '0',
        RESEARCH_SOURCES,
      }),
      { clock: fastClock().clock },
    ).dex;
  /** The chains the requests to both servers named. */
  const chainsAsked = () => [
    ...new Set([
      ...gt.requests.map((request) => request.path.split('/')[2]),
      ...ds.requestsTo('/tokens/v1/*').map((request) => request.path.split('/')[3]),
    ]),
  ];

  it.each([
    // GeckoTerminal reads bsc and avax in full (avax has no pools); DexScreener lists no chain.
    ['geckoterminal', ['bsc', 'avax']],
    ['dexscreener', []],
    ['both', ['bsc', 'avax']],
  ])('DEX_PROVIDER=%s reads only the chains of market live or both', async (provider, listed) => {
    const sources = '*.market=own,bsc.market=live,avax.market=both';
    const listing = await dexOf(provider, sources).fetchDex(NOW);
    expect(chainsAsked().sort()).toEqual(provider === 'dexscreener' ? ['bsc'] : ['avax', 'bsc']);
    expect(listing.pools.length).toBeGreaterThan(0);
    expect(new Set(listing.pools.map((pool) => pool.chainName))).toEqual(new Set(['bsc']));
    expect(listing.listed).toEqual(listed);

    gt.requests.length = 0;
    ds.requests.length = 0;
    // By default every chain's market is the provider's too (live or both).
    await dexOf(provider, '').fetchDex(NOW);
    expect(chainsAsked()).toContain(provider === 'dexscreener' ? 'solana' : 'eth');
  });

  it('with every market own, a load asks nothing at all', async () => {
    for (const provider of ['geckoterminal', 'dexscreener', 'both']) {
      expect(await dexOf(provider, '*.market=own').fetchDex(NOW)).toEqual({
        tokens: [],
        pools: [],
        listed: [],
      });
    }
    expect([...gt.requests, ...ds.requests]).toEqual([]);
  });

  it("DEX_PROVIDER=both has GeckoTerminal's candles for the candles route; DexScreener alone none", async () => {
    expect(dexOf('dexscreener', '').fetchCandles).toBeUndefined();
    const pool = '0x2222222222222222222222222222222222222222';
    gt.on(`/networks/bsc/pools/${pool}/ohlcv/hour`, {
      body: readJson('geckoterminal/fixtures/eth-pool-ohlcv-hour.json'),
    });
    const candles = await dexOf('both', '').fetchCandles!('bsc', pool, '1h');
    expect(candles).toHaveLength(2);
    expect(ds.requests).toEqual([]);
  });
});
