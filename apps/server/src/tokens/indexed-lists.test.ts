import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  candlesResponseSchema,
  tokenListResponseSchema,
  tradesResponseSchema,
} from '@vaultscope/core';
import {
  indexerBlocks,
  indexerCandles,
  indexerCheckpoints,
  indexerPools,
  indexerSwaps,
  indexerTokens,
} from '../indexer/indexer-tables';
import { startTestApp, type TestApp } from '../test/test-app';
import { eq } from 'drizzle-orm';

/**
 * The serving side over the indexer's tables: rows written here as the indexer writes them
 * (its own tests cover how it reads the chain), read back through the real app.
 */
let t: TestApp;
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WETH = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PAIR = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const FACTORY = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9';
const TRADER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const lower = (address: string) => address.toLowerCase();
const blockTime = new Date('2026-11-21T11:59:00Z');

const db = () => t.app.db.handle.db;

async function get(url: string) {
  const res = await t.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), cache: res.headers['x-cache'] };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ethList = () =>
  get(`${apiPaths.tokens.checkToken}?chainName=eth`).then((res) => ({
    ...res,
    rows: tokenListResponseSchema.parse(res.body).tokenDetails,
  }));

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
});
afterAll(() => t.close());

describe('lists of a chain with an indexer', () => {
  it('leave the snapshot for the indexed tokens once an indexer has started on the chain', async () => {
    const before = await ethList();
    expect(before.rows.length).toBeGreaterThan(0);
    expect(before.rows.some((row) => row.tokenAddress === TOKEN)).toBe(false);

    await db()
      .insert(indexerTokens)
      .values([
        {
          chainId: 1,
          address: lower(TOKEN),
          name: 'Vault Test',
          symbol: 'VLT',
          decimals: 18,
          totalSupply: '1000000000000000000000000',
          firstBlock: 5,
          updatedBlock: 5,
        },
        {
          chainId: 1,
          address: lower(WETH),
          name: 'Wrapped Ether',
          symbol: 'WETH',
          decimals: 18,
          isQuote: true,
          firstBlock: 5,
          updatedBlock: 5,
        },
      ]);
    await db()
      .insert(indexerPools)
      .values({
        chainId: 1,
        address: lower(PAIR),
        factory: FACTORY,
        dexName: 'Uniswap V2',
        token0: lower(TOKEN),
        token1: lower(WETH),
        baseToken: lower(TOKEN),
        quoteToken: lower(WETH),
        createdBlock: 5,
        createdAt: new Date('2026-11-21T10:00:00Z'),
        reserve0: '1',
        reserve1: '1',
        priceQuote: 0.001,
        priceUsd: 3,
        liquidityUsd: 250_000,
        updatedBlock: 6,
      });
    await db()
      .insert(indexerSwaps)
      .values({
        chainId: 1,
        txHash: `0x${'aa'.repeat(32)}`,
        logIndex: 0,
        pool: lower(PAIR),
        blockNumber: 6,
        time: blockTime,
        trader: lower(TRADER),
        side: 'buy',
        baseAmount: '1500000000000000000',
        quoteAmount: '1500000000000000',
        priceQuote: 0.001,
        priceUsd: 3,
        volumeUsd: 4.5,
      });
    await db()
      .insert(indexerCandles)
      .values({
        chainId: 1,
        pool: lower(PAIR),
        interval: '1m',
        bucket: blockTime.getTime() / 1000,
        open: 2.5,
        high: 3,
        low: 2.5,
        close: 3,
        volumeUsd: 4.5,
        trades: 1,
        lastBlock: 6,
      });
    await db()
      .insert(indexerBlocks)
      .values({ chainId: 1, number: 6, hash: '0x06', time: blockTime });
    await db().insert(indexerCheckpoints).values({ chainId: 1, factory: FACTORY, lastBlock: 6 });

    const after = await eventually(ethList, (res) =>
      res.rows.some((row) => row.tokenAddress === TOKEN),
    );
    // Only the indexed token: the snapshot's Ethereum rows are gone from the list.
    expect(after.rows.map((row) => row.tokenAddress)).toEqual([TOKEN]);
    expect(after.rows[0]).toMatchObject({
      CoinName: 'Vault Test',
      symbol: 'VLT',
      price: 3,
      liquidity: 250_000,
      fdv: 3_000_000,
      volume: 4.5,
      totalTransactions: 1,
    });
    // Other chains keep the snapshot.
    const solana = tokenListResponseSchema.parse(
      (await get(`${apiPaths.tokens.checkToken}?chainName=solana`)).body,
    );
    expect(solana.tokenDetails.length).toBeGreaterThan(0);
  });

  it("shows a new swap's price in the list and the row at once, never a cached older answer", async () => {
    // Cached now: the same URL answers from the cache until the data changes.
    await ethList();
    expect((await ethList()).cache).toBe('hit');
    await db()
      .update(indexerPools)
      .set({ priceUsd: 4.25, updatedBlock: 7 })
      .where(eq(indexerPools.address, lower(PAIR)));
    await db()
      .insert(indexerBlocks)
      .values({ chainId: 1, number: 7, hash: '0x07', time: blockTime });
    await db().update(indexerCheckpoints).set({ lastBlock: 7 });
    const moved = await eventually(ethList, (res) => res.rows[0]?.price === 4.25);
    expect(moved.rows[0]?.price).toBe(4.25);
    const row = await get(`${apiPaths.tokens.byId(TOKEN)}?chainName=eth`);
    expect(row.body.tokenDetails.price).toBe(4.25);
  });

  it('answers the candles and trades of the primary pool', async () => {
    const to = blockTime.getTime() / 1000 + 60;
    const candles = candlesResponseSchema.parse(
      (
        await get(
          `${apiPaths.tokens.candles(TOKEN)}?network=eth&interval=1m&from=${to - 3600}&to=${to}`,
        )
      ).body,
    );
    expect(candles).toMatchObject({
      pairAddress: PAIR,
      quoteSymbol: 'WETH',
      priceProvider: 'Vaultscope indexer',
    });
    expect(candles.candles).toEqual([
      {
        time: blockTime.getTime() / 1000,
        open: 2.5,
        high: 3,
        low: 2.5,
        close: 3,
        volume: 4.5,
        trades: 1,
      },
    ]);
    const trades = tradesResponseSchema.parse(
      (await get(`${apiPaths.tokens.trades(TOKEN)}?network=eth`)).body,
    );
    expect(trades.trades).toEqual([
      {
        time: blockTime.getTime() / 1000,
        side: 'buy',
        tokenAmount: '1.5',
        quoteAmount: '0.0015',
        priceUsd: 3,
        volumeUsd: 4.5,
        trader: TRADER,
        txHash: `0x${'aa'.repeat(32)}`,
        blockNumber: '6',
      },
    ]);
  });
});
