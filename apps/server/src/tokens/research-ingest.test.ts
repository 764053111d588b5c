import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, cleanEvmReport, type CexMarket, type ChainCode } from '@vaultscope/core';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import type {
  ProvidedDexToken,
  ProvidedPool,
  ResearchProviders,
  SecurityReportProvider,
} from './providers';
import { ResearchIngest } from './research-ingest';
import { researchSync } from './research-tables';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });

describe('the shipped snapshot', () => {
  it('loads into an empty database once, and the lists fill', async () => {
    expect((await get('/check-token')).json().tokenDetails).toEqual([]);
    const ingest = t.app.services.researchIngest;
    const started = performance.now();
    const summary = await ingest.loadIfEmpty();
    const ms = performance.now() - started;
    expect(summary).toMatchObject({
      provider: 'snapshot',
      tokens: 2_400,
      pools: 2_736,
      reports: 2_400,
      cexMarkets: 240,
    });
    // Fast enough for `npm start` (about a second here; generous for a busy CI machine).
    expect(ms).toBeLessThan(30_000);
    expect(await ingest.loadIfEmpty()).toBeNull();
    const list = (await get('/check-token')).json();
    expect(list.tokenDetails).toHaveLength(20);
    expect(list.totalPages).toBe(120);
    expect((await get('/api/cex/tokens')).json().totalPages).toBe(12);
  });

  it('loads again without duplicates, and bumps the data versions', async () => {
    const before = (await get('/fetch-top?page_size=100')).json();
    await t.app.services.researchIngest.sync();
    const after = (await get('/fetch-top?page_size=100')).json();
    expect(after).toEqual(before);
    const versions = await t.app.db.handle.db.select().from(researchSync);
    expect(versions.map((row) => [row.kind, row.version]).sort()).toEqual([
      ['cex', 2],
      ['dex', 2],
      ['security', 2],
    ]);
  });
});

describe('response cache', () => {
  it('serves anonymous repeats from memory, never a logged-in caller, and forgets on a load', async () => {
    const url = '/new-pools?page=3&page_size=4';
    const first = await get(url);
    const second = await get(url);
    expect(first.headers['x-cache']).toBe('miss');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    // Security headers are the same on a cached answer.
    expect(second.headers['x-content-type-options']).toBe(first.headers['x-content-type-options']);

    const user = await signupAndLogin(t);
    const mine = await get(url, user.auth);
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.json()).toEqual(first.json());

    // Errors are not kept.
    expect((await get('/new-pools?age=soon')).headers['x-cache']).toBe('miss');
    expect((await get('/new-pools?age=soon')).headers['x-cache']).toBe('miss');

    await t.app.services.researchIngest.sync();
    expect((await get(url)).headers['x-cache']).toBe('miss');
  });

  it('keeps an answer for RESEARCH_CACHE_SECONDS of the clock', async () => {
    const url = '/check-token?chainName=avax&page_size=3';
    await get(url);
    t.clock.advance(9_000);
    expect((await get(url)).headers['x-cache']).toBe('hit');
    t.clock.advance(1_000);
    expect((await get(url)).headers['x-cache']).toBe('miss');
  });
});

describe('a load from a provider', () => {
  const A = '0x1111111111111111111111111111111111111111';
  const B = '0x2222222222222222222222222222222222222222';
  const QUOTE = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

  const token = (address: string, name: string): ProvidedDexToken => ({
    chainName: 'eth',
    address,
    name,
    symbol: name.toUpperCase(),
    decimals: 18,
    total_supply: '1000',
    trusted_token: 0,
  });
  const pool = (
    address: string,
    base: string,
    reserve: number,
    createdAt: string,
  ): ProvidedPool => {
    const windows = <T>(value: T) => ({ m5: value, h1: value, h6: value, h24: value });
    return {
      chainName: 'eth',
      address,
      dex: 'uniswap_v2',
      name: 'X / WETH',
      base_token_address: base,
      quote_token_address: QUOTE,
      quote_token_symbol: 'WETH',
      pool_created_at: createdAt,
      base_token_price_usd: 2,
      base_token_price_native_currency: 0.001,
      reserve_in_usd: reserve,
      fdv_usd: 2_000,
      market_cap_usd: null,
      price_change_percentage: windows(5),
      transactions: windows({ buys: 3, sells: 2 }),
      volume_usd: windows(50_000),
    };
  };

  /** A provider of two tokens (A with two pools), then of A alone. */
  function providers(state: { round: number }): ResearchProviders {
    const security: SecurityReportProvider = {
      name: 'test-security',
      fetchReports: async (tokens) =>
        tokens.map(({ chainName, address }) => ({
          chainName: chainName as ChainCode,
          address,
          name: null,
          symbol: null,
          trusted_token: 0,
          report: cleanEvmReport({ is_mintable: address === A ? 1 : 0 }),
        })),
    };
    return {
      security,
      dex: {
        name: 'test-dex',
        priceLabel: 'Test DEX',
        fetchDex: async () => ({
          tokens:
            state.round === 1 ? [token(A, 'Alpha'), token(B, 'Beta')] : [token(A, 'Alpha Two')],
          pools: [
            pool(
              '0x3333333333333333333333333333333333333333',
              A,
              5_000,
              '2026-11-21T11:00:00.000Z',
            ),
            pool(
              '0x4444444444444444444444444444444444444444',
              A,
              90_000,
              '2026-11-20T11:00:00.000Z',
            ),
            ...(state.round === 1
              ? [
                  pool(
                    '0x5555555555555555555555555555555555555555',
                    B,
                    20_000,
                    '2026-11-21T11:30:00.000Z',
                  ),
                ]
              : []),
          ],
          listed: ['eth'],
        }),
      },
      cex: {
        name: 'test-cex',
        fetchMarkets: async () => ({ markets: [] as CexMarket[], complete: true }),
      },
    };
  }

  it('stores the primary pool (largest reserve) and the score, and drops what is no longer delivered', async () => {
    const app = await startTestApp();
    try {
      const state = { round: 1 };
      const ingest = new ResearchIngest(app.app.db.handle.db, providers(state), app.clock, () =>
        app.app.services.research.invalidate(),
      );
      await ingest.sync();
      const rows = (await app.request({ method: 'GET', url: '/check-token' })).json().tokenDetails;
      expect(rows.map((row: { CoinName: string }) => row.CoinName)).toEqual(['Alpha', 'Beta']);
      expect(rows[0]).toMatchObject({
        id: `eth_${A}`,
        liquidity: 90_000,
        age: '2026-11-20T11:00:00.000Z',
        totalTransactions: 5,
        score: 90,
      });
      const detail = (
        await app.request({ method: 'GET', url: `/get-token-details/${A}?network=eth` })
      ).json();
      expect(detail).toMatchObject({
        pairAddress: '0x4444444444444444444444444444444444444444',
        priceProvider: 'Test DEX',
        totalScore: 90,
        riskLevel: 'low risk',
      });

      state.round = 2;
      app.clock.advance(60_000);
      await ingest.sync();
      // The row as the load wrote it, though no list page has reloaded the list index yet.
      const byId = await app.request({
        method: 'GET',
        url: `${apiPaths.tokens.byId(A)}?chainName=eth`,
      });
      expect(byId.json().tokenDetails.CoinName).toBe('Alpha Two');
      const after = (await app.request({ method: 'GET', url: '/check-token' })).json();
      expect(after.tokenDetails.map((row: { CoinName: string }) => row.CoinName)).toEqual([
        'Alpha Two',
      ]);
      expect(after.totalPages).toBe(1);
    } finally {
      await app.close();
    }
  });
});
