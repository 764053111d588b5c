import { tokenItemId } from '@vaultscope/core';
import type { DevnetMarket, TradeEvent, TradeSimulator } from '@vaultscope/devnet';
import { createTestClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainIndexer } from '../indexer/chain-indexer';
import {
  capturedLog,
  indexerDatabase,
  manualTrader,
  newIndexer,
} from '../indexer/indexer-test-kit';
import { startTestDevnet } from '../test/wallet-test-kit';
import { IndexedMarket } from './indexed-market';
import { IndexerMarketSource } from '../indexer/indexer-market-source';
import { columnsOfRows, TokenListIndex } from './token-list-index';

/**
 * The indexed lists across a reorg, on a real Anvil with the local market: once the indexer has
 * undone the orphaned blocks, the next poll serves the undone state (prices back, pools of the
 * orphaned blocks gone), not the orphaned one until the next full refresh.
 */
const CHAIN = 137;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;
let rpcUrl: string;
let trader: TradeSimulator;

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN], { markets: true });
  market = devnet.markets[CHAIN]!;
  rpcUrl = devnet.rpcUrl(CHAIN);
  trader = manualTrader(CHAIN, rpcUrl, market, 5);
}, 240_000);

afterAll(async () => {
  await trader?.stop();
  await devnet?.remove();
});

describe('indexed market after a reorg', () => {
  it('serves the undone prices and drops the pools of orphaned blocks at the next poll', async () => {
    const testClient = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
    const database = await indexerDatabase();
    const indexer: ChainIndexer = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]);
    await indexer.syncToHead();
    let changes = 0;
    const lists: IndexedMarket = new IndexedMarket({
      source: new IndexerMarketSource(database.handle.db),
      allowed: 'all',
      index: new TokenListIndex({
        version: async () => 1,
        load: async () =>
          lists.indexData({
            version: 1,
            columns: columnsOfRows([]),
          }),
        recheckMs: 60_000,
      }),
      onChange: () => (changes += 1),
      log: capturedLog().log,
      // Far beyond the test: only the poll can bring the undone state.
      fullRefreshMs: 3_600_000,
      pollMs: 20,
    });
    await lists.start();
    const idOf = (address: string) => tokenItemId('polygon_pos', address);
    const prices = () =>
      new Map(market.tokens.map((token) => [token.address, lists.row(idOf(token.address))?.price]));
    const before = prices();
    expect([...before.values()].every((price) => typeof price === 'number')).toBe(true);

    const snapshot = await testClient.snapshot();
    const startBlock = await indexer.reader.headNumber();
    // Trades on the branch to be orphaned: a swap of a listed token and a new token's pool.
    const events: TradeEvent[] = [];
    while (!events.some((e) => e.kind === 'launch') || !events.some((e) => e.kind === 'swap'))
      events.push((await trader.tick(CHAIN))!);
    const launched = events.find((e) => e.kind === 'launch')!;
    if (launched.kind !== 'launch') throw new Error('unreachable');
    await indexer.syncToHead();
    await expect.poll(() => lists.row(idOf(launched.token)), { timeout: 5_000 }).toBeDefined();
    await expect.poll(() => prices(), { timeout: 5_000 }).not.toEqual(before);
    const orphanedHead = await indexer.reader.headNumber();

    // The new branch: empty blocks, one more than the orphaned branch had.
    await testClient.revert({ id: snapshot });
    await testClient.mine({ blocks: orphanedHead - startBlock + 1 });
    const changesBefore = changes;
    await indexer.syncToHead();

    await expect.poll(() => prices(), { timeout: 5_000 }).toEqual(before);
    expect(lists.row(idOf(launched.token))).toBeUndefined();
    // The response cache was told.
    expect(changes).toBeGreaterThan(changesBefore);
    await lists.stop();
    await database.drop();
  }, 180_000);
});
