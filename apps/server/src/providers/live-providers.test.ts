import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../lib/config';
import { startTestApp, type TestApp } from '../test/test-app';
import { createResearchProviders } from '../research-providers';
import { ResearchIngest } from '../tokens/research-ingest';
import { fastClock, FixtureServer } from './test-kit/fixture-server';

const fixture = (path: string) =>
  JSON.parse(readFileSync(new URL(`./${path}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  > & { result: Record<string, unknown> };

const GOPLUS_KEY = 'gp-token-live-test-secret';
const COINGECKO_KEY = 'CG-live-test-secret';
const FROG = '0x1111111111111111111111111111111111111111';
const TOAD = '0x3333333333333333333333333333333333333333';

describe('RESEARCH_PROVIDER=live settings', () => {
  it('defaults to the offline snapshot and to the real base URLs', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.RESEARCH_PROVIDER).toBe('snapshot');
    expect(config).toMatchObject({
      GECKOTERMINAL_URL: 'https://api.geckoterminal.com/api/v2',
      GOPLUS_URL: 'https://api.gopluslabs.io',
      COINGECKO_URL: 'https://api.coingecko.com/api/v3',
      BINANCE_URL: 'https://api.binance.com',
      HONEYPOT_IS_URL: 'https://api.honeypot.is',
      RUGCHECK_URL: 'https://api.rugcheck.xyz/v1',
      SOURCIFY_URL: 'https://sourcify.dev/server',
      DEX_PROVIDER: 'geckoterminal',
      DEXSCREENER_URL: 'https://api.dexscreener.com',
      ETHERSCAN_URL: 'https://api.etherscan.io/v2/api',
    });
    expect(config.ETHERSCAN_KEY).toBeUndefined();
    expect(config.GOPLUS_KEY).toBeUndefined();
    expect(config.COINGECKO_KEY).toBeUndefined();
  });

  it('refuses a bad URL or page count, and live without a provider URL', () => {
    expect(() => loadConfig({ GOPLUS_URL: 'not a url' })).toThrow(/GOPLUS_URL must be a URL/);
    expect(() => loadConfig({ GECKOTERMINAL_POOL_PAGES: '11' })).toThrow(ConfigError);
    expect(() => loadConfig({ RESEARCH_PROVIDER: 'live', COINGECKO_URL: '' })).toThrow(
      /COINGECKO_URL: required when RESEARCH_PROVIDER=live/,
    );
    expect(loadConfig({ RESEARCH_PROVIDER: 'live', BINANCE_URL: '' }).BINANCE_URL).toBeUndefined();
  });

  it('builds the live adapters', () => {
    const providers = createResearchProviders(loadConfig({ RESEARCH_PROVIDER: 'live' }));
    expect([providers.dex.name, providers.cex.name, providers.security.name]).toEqual([
      'geckoterminal',
      'coingecko+binance',
      'goplus+honeypot-is+rugcheck+source-verification',
    ]);
    const dexOf = (DEX_PROVIDER: string) =>
      createResearchProviders(loadConfig({ RESEARCH_PROVIDER: 'live', DEX_PROVIDER })).dex.name;
    expect(dexOf('dexscreener')).toBe('dexscreener');
    expect(dexOf('both')).toBe('geckoterminal+dexscreener');
    expect(() => loadConfig({ DEX_PROVIDER: 'uniswap' })).toThrow(ConfigError);
  });
});

describe('a live load against fixture servers', () => {
  let t: TestApp;
  let gt: FixtureServer;
  let goplus: FixtureServer;
  let coingecko: FixtureServer;
  let binance: FixtureServer;

  beforeAll(async () => {
    t = await startTestApp();
    [gt, goplus, coingecko, binance] = await Promise.all([
      FixtureServer.start(),
      FixtureServer.start(),
      FixtureServer.start(),
      FixtureServer.start(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([gt.close(), goplus.close(), coingecko.close(), binance.close()]);
    await t.close();
  });

  function ingest() {
    const config = loadConfig({
      NODE_ENV: 'test',
      RESEARCH_PROVIDER: 'live',
      GECKOTERMINAL_URL: gt.url,
      GOPLUS_URL: goplus.url,
      GOPLUS_KEY,
      COINGECKO_URL: coingecko.url,
      COINGECKO_KEY,
      BINANCE_URL: binance.url,
      // The top and new pools only, and GoPlus alone: trending pools, DexScreener and the other
      // security engines have their own tests.
      GECKOTERMINAL_TRENDING_POOL_PAGES: '0',
      HONEYPOT_IS_URL: '',
      RUGCHECK_URL: '',
      SOURCIFY_URL: '',
      PROVIDER_TIMEOUT_MS: '300',
    });
    const providers = createResearchProviders(config, {
      clock: fastClock().clock,
      log: t.app.log,
    });
    return new ResearchIngest(t.app.db.handle.db, providers, t.clock, () =>
      t.app.services.research.invalidate(),
    );
  }

  it('stores pools, tokens, reports and markets, and recovers from a flaky provider', async () => {
    gt.on(
      '/networks/eth/pools',
      { status: 429, headers: { 'retry-after': '1' }, body: {} },
      { body: fixture('geckoterminal/fixtures/eth-pools-page-1.json') },
      { body: { data: [] } },
    );
    gt.on('/networks/eth/new_pools', {
      body: fixture('geckoterminal/fixtures/eth-new-pools.json'),
    });
    gt.on(
      '/networks/eth/tokens/multi/*',
      {
        delayMs: 1_000,
        body: {},
      },
      { body: fixture('geckoterminal/fixtures/eth-tokens-multi.json') },
    );
    const evm = fixture('goplus/fixtures/evm-token-security.json');
    goplus.on(
      '/api/v1/token_security/1',
      { status: 502, body: 'bad gateway' },
      {
        body: { code: 1, message: 'OK', result: { [TOAD]: evm.result[TOAD] } },
      },
    );
    coingecko.on('/coins/markets', { body: readJson('cex/fixtures/coingecko-markets.json') });
    coingecko.on('/coins/list', { body: readJson('cex/fixtures/coingecko-coins-list.json') });
    binance.on('/api/v3/ticker/24hr', { body: '[{"symbol":"FRGUSDT","lastPri' });

    const summary = await ingest().sync();
    expect(summary).toMatchObject({
      provider: 'geckoterminal',
      tokens: 2,
      pools: 2,
      reports: 1,
      cexMarkets: 3,
    });

    const list = (await t.request({ method: 'GET', url: '/check-token?page_size=50' })).json();
    const names = list.tokenDetails.map((row: { CoinName: string }) => row.CoinName).sort();
    expect(names).toEqual(['Frog Coin', 'Moon Toad']);
    const detail = (
      await t.request({ method: 'GET', url: `/get-token-details/${TOAD}?network=eth` })
    ).json();
    expect(detail).toMatchObject({ priceProvider: 'GeckoTerminal' });
    expect(detail.tokenDetails).toMatchObject({ buy_tax: 0.05, sell_tax: 0.12, is_mintable: 1 });
    // FROG has no report: unknown, not clean.
    const frog = (
      await t.request({ method: 'GET', url: `/get-token-details/${FROG}?network=eth` })
    ).json();
    expect(frog.tokenDetails?.is_honeypot ?? null).toBeNull();

    const cex = (await t.request({ method: 'GET', url: '/api/cex/tokens?page_size=50' })).json();
    expect(cex.tokenDetails.map((row: { tokenAddress: string }) => row.tokenAddress)).toContain(
      TOAD,
    );

    // The keys never reach the logs.
    expect(t.logs()).not.toContain(GOPLUS_KEY);
    expect(t.logs()).not.toContain(COINGECKO_KEY);
  });

  it('keeps the stored rows when every provider is down', async () => {
    for (const server of [gt, goplus, coingecko, binance]) {
      server.on('*', { status: 503, body: {} });
      for (const path of [
        '/networks/eth/pools',
        '/networks/eth/new_pools',
        '/coins/markets',
        '/coins/list',
      ]) {
        server.on(path, { status: 503, body: {} });
      }
    }
    await expect(ingest().sync()).rejects.toThrow();
    const list = (await t.request({ method: 'GET', url: '/check-token?page_size=50' })).json();
    expect(list.tokenDetails).toHaveLength(2);
  });
});

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`./${path}`, import.meta.url), 'utf8'));
}
