import { MAINNET_DEXES } from '@vaultscope/core';
import { encodeAbiParameters, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { secretRpcUrl, startSilentNode } from '../test/rpc-faults';
import { decodeDexLog, type RawLog, TOPICS } from './dex-events';
import { capturedLog, indexerDatabase, newIndexer } from './indexer-test-kit';

/** Bad input from a node: the indexer logs it with the chain and block and goes on. */

const place = {
  address: '0x00000000000000000000000000000000000000aa' as Hex,
  blockNumber: '0x10' as Hex,
  blockHash: `0x${'11'.repeat(32)}` as Hex,
  transactionHash: `0x${'22'.repeat(32)}` as Hex,
  logIndex: '0x3' as Hex,
};

describe('indexer faults', () => {
  it('refuses a malformed log (short data, unknown topic, no block) and decodes a good one', () => {
    const good: RawLog = {
      ...place,
      topics: [TOPICS.sync],
      data: encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], [5n, 7n]),
    };
    expect(decodeDexLog(good)).toEqual({
      event: expect.objectContaining({
        kind: 'sync',
        reserve0: 5n,
        reserve1: 7n,
        blockNumber: 16,
        logIndex: 3,
      }),
    });
    expect(decodeDexLog({ ...good, data: '0x1234' })).toEqual({
      problem: expect.stringMatching(/^malformed log/),
    });
    expect(decodeDexLog({ ...good, topics: [`0x${'ab'.repeat(32)}`] })).toEqual({
      problem: expect.stringMatching(/^malformed log/),
    });
    expect(decodeDexLog({ ...good, blockNumber: null })).toEqual({
      problem: expect.stringMatching(/without block/),
    });
    expect(decodeDexLog({ ...good, removed: true })).toEqual({ problem: 'removed log' });
  });

  it('keeps trying a node that stalls, logging each failure without the RPC URL, and stops cleanly', async () => {
    const node = await startSilentNode();
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    const indexer = newIndexer(database.handle, secretRpcUrl(node.port), 1, MAINNET_DEXES[1], {
      log,
      timeoutMs: 150,
      pollMs: 20,
      maxBackoffMs: 50,
    });
    indexer.start();
    await expect
      .poll(() => lines().split('indexer step failed').length - 1, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    await indexer.stop();
    expect(node.connections()).toBeGreaterThanOrEqual(3);
    expect(lines()).toContain('"chainId":1');
    expect(lines()).not.toContain('SECRETKEY123');
    await node.close();
    await database.drop();
  }, 30_000);
});
