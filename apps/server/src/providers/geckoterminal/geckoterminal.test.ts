import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotPoolSchema, type ChainCode } from '@vaultscope/core';
import { ProviderClient } from '../http/provider-client';
import { ProviderUnavailableError } from '../http/provider-errors';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { geckoTerminalEndpoint, GeckoTerminalDexProvider } from './geckoterminal';

type Json = Record<string, unknown> & { data: Record<string, unknown>[] };
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Json;
const PAGE_1 = fixture('eth-pools-page-1.json');
const PAGE_2 = fixture('eth-pools-page-2.json');
const NEW_POOLS = fixture('eth-new-pools.json');
const TOKENS = fixture('eth-tokens-multi.json');

const POOLS = '/networks/eth/pools';
const NEW = '/networks/eth/new_pools';
const MULTI = '/networks/eth/tokens/multi/*';
const FROG_POOL = '0x2222222222222222222222222222222222222222';
const TOAD_POOL = '0x5555555555555555555555555555555555555555';
const NOW = new Date('2026-03-01T10:30:00Z');

let server: FixtureServer;
let logs: { obj: Record<string, unknown>; msg: string }[];
let sleeps: number[];

beforeEach(async () => {
  server = await FixtureServer.start();
  logs = [];
});
afterEach(() => server.close());

function provider(
  options: { topPoolPages?: number; chains?: ChainCode[]; timeoutMs?: number } = {},
) {
  const fast = fastClock();
  sleeps = fast.sleeps;
  const log = {
    warn: ((obj: Record<string, unknown>, msg: string) => logs.push({ obj, msg })) as never,
  };
  return new GeckoTerminalDexProvider({
    client: new ProviderClient({
      ...geckoTerminalEndpoint(server.url),
      clock: fast.clock,
      timeoutMs: options.timeoutMs ?? 2_000,
      retries: 2,
      log,
    }),
    chains: options.chains ?? ['eth'],
    topPoolPages: options.topPoolPages ?? 2,
    newPoolPages: 1,
    log,
  });
}

function serveAll() {
  server.on(POOLS, { body: PAGE_1 }, { body: PAGE_2 });
  server.on(NEW, { body: NEW_POOLS });
  server.on(MULTI, { body: TOKENS });
}

