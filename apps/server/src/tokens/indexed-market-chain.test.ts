import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  candlesResponseSchema,
  INDEXER_PRICE_PROVIDER,
  tokenDetailResponseSchema,
  tokenListResponseSchema,
  tradesResponseSchema,
} from '@vaultscope/core';
import type { DevnetMarket } from '@vaultscope/devnet';
import type { ChainIndexer } from '../indexer/chain-indexer';
import { indexerPools } from '../indexer/indexer-tables';
import { manualTrader, newIndexer } from '../indexer/indexer-test-kit';
import { startTestApp, type TestApp } from '../test/test-app';
import { startTestDevnet } from '../test/wallet-test-kit';

/**
 * The whole path on a real Anvil with the local market: the trade simulator swaps, our indexer
 * reads the block, and the app's list, row and candles show the swap's price.
 */
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;
let t: TestApp;
let indexer: ChainIndexer;

beforeAll(async () => {
  devnet = await startTestDevnet([1], { markets: true });
  market = devnet.markets[1]!;
  t = await startTestApp({}, { loadSnapshots: true, devnet });
  indexer = newIndexer(t.app.db.handle, devnet.rpcUrl(1), 1, [market.dex]);
  indexer.start();
}, 120_000);
afterAll(async () => {
  await indexer?.stop();
  await t?.close();
  await devnet?.remove();
});

async function get(url: string) {
  const res = await t.request({ method: 'GET', url });
  return res.json();
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ethRows = async () =>
  tokenListResponseSchema.parse(
    await get(`${apiPaths.tokens.checkToken}?chainName=eth&page_size=100`),
  ).tokenDetails;

describe('a swap on the local market', () => {
  it('shows in the list row price and in the candles', async () => {
    // The market's history indexed: every listed token of the chain is in the list.
    const listed = await eventually(ethRows, (rows) =>
      market.tokens.every((token) => rows.some((row) => row.tokenAddress === token.address)),
    );
    expect(listed.length).toBeGreaterThanOrEqual(market.tokens.length);

    const trader = manualTrader(1, devnet.rpcUrl(1), market, 11);
    try {
      let event = await trader.tick(1);
      while (event?.kind !== 'swap') event = await trader.tick(1);
      const pool = market.pools.find((item) => item.address === event.pool)!;
      const token = pool.base.address;
      // The swap indexed: it is the pool's latest trade.
      const trades = await eventually(
        async () =>
          tradesResponseSchema.parse(await get(`${apiPaths.tokens.trades(token)}?network=eth`)),
        (answer) => answer.trades[0]?.txHash === event.hash,
      );
      expect(trades.trades[0]?.txHash).toBe(event.hash);
      // The pool's price as the indexer computed it from the swap's block.
      const [stored] = await t.app.db.handle.db
        .select()
        .from(indexerPools)
        .where(
          and(eq(indexerPools.chainId, 1), eq(indexerPools.address, pool.address.toLowerCase())),
        );
      expect(trades.trades[0]?.priceUsd).toBe(stored!.priceUsd);
      const rows = await eventually(
        ethRows,
        (list) => list.find((item) => item.tokenAddress === token)?.price === stored!.priceUsd,
        3_000,
      );
      expect(rows.find((item) => item.tokenAddress === token)?.price).toBe(stored!.priceUsd);

      const to = Math.floor(Date.now() / 1000) + 60;
      const candles = candlesResponseSchema.parse(
        await get(
          `${apiPaths.tokens.candles(token)}?network=eth&interval=1m&from=${to - 3_600}&to=${to}`,
        ),
      );
      expect(candles.priceProvider).toBe(INDEXER_PRICE_PROVIDER);
      expect(candles.pairAddress).toBe(pool.address);
      expect(candles.candles.at(-1)?.close).toBe(stored!.priceUsd);
    } finally {
      await trader.stop();
    }
  }, 120_000);
});

describe('our analyzer on an indexed token', () => {
  it('scans it while idle and puts the score in the list row and the score filters', async () => {
    const token = market.tokens[0]!.address;
    const rowOf = async (filter = '') =>
      tokenListResponseSchema
        .parse(await get(`${apiPaths.tokens.checkToken}?chainName=eth&page_size=100${filter}`))
        .tokenDetails.find((row) => row.tokenAddress === token);
    // No one asked for its detail: the analyzer scans listed tokens without a report when idle.
    const scored = await eventually(rowOf, (row) => typeof row?.score === 'number', 90_000);
    expect(scored?.score).toEqual(expect.any(Number));

    const res = await t.request({
      method: 'GET',
      url: `${apiPaths.tokens.details(token)}?network=eth`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { totalScore } = tokenDetailResponseSchema.parse(res.json());
    expect(scored?.score).toBe(totalScore);
    // The market's listed tokens are mintable by their owner, who holds nearly all of them: a
    // low score, which the score filters now see.
    expect(totalScore).toBeLessThan(60);
    expect(await rowOf('&score=lt60')).toBeDefined();
    expect(await rowOf('&score=gt70')).toBeUndefined();
  }, 120_000);
});
