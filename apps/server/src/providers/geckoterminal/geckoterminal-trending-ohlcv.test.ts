import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderClient } from '../http/provider-client';
import { ProviderMalformedError } from '../http/provider-errors';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { geckoTerminalEndpoint, GeckoTerminalDexProvider } from './geckoterminal';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const POOL = '0x2222222222222222222222222222222222222222';
const OHLCV = `/networks/eth/pools/${POOL}/ohlcv/hour`;
const NOW = new Date('2026-03-01T10:30:00Z');

let server: FixtureServer;
beforeEach(async () => {
  server = await FixtureServer.start();
});
afterEach(() => server.close());

function provider(trendingPoolPages: number, timeoutMs = 2_000) {
  return new GeckoTerminalDexProvider({
    client: new ProviderClient({
      ...geckoTerminalEndpoint(server.url),
      clock: fastClock().clock,
      timeoutMs,
    }),
    chains: ['eth'],
    topPoolPages: 0,
    newPoolPages: 0,
    trendingPoolPages,
  });
}

describe('GeckoTerminal trending pools and candles', () => {
  it('lists a network trending pools like its top pools', async () => {
    server.on('/networks/eth/trending_pools', { body: fixture('eth-pools-page-1.json') });
    server.on('/networks/eth/tokens/multi/*', { body: fixture('eth-tokens-multi.json') });
    const listing = await provider(1).fetchDex(NOW);
    expect(listing.pools.map((pool) => pool.address)).toContain(POOL);
    expect(listing.listed).toEqual(['eth']);
    expect(server.requests[0]?.query.get('include')).toBe('base_token,quote_token,dex');
  });

  it('asks for no trending list when its pages are 0 (the default of the adapter)', async () => {
    server.on('/networks/eth/trending_pools', { status: 500 });
    const listing = await provider(0).fetchDex(NOW);
    expect(listing.pools).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it("maps OHLCV to core's candles, oldest first, trades unknown, malformed rows left out", async () => {
    server.on(OHLCV, { body: fixture('eth-pool-ohlcv-hour.json') });
    const candles = await provider(0).fetchCandles('eth', POOL, '4h', {
      before: 1767229200,
      limit: 5000,
    });
    // Low above high, a price as a string and a short row are dropped.
    expect(candles).toEqual([
      {
        time: 1767222000,
        open: 0.0000398,
        high: 0.0000421,
        low: 0.000039,
        close: 0.000042,
        volume: 3010.2,
        trades: null,
      },
      {
        time: 1767225600,
        open: 0.000042,
        high: 0.0000455,
        low: 0.0000401,
        close: 0.0000412,
        volume: 5120.9,
        trades: null,
      },
    ]);
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      aggregate: '4',
      before_timestamp: '1767229200',
      limit: '1000',
      currency: 'usd',
    });
  });

  it('a truncated or wrong-typed OHLCV answer throws instead of drawing a wrong chart; 429 is waited out', async () => {
    server.on(OHLCV, { body: '{"data":{"attributes":{"ohlcv_list":[[176' });
    await expect(provider(0).fetchCandles('eth', POOL, '1h')).rejects.toBeInstanceOf(
      ProviderMalformedError,
    );
    server.on(OHLCV, { body: { data: { attributes: { ohlcv_list: 'none' } } } });
    await expect(provider(0).fetchCandles('eth', POOL, '1h')).rejects.toBeInstanceOf(
      ProviderMalformedError,
    );
    server.on(
      OHLCV,
      { status: 429, headers: { 'retry-after': '1' } },
      { body: fixture('eth-pool-ohlcv-hour.json') },
    );
    expect(await provider(0).fetchCandles('eth', POOL, '1h')).toHaveLength(2);
    expect(await provider(0).fetchCandles('eth', 'not a pool', '1h')).toEqual([]);
  });
});
