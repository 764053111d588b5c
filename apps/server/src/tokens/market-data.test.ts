import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  candlesResponseSchema,
  marketDataMessages,
  tradesResponseSchema,
} from '@vaultscope/core';
import { expectedTokens, shippedSnapshot } from '../test/research-data';
import { loadConfig } from '../lib/config';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
});
afterAll(() => t.close());

async function get(url: string) {
  const res = await t.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('candles and trades: bad input', () => {
  it('answers 400 with the list of intervals for an unknown interval', async () => {
    const res = await get(`${apiPaths.tokens.candles(address)}?network=eth&interval=2h`);
    expect(res).toEqual({
      status: 400,
      body: expect.objectContaining({ message: marketDataMessages.invalidInterval }),
    });
  });

  it('answers 400 for more than 1,000 candles, from after to, and a bad time', async () => {
    const wide = await get(
      `${apiPaths.tokens.candles(address)}?network=eth&interval=1m&from=0&to=60000`,
    );
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe(marketDataMessages.tooManyCandles('1m'));
    const backwards = await get(
      `${apiPaths.tokens.candles(address)}?network=eth&interval=1h&from=7200&to=3600`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(marketDataMessages.fromAfterTo);
    const fraction = await get(
      `${apiPaths.tokens.candles(address)}?network=eth&interval=1h&to=1.5`,
    );
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toBe(marketDataMessages.invalidTime('to'));
  });

  it('answers 400 for an address that is not one of the chain, and for a bad limit', async () => {
    const notEvm = await get(`${apiPaths.tokens.candles('nope')}?network=eth&interval=1h`);
    expect(notEvm.status).toBe(400);
    expect(notEvm.body.message).toBe('Enter a valid Ethereum token address.');
    const limit = await get(`${apiPaths.tokens.trades(address)}?network=eth&limit=0`);
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe(marketDataMessages.invalidLimit);
  });
});

describe('candles and trades of a chain without an indexer', () => {
  it('answer no candles and no trades, naming the snapshot as the source', async () => {
    const token = expectedTokens(shippedSnapshot(), t.clock.now()).find(
      (item) => item.chainName === 'solana',
    )!;
    const candles = await get(
      `${apiPaths.tokens.candles(token.token.address)}?network=solana&interval=15m`,
    );
    expect(candles.status).toBe(200);
    expect(candlesResponseSchema.parse(candles.body)).toMatchObject({
      chainName: 'solana',
      pairAddress: null,
      priceProvider: 'Vaultscope snapshot',
      interval: '15m',
      candles: [],
    });
    const trades = await get(`${apiPaths.tokens.trades(token.token.address)}?network=solana`);
    expect(tradesResponseSchema.parse(trades.body)).toMatchObject({ trades: [] });
  });
});

describe('MARKET_DATA_INDEXED_CHAINS', () => {
  it('takes all, none or chain codes, and names a bad code at start-up', () => {
    const base = { NODE_ENV: 'test', DEVNET: 'false' };
    expect(loadConfig({ ...base }).MARKET_DATA_INDEXED_CHAINS).toBe('all');
    expect(
      loadConfig({ ...base, MARKET_DATA_INDEXED_CHAINS: 'None' }).MARKET_DATA_INDEXED_CHAINS,
    ).toBe('none');
    expect(
      loadConfig({ ...base, MARKET_DATA_INDEXED_CHAINS: 'eth, polygon_pos' })
        .MARKET_DATA_INDEXED_CHAINS,
    ).toEqual(['eth', 'polygon_pos']);
    expect(() => loadConfig({ ...base, MARKET_DATA_INDEXED_CHAINS: 'eth,doge' })).toThrow(
      /MARKET_DATA_INDEXED_CHAINS.*unknown chain code doge/,
    );
  });
});
