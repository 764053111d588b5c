import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastClock } from '../providers/test-kit/fixture-server';
import { startFixtureProviders } from '../providers/test-kit/live-fixtures';
import { startTestApp, type TestApp } from '../test/test-app';
import { ManualSyncTimers } from './manual-sync-timers';

/**
 * Candles of a chain our indexer does not serve (issue 10): the live DEX provider's OHLCV of the
 * primary pool the stored list row names, through the real route on the test database, against
 * GeckoTerminal's fixture server.
 */
const FROG = '0x1111111111111111111111111111111111111111';
const POOL = '0x2222222222222222222222222222222222222222';
const OHLCV = `/networks/eth/pools/${POOL}/ohlcv`;
/** The fixture's two good hourly candles start at these times. */
const FIRST = 1767222000;
const SECOND = 1767225600;

const ohlcvFixture = JSON.parse(
  readFileSync(
    new URL('../providers/geckoterminal/fixtures/eth-pool-ohlcv-hour.json', import.meta.url),
    'utf8',
  ),
) as unknown;

describe('candles from the live DEX provider on a chain without an indexer', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFixtureProviders>>;
  const timers = new ManualSyncTimers();

  beforeAll(async () => {
    providers = await startFixtureProviders();
    t = await startTestApp(providers.env, {
      research: { timers, runtime: { clock: fastClock().clock } },
    });
    // The first DEX load stores FROG's row, its primary pool that of the deepest reserve.
    timers.fire();
    await timers.idle();
    providers.gt.on(`${OHLCV}/hour`, { body: ohlcvFixture });
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  const candles = (query: string, address = FROG) =>
    t.request({ method: 'GET', url: `/api/token/candles/${address}?network=eth&${query}` });
  const calls = (timeframe: string) => providers.gt.requestsTo(`${OHLCV}/${timeframe}`);

  it("answers the pool's candles with the stored row's pool, quote and source", async () => {
    const response = await candles(`interval=1h&from=${FIRST}&to=${SECOND + 3599}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      chainName: 'eth',
      tokenAddress: FROG,
      pairAddress: POOL,
      quoteSymbol: 'WETH',
      priceProvider: 'GeckoTerminal',
      interval: '1h',
      from: FIRST,
    });
    // The malformed rows of the answer are left out; GeckoTerminal counts no swaps.
    expect(body.candles).toEqual([
      expect.objectContaining({ time: FIRST, close: 0.000042, trades: null }),
      expect.objectContaining({ time: SECOND, close: 0.0000412, trades: null }),
    ]);
    // Asked for the two buckets of the range: before the start of the one after them.
    expect(calls('hour')).toHaveLength(1);
    expect(Object.fromEntries(calls('hour')[0]!.query)).toMatchObject({
      aggregate: '1',
      before_timestamp: String(SECOND + 3600),
      limit: '2',
    });
  });

  it('keeps to the range asked, answering from the last call while it is fresh', async () => {
    const later = await candles(`interval=1h&from=${SECOND}&to=${SECOND + 60}`);
    expect(later.json().candles.map((candle: { time: number }) => candle.time)).toEqual([SECOND]);
    const earlier = await candles(`interval=1h&from=${FIRST}&to=${FIRST + 60}`);
    expect(earlier.json().candles.map((candle: { time: number }) => candle.time)).toEqual([FIRST]);
    // Both inside the buckets the first call asked for: no second call.
    expect(calls('hour')).toHaveLength(1);
  });

  it('asks again once the pool+interval entry is a minute old, or for buckets it did not ask', async () => {
    t.clock.advance(61_000);
    await candles(`interval=1h&from=${SECOND}&to=${SECOND + 120}`);
    expect(calls('hour')).toHaveLength(2);
    // An older bucket than the last call asked for.
    await candles(`interval=1h&from=${FIRST - 3600}&to=${SECOND}`);
    expect(calls('hour')).toHaveLength(3);
  });

  it('gives a token without a stored row no pool and no candles, asking nothing', async () => {
    const before = providers.gt.requests.length;
    const other = '0x4444444444444444444444444444444444444444';
    const body = (await candles('interval=1h', other)).json();
    expect(body).toMatchObject({ pairAddress: null, quoteSymbol: null, candles: [] });
    expect(providers.gt.requests.length).toBe(before);
  });

  it('answers an empty list with the header when the provider fails, logged once', async () => {
    providers.gt.on(`${OHLCV}/day`, { status: 503 });
    const down = await candles(`interval=1d&from=${FIRST - 86_400}&to=${SECOND}`);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ pairAddress: POOL, quoteSymbol: 'WETH', candles: [] });
    const asked = calls('day').length;
    expect(asked).toBeGreaterThanOrEqual(1);
    // The chart's next refresh (another URL, past the response cache) neither asks nor logs.
    const again = await candles(`interval=1d&from=${FIRST}&to=${SECOND}`);
    expect(again.json().candles).toEqual([]);
    expect(calls('day')).toHaveLength(asked);
    expect(t.logs().match(/provider candles not fetched/g)).toHaveLength(1);

    // A malformed answer is a failure too, not a chart drawn from it.
    providers.gt.on(`${OHLCV}/minute`, { body: '{"data":{"attributes":{"ohlcv_list":[[17' });
    const malformed = await candles(`interval=5m&from=${SECOND}&to=${SECOND + 600}`);
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().candles).toEqual([]);
    expect(t.logs().match(/provider candles not fetched/g)).toHaveLength(2);
  });
});
