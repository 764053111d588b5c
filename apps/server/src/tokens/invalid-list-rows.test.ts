import { asc, eq } from 'drizzle-orm';
import { apiPaths, tokenItemId } from '@vaultscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../indexer/indexer-test-kit';
import { startTestApp, type TestApp } from '../test/test-app';
import { IndexedMarket, type IndexedMarketSource } from './indexed-market';
import { dexTokenList } from './research-tables';
import type { IndexedToken } from './market-source';
import { columnsOfRows, TokenListIndex } from './token-list-index';

/**
 * List rows are checked by core's row schema once, where they are built, instead of by the
 * response serializer on every answer. A row that breaks it (a negative liquidity, a score of
 * 150) leaves the lists, logged, rather than failing every list or a whole chain's refresh.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
});
afterAll(() => t.close());

// Each call its own URL: the response cache must not answer for the list index.
let calls = 0;
const listTotal = async () => {
  calls += 1;
  const res = await t.request({ method: 'GET', url: `/check-token?page_size=1&page=${calls}` });
  expect(res.statusCode).toBe(200);
  return res.json().totalPages as number;
};

describe('a stored list row that breaks the row schema', () => {
  it('is left out of the lists and of token by id, logged, and the other rows are served', async () => {
    const before = await listTotal();
    const db = t.app.db.handle.db;
    const [victim] = await db
      .select({ token_id: dexTokenList.token_id, token_address: dexTokenList.token_address })
      .from(dexTokenList)
      .orderBy(asc(dexTokenList.token_id))
      .limit(1);
    await db
      .update(dexTokenList)
      .set({ liquidity: -5 })
      .where(eq(dexTokenList.token_id, victim!.token_id));
    t.app.services.research.invalidate();
    expect(await listTotal()).toBe(before - 1);
    const chainName = victim!.token_id.split('_0x')[0];
    const byId = await t.request({
      method: 'GET',
      url: `${apiPaths.tokens.byId(victim!.token_address)}?chainName=${chainName}`,
    });
    expect(byId.statusCode).toBe(404);
    expect(t.logs()).toContain(victim!.token_id);
    expect(t.logs()).toContain('breaks the list row schema');
  });
});

describe('an indexed token whose row breaks the row schema', () => {
  const token = (address: string, liquidityUsd: number): IndexedToken => ({
    chainId: 1,
    address,
    name: 'Token',
    symbol: 'TKN',
    pairAddress: '0x00000000000000000000000000000000000000aa',
    quoteSymbol: 'WETH',
    priceUsd: 1,
    liquidityUsd,
    fdvUsd: null,
    marketCapUsd: null,
    createdAt: new Date('2026-11-20T00:00:00Z'),
    volumeH24: 0,
    txH24: 0,
    change: { m5: null, h1: null, h6: null, h24: null },
  });
  const GOOD = '0x0000000000000000000000000000000000000001';
  const BAD = '0x0000000000000000000000000000000000000002';

  it('is left out, logged, and the chain refresh keeps its other tokens', async () => {
    const source = {
      heads: async () => new Map([[1, 10]]),
      blockHashes: async (_chainId: number, blocks: readonly number[]) =>
        new Map(blocks.map((block) => [block, `0x${block}`])),
      changedPools: async () => [],
      tokens: async () => [token(GOOD, 5_000), token(BAD, Number.NaN)],
    } as unknown as IndexedMarketSource;
    const { log, lines } = capturedLog();
    const lists: IndexedMarket = new IndexedMarket({
      source,
      allowed: 'all',
      index: new TokenListIndex({
        version: async () => 1,
        load: async () => ({
          version: 1,
          columns: columnsOfRows([]),
        }),
        recheckMs: 60_000,
      }),
      onChange: () => {},
      log,
      pollMs: 3_600_000,
    });
    await lists.start();
    await lists.stop();
    expect(lists.row(tokenItemId('eth', GOOD))?.liquidity).toBe(5_000);
    expect(lists.row(tokenItemId('eth', BAD))).toBeUndefined();
    expect(lines()).toContain('breaks the list row schema');
  });
});
