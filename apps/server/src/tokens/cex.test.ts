import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAIN_CODE_VALUES,
  cexMessages,
  cexPriceResponseSchema,
  cexTokenListResponseSchema,
  type CexMarket,
  type CexTokenListItem,
} from '@vaultscope/core';
import { shippedSnapshot } from '../test/research-data';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let markets: CexMarket[];

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
  markets = shippedSnapshot().cex.markets;
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

/** Markets by rank (unranked last), then id: the list's order. */
const byRank = (list: CexMarket[]) =>
  [...list].sort(
    (a, b) =>
      (a.market_cap_rank ?? Number.POSITIVE_INFINITY) -
        (b.market_cap_rank ?? Number.POSITIVE_INFINITY) || (a.id < b.id ? -1 : 1),
  );

async function all(query: string): Promise<CexTokenListItem[]> {
  const rows: CexTokenListItem[] = [];
  for (let page = 1; ; page += 1) {
    const { status, body } = await get(`/api/cex/tokens?${query}&page=${page}&page_size=100`);
    expect(status).toBe(200);
    const parsed = cexTokenListResponseSchema.parse(body);
    rows.push(...parsed.tokenDetails);
    if (page >= parsed.totalPages) return rows;
  }
}

describe('GET /api/cex/tokens', () => {
  it('lists every coin by market-cap rank, 20 a page, with the token table columns', async () => {
    const first = await get('/api/cex/tokens');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      page: 1,
      page_size: 20,
      totalPages: Math.ceil(markets.length / 20),
    });
    expect(first.body.tokenDetails).toHaveLength(20);

    const rows = await all('chainName=all');
    expect(rows.map((row) => row.id)).toEqual(byRank(markets).map((market) => market.id));
    const bitcoin = rows.find((row) => row.id === 'bitcoin')!;
    const market = markets.find((m) => m.id === 'bitcoin')!;
    expect(bitcoin).toEqual({
      id: 'bitcoin',
      CoinName: market.name,
      symbol: 'BTC',
      tokenAddress: 'bitcoin',
      chainName: null,
      price: market.current_price,
      age: null,
      totalTransactions: null,
      pricePercentage: {
        m5: null,
        h1: market.price_change_percentage_1h_in_currency,
        h6: null,
        h24: market.price_change_percentage_24h_in_currency,
      },
      volume: market.total_volume,
      liquidity: null,
      Mcap: market.market_cap,
      fdv: market.fully_diluted_valuation,
      score: null,
      is_favourite: 0,
    });
  });

  it('shows a coin with a contract on a research chain by its first contract', async () => {
    const rows = await all('chainName=all');
    for (const market of markets) {
      const row = rows.find((r) => r.id === market.id)!;
      const chain = CHAIN_CODE_VALUES.find((code) => market.platforms[code] !== undefined);
      expect(row.chainName).toBe(chain ?? null);
      expect(row.tokenAddress.toLowerCase()).toBe(
        (chain ? market.platforms[chain]! : market.id).toLowerCase(),
      );
    }
  });

  it.each(CHAIN_CODE_VALUES)(
    'chainName=%s lists only coins on that chain, by that contract',
    async (chain) => {
      const rows = await all(`chainName=${chain}`);
      const want = byRank(markets.filter((market) => market.platforms[chain] !== undefined));
      expect(rows.map((row) => row.id)).toEqual(want.map((market) => market.id));
      for (const row of rows) {
        expect(row.chainName).toBe(chain);
        const market = markets.find((m) => m.id === row.id)!;
        expect(row.tokenAddress.toLowerCase()).toBe(market.platforms[chain]!.toLowerCase());
      }
    },
  );

  it.each([
    ['page=0', 'page must be a whole number from 1 to 10000.'],
    ['page_size=500', 'page_size must be a whole number from 1 to 100.'],
    ['chainName=tron', 'chainName must be one of: all, eth, solana, bsc, avax, polygon_pos.'],
  ])('%s is a 400', async (query, message) => {
    const { status, body } = await get(`/api/cex/tokens?${query}`);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });
});

describe('GET /api/cex/price/{tokenAddress}', () => {
  it('answers a coin by market id, with its whole market row', async () => {
    const { status, body } = await get('/api/cex/price/bitcoin');
    expect(status).toBe(200);
    const page = cexPriceResponseSchema.parse(body);
    const market = markets.find((m) => m.id === 'bitcoin')!;
    expect(page).toMatchObject({
      id: 'bitcoin',
      CoinName: market.name,
      price: market.current_price,
    });
    expect(page.market).toMatchObject({
      ...market,
      last_updated: expect.any(String),
    });
  });

  it('answers a coin by any of its contracts, in any letter case, shown with that contract', async () => {
    const multi = markets.find((market) => Object.keys(market.platforms).length >= 2)!;
    for (const [chain, address] of Object.entries(multi.platforms)) {
      for (const asked of chain === 'solana' ? [address] : [address, address.toLowerCase()]) {
        const { status, body } = await get(`/api/cex/price/${asked}`);
        expect(status, asked).toBe(200);
        expect(body.id).toBe(multi.id);
        expect(body.chainName).toBe(chain);
        expect(body.tokenAddress).toBe(address);
      }
    }
  });

  it('404s a coin we do not list', async () => {
    for (const asked of ['not-a-coin', '0x000000000000000000000000000000000000dEaD']) {
      const { status, body } = await get(`/api/cex/price/${asked}`);
      expect(status).toBe(404);
      expect(body).toEqual({ message: cexMessages.notFound });
    }
  });
});