describe('GeckoTerminal DEX provider', () => {
  it('reads top and new pools, joins their tokens and parses the numbers from strings', async () => {
    serveAll();
    const { tokens, pools } = await provider().fetchDex(NOW);

    expect(pools.map((pool) => pool.address).sort()).toEqual([
      '0x2222222222222222222222222222222222222222',
      '0x5555555555555555555555555555555555555555',
    ]);
    const frog = pools.find((pool) => pool.address === FROG_POOL);
    expect(frog).toEqual({
      chainName: 'eth',
      address: FROG_POOL,
      dex: 'uniswap_v2',
      name: 'FROG / WETH',
      base_token_address: '0x1111111111111111111111111111111111111111',
      quote_token_address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      quote_token_symbol: 'WETH',
      pool_created_at: '2026-03-01T10:15:00.000Z',
      base_token_price_usd: 0.00004213,
      base_token_price_native_currency: 0.0000000156,
      reserve_in_usd: 18450.33,
      fdv_usd: 42130,
      market_cap_usd: null,
      price_change_percentage: { m5: 3.1, h1: 25.4, h6: -25.4, h24: 25.4 },
      transactions: {
        m5: { buys: 12, sells: 3 },
        h1: { buys: 15, sells: 6 },
        h6: { buys: 16, sells: 7 },
        h24: { buys: 17, sells: 8 },
      },
      volume_usd: { m5: 812.4, h1: 5120.9, h6: 5120.9, h24: 5120.9 },
    });
    for (const pool of pools) expect(snapshotPoolSchema.parse(pool)).toEqual(pool);

    // Supplies from base units (FROG) or the normalised figure (TOAD); NOSUP has none and is
    // left out with its pool rather than stored with a made-up supply.
    expect(tokens).toEqual([
      {
        chainName: 'eth',
        address: '0x1111111111111111111111111111111111111111',
        name: 'Frog Coin',
        symbol: 'FROG',
        decimals: 18,
        total_supply: '1000000000',
        trusted_token: 0,
      },
      {
        chainName: 'eth',
        address: '0x3333333333333333333333333333333333333333',
        name: 'Moon Toad',
        symbol: 'TOAD',
        decimals: 9,
        total_supply: '1000000000',
        trusted_token: 0,
      },
    ]);
    // The V4 pool id, the pool without a creation time and the one missing the h6 window are
    // left out, and logged.
    expect(
      logs.find((log) => log.msg.startsWith('pools left out: wrong shape'))?.obj,
    ).toMatchObject({ path: POOLS, page: 1, pools: 3 });
  });

  it('pages while there is a next page, up to the configured number of pages', async () => {
    serveAll();
    await provider({ topPoolPages: 2 }).fetchDex(NOW);
    expect(server.requestsTo(POOLS).map((request) => request.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
    expect(server.requestsTo(POOLS)[0]?.query.get('include')).toBe('base_token,quote_token,dex');
    expect(server.requestsTo(POOLS)[0]?.headers.accept).toBe('application/json;version=20230302');
    expect(server.requestsTo(NEW)).toHaveLength(1);
    // One token call for every base token of the network.
    expect(server.requestsTo(MULTI)).toHaveLength(1);
  });

  it('stops paging at an empty page', async () => {
    server.on(POOLS, { body: PAGE_1 }, { body: { data: [], links: { next: null } } });
    server.on(NEW, { body: { data: [] } });
    server.on(MULTI, { body: TOKENS });
    const { pools } = await provider({ topPoolPages: 5 }).fetchDex(NOW);
    expect(server.requestsTo(POOLS)).toHaveLength(2);
    expect(pools.map((pool) => pool.address)).toEqual([FROG_POOL]);
  });

  it('recovers from a 429 with Retry-After, a 5xx and a slow answer', async () => {
    server.on(
      POOLS,
      { status: 429, headers: { 'retry-after': '2' }, body: { errors: [{ status: '429' }] } },
      { body: PAGE_1 },
    );
    server.on(NEW, { status: 503, body: 'unavailable' }, { body: NEW_POOLS });
    server.on(MULTI, { delayMs: 1_000, body: TOKENS }, { body: TOKENS });
    const { pools } = await provider({ topPoolPages: 1, timeoutMs: 200 }).fetchDex(NOW);
    expect(pools.map((pool) => pool.address).sort()).toEqual([FROG_POOL, TOAD_POOL]);
    expect(sleeps).toContain(2_000);
  });

  it('drops a truncated page and keeps the other list', async () => {
    server.on(POOLS, { body: JSON.stringify(PAGE_1).slice(0, 500) });
    server.on(NEW, { body: NEW_POOLS });
    server.on(MULTI, { body: TOKENS });
    const { pools } = await provider().fetchDex(NOW);
    expect(pools.map((pool) => pool.address).sort()).toEqual([FROG_POOL, TOAD_POOL]);
    // The truncated list is not paged further.
    expect(server.requestsTo(POOLS)).toHaveLength(1);
  });

  it('drops a pool with wrong-typed fields, keeping the rest of the page', async () => {
    const page = structuredClone(NEW_POOLS);
    const toad = page.data[0] as { attributes: Record<string, unknown> };
    toad.attributes.transactions = { m5: { buys: '12', sells: 3 } };
    server.on(POOLS, { body: { data: [] } });
    server.on(NEW, { body: page });
    server.on(MULTI, { body: TOKENS });
    const { tokens, pools } = await provider().fetchDex(NOW);
    expect(pools.map((pool) => pool.address)).toEqual([FROG_POOL]);
    expect(tokens.map((token) => token.symbol)).toEqual(['FROG']);
  });

  it('leaves out the pools of tokens whose supply could not be read', async () => {
    server.on(POOLS, { body: { data: [] } });
    server.on(NEW, { body: NEW_POOLS });
    server.on(MULTI, { status: 500, body: {} });
    const { tokens, pools } = await provider().fetchDex(NOW);
    expect(tokens).toEqual([]);
    expect(pools).toEqual([]);
  });

  it('throws when no pool list could be read, so a sync keeps what it has', async () => {
    server.on(POOLS, { status: 500, body: {} });
    server.on(NEW, { status: 500, body: {} });
    await expect(provider().fetchDex(NOW)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('never calls for a chain it was not handed (RESEARCH_SOURCES market own), and lists only what it read', async () => {
    // Both networks answer; only bsc is the provider's to read.
    serveAll();
    server.on('/networks/bsc/pools', { body: PAGE_1 }, { body: PAGE_2 });
    server.on('/networks/bsc/new_pools', { body: NEW_POOLS });
    server.on('/networks/bsc/tokens/multi/*', { body: TOKENS });
    const gt = provider({ chains: ['bsc'] });
    const listing = await gt.fetchDex(NOW);
    expect(listing.listed).toEqual(['bsc']);
    expect(listing.pools.map((pool) => pool.chainName)).toEqual(['bsc', 'bsc']);
    expect(listing.tokens.map((token) => token.chainName)).toEqual(['bsc', 'bsc']);
    // Nor do candles or supplies of the excluded chain cost a call.
    expect(await gt.fetchCandles('eth', FROG_POOL, '1h')).toEqual([]);
    expect((await gt.supplies('eth', [{ address: FROG_POOL }])).facts.size).toBe(0);
    expect(server.requestsTo('/networks/bsc/*').length).toBeGreaterThan(0);
    expect(server.requestsTo('/networks/eth/*')).toEqual([]);
  });

  it('asks each configured network by its GeckoTerminal id', async () => {
    server.on('/networks/polygon_pos/pools', { body: { data: [] } });
    server.on('/networks/polygon_pos/new_pools', { body: { data: [] } });
    server.on('/networks/avax/pools', { body: { data: [] } });
    server.on('/networks/avax/new_pools', { body: { data: [] } });
    await provider({ chains: ['polygon_pos', 'avax'] }).fetchDex(NOW);
    expect(server.requests.map((request) => request.path)).toEqual([
      '/networks/polygon_pos/pools',
      '/networks/polygon_pos/new_pools',
      '/networks/avax/pools',
      '/networks/avax/new_pools',
    ]);
  });
});
