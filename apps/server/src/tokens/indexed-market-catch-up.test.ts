import { tokenItemId } from '@vaultscope/core';
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../indexer/indexer-test-kit';
import { IndexedMarket, type IndexedMarketSource } from './indexed-market';
import type { IndexedToken } from './market-source';
import { columnsOfRows, TokenListIndex } from './token-list-index';

/**
 * A chain leaves the snapshot for the indexer's figures only once the indexer has caught up
 * with the node: during a backfill its prices are those of old blocks, served as today's.
 */

const TOKEN = '0x0000000000000000000000000000000000000001';
const token: IndexedToken = {
  chainId: 1,
  address: TOKEN,
  name: 'Token',
  symbol: 'TKN',
  pairAddress: '0x00000000000000000000000000000000000000aa',
  quoteSymbol: 'WETH',
  priceUsd: 1,
  liquidityUsd: 5_000,
  fdvUsd: null,
  marketCapUsd: null,
  createdAt: new Date('2026-11-20T00:00:00Z'),
  volumeH24: 0,
  txH24: 0,
  change: { m5: null, h1: null, h6: null, h24: null },
};

const emptyIndex = () =>
  new TokenListIndex({
    version: async () => 1,
    load: async () => ({
      version: 1,
      columns: columnsOfRows([]),
    }),
    recheckMs: 60_000,
  });

describe('an indexed chain', () => {
  it('is served once the indexer holds the hash of its head (near the node head), not during a backfill', async () => {
    // The indexer keeps block hashes only near the node's head.
    let head = 1_000;
    let caughtUp = false;
    const source = {
      heads: async () => new Map([[1, head]]),
      blockHashes: async (_chainId: number, blocks: readonly number[]) =>
        new Map(caughtUp ? blocks.map((block) => [block, `0x${block}`]) : []),
      changedPools: async () => [],
      tokens: async () => [token],
    } as unknown as IndexedMarketSource;
    const lists: IndexedMarket = new IndexedMarket({
      source,
      allowed: 'all',
      index: emptyIndex(),
      onChange: () => {},
      log: capturedLog().log,
      pollMs: 5,
    });
    await lists.start();
    try {
      expect(lists.serves('eth')).toBe(false);
      expect(lists.row(tokenItemId('eth', TOKEN))).toBeUndefined();
      head = 2_000;
      caughtUp = true;
      const deadline = Date.now() + 5_000;
      while (!lists.row(tokenItemId('eth', TOKEN)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(lists.serves('eth')).toBe(true);
      expect(lists.row(tokenItemId('eth', TOKEN))?.liquidity).toBe(5_000);
    } finally {
      await lists.stop();
    }
  });
});
