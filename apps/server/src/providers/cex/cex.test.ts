import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cexMarketSchema } from '@vaultscope/core';
import { ProviderUnavailableError } from '../http/provider-errors';
import { ProviderClient } from '../http/provider-client';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { binanceEndpoint, BinanceTickers } from './binance';
import { coinGeckoEndpoint, CoinGeckoCexProvider } from './coingecko';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >[];
const MARKETS = fixture('coingecko-markets.json');
const COINS = fixture('coingecko-coins-list.json');
const TICKERS = fixture('binance-ticker-24hr.json');
const NOW = new Date('2026-03-01T10:30:00Z');
const KEY = 'CG-demo-key-secret';

let coingecko: FixtureServer;
let binance: FixtureServer;
let logs: { obj: Record<string, unknown>; msg: string }[];
let sleeps: number[];

beforeEach(async () => {
  [coingecko, binance] = await Promise.all([FixtureServer.start(), FixtureServer.start()]);
  logs = [];
});
afterEach(() => Promise.all([coingecko.close(), binance.close()]));

function provider(options: { withBinance?: boolean; pages?: number; timeoutMs?: number } = {}) {
  const fast = fastClock();
  sleeps = fast.sleeps;
  const log = {
    warn: ((obj: Record<string, unknown>, msg: string) => logs.push({ obj, msg })) as never,
  };
  const runtime = { clock: fast.clock, timeoutMs: options.timeoutMs ?? 2_000, retries: 2, log };
  return new CoinGeckoCexProvider({
    client: new ProviderClient({
      ...coinGeckoEndpoint({ baseUrl: coingecko.url, apiKey: KEY }),
      ...runtime,
    }),
    pages: options.pages ?? 1,
    binance:
      options.withBinance === false
        ? undefined
        : new BinanceTickers(
            new ProviderClient({ ...binanceEndpoint(binance.url), ...runtime }),
            log,
          ),
    log,
    now: () => fast.clock.now(),
  });
}

function serveAll() {
  coingecko.on('/coins/markets', { body: MARKETS });
  coingecko.on('/coins/list', { body: COINS });
  binance.on('/api/v3/ticker/24hr', { body: TICKERS });
}

describe('CoinGecko markets with Binance tickers', () => {
  it('reads markets with their research-chain contracts, and fills unknown prices from Binance', async () => {
    serveAll();
    const markets = (await provider().fetchMarkets(NOW)).markets;
    expect(markets.map((market) => market.id)).toEqual(['toadcoin', 'frogcash', 'toad-wrapped']);
    const [toad, frog, wrapped] = markets;
    expect(toad).toMatchObject({
      symbol: 'toad',
      name: 'ToadCoin',
      // CoinGecko's own price wins over Binance's.
      current_price: 0.42,
      market_cap_rank: 150,
      price_change_percentage_1h_in_currency: 0.4,
      price_change_percentage_24h_in_currency: 5.26,
      price_change_percentage_7d_in_currency: -12.5,
      max_supply: null,
      last_updated: '2026-03-01T10:00:00.000Z',
      platforms: {
        eth: '0x3333333333333333333333333333333333333333',
        solana: '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV',
      },
    });
    // Unknown at CoinGecko: Binance's FRGUSDT ticker; an invalid contract is left out.
    expect(frog).toMatchObject({
      current_price: 1.25,
      price_change_percentage_24h_in_currency: -3.1,
      platforms: {},
    });
    // A second coin with the symbol TOAD does not get TOADUSDT's price.
    expect(wrapped?.current_price).toBeNull();
    for (const market of markets) expect(cexMarketSchema.parse(market)).toEqual(market);
    // The wrong-typed coin is dropped and logged.
    expect(logs.find((log) => log.msg === 'coins left out: wrong shape')?.obj).toMatchObject({
      coins: 1,
    });

    const [request] = coingecko.requestsTo('/coins/markets');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '250',
      page: '1',
      sparkline: 'false',
      price_change_percentage: '1h,24h,7d',
    });
    expect(request?.headers['x-cg-demo-api-key']).toBe(KEY);
    expect(coingecko.requestsTo('/coins/list')[0]?.query.get('include_platform')).toBe('true');
  });

  it('keeps the contract list for hours instead of reading it on every sync', async () => {
    serveAll();
    const cex = provider();
    await cex.fetchMarkets(NOW);
    await cex.fetchMarkets(NOW);
    expect(coingecko.requestsTo('/coins/markets')).toHaveLength(2);
    expect(coingecko.requestsTo('/coins/list')).toHaveLength(1);
  });

  it('stops paging at a short page, within the configured pages', async () => {
    serveAll();
    await provider({ pages: 3 }).fetchMarkets(NOW);
    expect(coingecko.requestsTo('/coins/markets')).toHaveLength(1);
  });

  it('recovers from a 429 with Retry-After, a 5xx and a slow answer', async () => {
    coingecko.on(
      '/coins/markets',
      { status: 429, headers: { 'retry-after': '5' }, body: { status: { error_code: 429 } } },
      { body: MARKETS },
    );
    coingecko.on('/coins/list', { status: 500, body: {} }, { body: COINS });
    binance.on('/api/v3/ticker/24hr', { delayMs: 1_000, body: TICKERS }, { body: TICKERS });
    const markets = (await provider({ timeoutMs: 200 }).fetchMarkets(NOW)).markets;
    expect(markets.map((market) => market.current_price)).toEqual([0.42, 1.25, null]);
    expect(markets[0]?.platforms.eth).toBeDefined();
    expect(sleeps).toContain(5_000);
  });

  it('keeps CoinGecko figures when Binance answers truncated JSON or wrong types', async () => {
    coingecko.on('/coins/markets', { body: MARKETS });
    coingecko.on('/coins/list', { body: COINS });
    binance.on('/api/v3/ticker/24hr', { body: JSON.stringify(TICKERS).slice(0, 100) });
    const markets = (await provider().fetchMarkets(NOW)).markets;
    expect(markets.map((market) => market.current_price)).toEqual([0.42, null, null]);

    binance.on('/api/v3/ticker/24hr', { body: { code: -1003, msg: 'Too much request weight' } });
    const again = (await provider().fetchMarkets(NOW)).markets;
    expect(again.map((market) => market.current_price)).toEqual([0.42, null, null]);
  });

  it('reads markets without contracts when the contract list fails', async () => {
    coingecko.on('/coins/markets', { body: MARKETS });
    coingecko.on('/coins/list', { status: 503, body: {} });
    const markets = (await provider({ withBinance: false }).fetchMarkets(NOW)).markets;
    expect(markets.map((market) => market.platforms)).toEqual([{}, {}, {}]);
    expect(markets[1]?.current_price).toBeNull();
  });

  it('throws when no market page can be read, so a sync keeps its rows', async () => {
    coingecko.on('/coins/markets', { body: '[{"id":"toadcoin","sym' });
    await expect(provider().fetchMarkets(NOW)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('never logs the key or the base URL', async () => {
    coingecko.on('/coins/markets', { body: MARKETS });
    coingecko.on('/coins/list', { body: 'not json' });
    binance.on('/api/v3/ticker/24hr', { status: 500, body: {} });
    await provider().fetchMarkets(NOW);
    expect(logs.length).toBeGreaterThan(0);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(coingecko.url);
    expect(text).not.toContain(binance.url);
  });
});
