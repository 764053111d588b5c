import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  AMOUNT_BANDS,
  CHAIN_CODE_VALUES,
  SCORE_BANDS,
  ageSeconds,
  inRange,
  tokenListResponseSchema,
  type TokenListItem,
} from '@vaultscope/core';
import { expectedTokens, shippedSnapshot, type ExpectedToken } from '../test/research-data';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let loadedAt: Date;
let expected: ExpectedToken[];

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
  loadedAt = t.clock.now();
  expected = expectedTokens(shippedSnapshot(), loadedAt);
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

/** Every row of a list for a query, page by page (100 a page), checking the envelope of each page. */
async function all(path: string, query: Record<string, string> = {}): Promise<TokenListItem[]> {
  const rows: TokenListItem[] = [];
  for (let page = 1; ; page += 1) {
    const params = new URLSearchParams({ ...query, page: String(page), page_size: '100' });
    const { status, body } = await get(`${path}?${params}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const parsed = tokenListResponseSchema.parse(body);
    expect(parsed.page).toBe(page);
    rows.push(...parsed.tokenDetails);
    if (page >= parsed.totalPages) {
      expect(parsed.tokenDetails.length).toBeLessThanOrEqual(100);
      return rows;
    }
    expect(parsed.tokenDetails).toHaveLength(100);
  }
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe('list rows', () => {
  it("show each token's primary pool figures, age and stored score", async () => {
    const rows = await all('/check-token');
    expect(rows).toHaveLength(expected.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const want of expected) {
      const row = byId.get(want.id);
      expect(row, want.id).toBeDefined();
      const { pool, token } = want;
      expect(row).toEqual({
        id: want.id,
        CoinName: token.name,
        symbol: token.symbol,
        tokenAddress: token.address,
        chainName: token.chainName,
        price: pool.base_token_price_usd,
        age: want.createdAt.toISOString(),
        totalTransactions: pool.transactions.h24.buys + pool.transactions.h24.sells,
        pricePercentage: pool.price_change_percentage,
        volume: pool.volume_usd.h24,
        liquidity: pool.reserve_in_usd,
        Mcap: pool.market_cap_usd,
        fdv: pool.fdv_usd,
        score: want.score,
        is_favourite: 0,
      });
    }
  });

  it('pages 20 by default (50 on the all-token list) with totalPages', async () => {
    for (const [path, size] of [
      ['/check-token', 20],
      ['/fetch-top', 20],
      ['/new-pools', 20],
      ['/api/token/all-tokens', 50],
    ] as const) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.tokenDetails).toHaveLength(size);
      expect(body).toMatchObject({
        page: 1,
        page_size: size,
        totalPages: Math.ceil(expected.length / size),
      });
    }
  });

  it('pages do not overlap and together hold every matching token once', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => get(`/check-token?chainName=eth&page=${page}&page_size=7`)),
    );
    const seen = pages.flatMap((page) => page.body.tokenDetails.map((r: TokenListItem) => r.id));
    expect(new Set(seen).size).toBe(21);
    const everything = await all('/check-token', { chainName: 'eth' });
    expect(everything.slice(0, 21).map((row) => row.id)).toEqual(seen);
  });

  it('answers a page past the end with no rows and the real totalPages', async () => {
    const eth = expected.filter((token) => token.chainName === 'eth').length;
    const { status, body } = await get('/fetch-top?chainName=eth&page=999&page_size=20');
    expect(status).toBe(200);
    expect(body).toEqual({
      tokenDetails: [],
      totalPages: Math.ceil(eth / 20),
      page: 999,
      page_size: 20,
    });
  });
});

describe('orders', () => {
  const byIdThen = (a: ExpectedToken, b: ExpectedToken) => (a.id < b.id ? -1 : 1);

  it('/check-token and the all-token list: most liquid first', async () => {
    const want = [...expected]
      .sort((a, b) => b.pool.reserve_in_usd - a.pool.reserve_in_usd || byIdThen(a, b))
      .map((token) => token.id);
    expect((await all('/check-token')).map((row) => row.id)).toEqual(want);
    expect((await all('/api/token/all-tokens')).map((row) => row.id)).toEqual(want);
  });

  it('/fetch-top: top gainers, largest 24 h change first', async () => {
    const rows = await all('/fetch-top');
    const want = [...expected]
      .sort(
        (a, b) =>
          b.pool.price_change_percentage.h24 - a.pool.price_change_percentage.h24 || byIdThen(a, b),
      )
      .map((token) => token.id);
    expect(rows.map((row) => row.id)).toEqual(want);
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.pricePercentage.h24!).toBeLessThanOrEqual(rows[i - 1]!.pricePercentage.h24!);
    }
  });

  it('/new-pools: newest pool first', async () => {
    const rows = await all('/new-pools');
    const want = [...expected]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byIdThen(a, b))
      .map((token) => token.id);
    expect(rows.map((row) => row.id)).toEqual(want);
    const first = rows[0]!;
    expect(ageSeconds(first.age!, loadedAt)).toBeLessThan(3_600);
  });

  it('/new-pools and /fetch-top take the same filters', async () => {
    const rows = await all('/new-pools', { chainName: 'solana', age: '1hr-24hr' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.chainName).toBe('solana');
      expect(inRange(ageSeconds(row.age!, loadedAt), { gte: 3_600, lt: 86_400 })).toBe(true);
    }
    const top = await all('/fetch-top', { score: 'gt80', volume: 'gt1m' });
    expect(ids(top)).toEqual(
      ids(expected.filter((token) => token.score > 80 && token.pool.volume_usd.h24 >= 1e6)),
    );
  });
});

describe('filter bands: each returns exactly the matching tokens', () => {
  const cases: [string, string, (token: ExpectedToken) => boolean][] = [
    ...(['all', ...CHAIN_CODE_VALUES] as const).map(
      (chain) =>
        [
          'chainName',
          chain,
          (token: ExpectedToken) => chain === 'all' || token.chainName === chain,
        ] as [string, string, (token: ExpectedToken) => boolean],
    ),
    ...AGE_BANDS.map(
      (band) =>
        [
          'age',
          band.value,
          (token: ExpectedToken) => inRange(ageSeconds(token.createdAt, loadedAt), band.range),
        ] as [string, string, (token: ExpectedToken) => boolean],
    ),
    ...SCORE_BANDS.map(
      (band) =>
        ['score', band.value, (token: ExpectedToken) => inRange(token.score, band.range)] as [
          string,
          string,
          (token: ExpectedToken) => boolean,
        ],
    ),
    ...AMOUNT_BANDS.map(
      (band) =>
        [
          'liquidity',
          band.value,
          (token: ExpectedToken) => inRange(token.pool.reserve_in_usd, band.range),
        ] as [string, string, (token: ExpectedToken) => boolean],
    ),
    ...AMOUNT_BANDS.map(
      (band) =>
        [
          'volume',
          band.value,
          (token: ExpectedToken) => inRange(token.pool.volume_usd.h24, band.range),
        ] as [string, string, (token: ExpectedToken) => boolean],
    ),
  ];

  it.each(cases)('%s=%s', async (filter, value, matches) => {
    const want = expected.filter(matches);
    const rows = await all('/check-token', { [filter]: value });
    expect(ids(rows)).toEqual(ids(want));
    if (value !== 'all') {
      expect(want.length, 'the snapshot should fill every band').toBeGreaterThan(0);
      expect(want.length).toBeLessThan(expected.length);
    }
    // Each row, read on its own, is in the band.
    for (const row of rows) {
      if (filter === 'chainName' && value !== 'all') expect(row.chainName).toBe(value);
      if (filter === 'age') {
        const band = AGE_BANDS.find((b) => b.value === value)!;
        expect(inRange(ageSeconds(row.age!, loadedAt), band.range)).toBe(true);
      }
      if (filter === 'score')
        expect(inRange(row.score, SCORE_BANDS.find((b) => b.value === value)!.range)).toBe(true);
      if (filter === 'liquidity' || filter === 'volume') {
        const band = AMOUNT_BANDS.find((b) => b.value === value)!;
        expect(inRange(filter === 'liquidity' ? row.liquidity : row.volume, band.range)).toBe(true);
      }
    }
  });

  it('combines filters (all must hold), case-insensitively', async () => {
    const rows = await all('/check-token', {
      chainName: 'BSC',
      age: '1MONTH',
      score: 'lt60',
      liquidity: '10k-100k',
    });
    const want = expected.filter(
      (token) =>
        token.chainName === 'bsc' &&
        ageSeconds(token.createdAt, loadedAt) < 30 * 86_400 &&
        token.score < 60 &&
        token.pool.reserve_in_usd >= 10_000 &&
        token.pool.reserve_in_usd < 100_000,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(want));
  });

  it('age bands follow the clock: two hours later the 0-1hr band holds other pools', async () => {
    const before = ids(await all('/new-pools', { age: '0-1hr' }));
    t.clock.advance(2 * 3_600_000);
    try {
      const now = t.clock.now();
      const want = expected.filter((token) =>
        inRange(ageSeconds(token.createdAt, now), { lt: 3_600 }),
      );
      const after = ids(await all('/new-pools', { age: '0-1hr' }));
      expect(after).toEqual(ids(want));
      expect(after).not.toEqual(before);
    } finally {
      t.clock.advance(-2 * 3_600_000);
    }
  });
});

describe('bad list input', () => {
  it.each([
    ['chainName=tron', 'chainName must be one of: all, eth, solana, bsc, avax, polygon_pos.'],
    [
      'age=2h',
      'age must be one of: all (All), 0-1hr (0-1hr), 1hr-24hr (1hr-24hr), 1week (1 week), 1month (1 month).',
    ],
    [
      'score=gt90',
      'score must be one of: all (All), gt70 (greater than 70), lt60 (less than 60), gt80 (greater than 80).',
    ],
    [
      'liquidity=huge',
      'liquidity must be one of: all (All), 10k-100k (10k-100k), 100k-500k (100k-500k), 500k-1m (500k-1M), gt1m (greater than 1M).',
    ],
    [
      'volume=1m',
      'volume must be one of: all (All), 10k-100k (10k-100k), 100k-500k (100k-500k), 500k-1m (500k-1M), gt1m (greater than 1M).',
    ],
    ['page=0', 'page must be a whole number from 1 to 10000.'],
    ['page=abc', 'page must be a whole number from 1 to 10000.'],
    ['page_size=101', 'page_size must be a whole number from 1 to 100.'],
    ['page_size=2.5', 'page_size must be a whole number from 1 to 100.'],
  ])('%s is a 400 with a clear message', async (query, message) => {
    for (const path of ['/check-token', '/fetch-top', '/new-pools', '/api/token/all-tokens']) {
      const { status, body } = await get(`${path}?${query}`);
      expect(status, path).toBe(400);
      expect(body.message).toBe(message);
    }
  });
});
