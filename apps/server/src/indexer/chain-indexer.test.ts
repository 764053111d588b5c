import type { DevnetMarket, TradeSimulator } from '@vaultscope/devnet';
import { createPublicClient, createTestClient, http, parseAbiItem, toFunctionSelector } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestDevnet } from '../test/wallet-test-kit';
import {
  capturedLog,
  indexedState,
  indexerDatabase,
  isCallOf,
  manualTrader,
  newIndexer,
  startFailingProxy,
  startRefusingProxy,
  startRewritingProxy,
} from './indexer-test-kit';
import {
  indexerBlocks,
  indexerCheckpoints,
  indexerPools,
  indexerSwaps,
  indexerTokens,
} from './indexer-tables';
import { READ_ATTEMPTS } from './chain-indexer';
import { poolStats } from './indexer-read';
import { IndexerMarketSource } from './indexer-market-source';

/**
 * The indexer on a real Anvil chain with the local market (Uniswap V2, a dozen pools) and the
 * seeded trade simulator, each indexer writing to its own fresh database: what it derives must
 * not depend on how the blocks arrived (all at once, in small ranges, across a restart, through
 * a node that refuses ranges, across a reorg).
 */
const CHAIN = 137;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;
let rpcUrl: string;
let trader: TradeSimulator;

async function trade(times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await trader.tick(CHAIN);
}

/** What a fresh indexer reads from the chain in one go: the reference. */
async function fullRead() {
  const database = await indexerDatabase();
  const indexer = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]);
  await indexer.syncToHead();
  const state = await indexedState(database.handle);
  await database.drop();
  return state;
}

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN], { markets: true });
  market = devnet.markets[CHAIN]!;
  rpcUrl = devnet.rpcUrl(CHAIN);
  trader = manualTrader(CHAIN, rpcUrl, market);
  await trade(12);
}, 240_000);

afterAll(async () => {
  await trader?.stop();
  await devnet?.remove();
});

describe('chain indexer', () => {
  it('backfills the market, then follows new blocks, ending equal to a single full read', async () => {
    const database = await indexerDatabase();
    const indexed: string[][] = [];
    const indexer = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex], {
      maxRange: 7,
      onBlocksIndexed: (_chain, pools) => indexed.push([...pools]),
    });
    await indexer.syncToHead();
    const backfilled = await indexedState(database.handle);
    expect(backfilled.pools.length).toBeGreaterThanOrEqual(market.pools.length);
    expect(backfilled.swaps.length).toBeGreaterThan(0);
    // Every pool is priced in USD (all quote tokens route to USDV), the USDV pool at about the
    // devnet's native price.
    expect(backfilled.pools.every((pool) => pool.priceUsd !== null && pool.liquidityUsd! > 0)).toBe(
      true,
    );

    // The quote tokens have their rows too (symbol and decimals for the trades and the lists).
    const quotes = market.dex.quoteTokens.map((token) => token.toLowerCase());
    const quoteRows = backfilled.tokens.filter((token) => quotes.includes(token.address));
    expect(quoteRows.map((token) => token.symbol).sort()).toEqual(['USDV', 'WMATIC']);
    expect(quoteRows.map((token) => token.decimals).sort()).toEqual([18, 6]);
    // Their transfers are not followed, so their supply is unknown, never a made-up 0 (which
    // would list the wrapped native coin with a market cap of $0).
    expect(quoteRows.map((token) => token.totalSupply)).toEqual([null, null]);
    indexer.start();
    await trade(6);
    const head = await indexer.reader.headNumber();
    await expect.poll(() => indexer.checkpoint(), { timeout: 10_000 }).toBeGreaterThanOrEqual(head);
    await indexer.stop();
    expect(indexed.length).toBeGreaterThan(0);

    const followed = await indexedState(database.handle);
    expect(followed.swaps.length).toBeGreaterThan(backfilled.swaps.length);
    expect(followed).toEqual(await fullRead());
    // Candles hold every swap once per interval.
    const minuteTrades = followed.candles
      .filter((candle) => candle.interval === '1m')
      .reduce((sum, candle) => sum + candle.trades, 0);
    expect(minuteTrades).toBe(followed.swaps.length);
    await database.drop();
  }, 120_000);

  it('counts each swap once when stopped mid-backfill and restarted, or when ranges are read twice', async () => {
    const database = await indexerDatabase();
    const first = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex], { maxRange: 3 });
    const head = await first.reader.headNumber();
    first.start();
    await expect
      .poll(() => first.checkpoint(), { timeout: 20_000, interval: 20 })
      .toBeGreaterThan(market.dex.startBlock + 10);
    await first.stop();
    expect(await first.checkpoint()).toBeLessThan(head);

    // A new process resumes from the checkpoint.
    await newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]).syncToHead();
    const reference = await fullRead();
    expect(await indexedState(database.handle)).toEqual(reference);

    // A checkpoint behind rows already written (a DEX whose checkpoint lagged): the overlap is
    // read again and nothing is counted twice.
    await database.handle.db
      .update(indexerCheckpoints)
      .set({ lastBlock: market.dex.startBlock + 5 })
      .where(eq(indexerCheckpoints.chainId, CHAIN));
    await newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]).syncToHead();
    expect(await indexedState(database.handle)).toEqual(reference);
    await database.drop();
  }, 120_000);

  it('reads through a node that refuses log ranges above a limit, in smaller ranges', async () => {
    const proxy = await startRefusingProxy(rpcUrl, 4);
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    const indexer = newIndexer(database.handle, proxy.url, CHAIN, [market.dex], {
      maxRange: 64,
      log,
    });
    await indexer.syncToHead();
    expect(proxy.refused).toBeGreaterThan(0);
    expect(lines()).toContain('node refused a log range');
    expect(lines()).not.toContain(proxy.url);
    expect(await indexedState(database.handle)).toEqual(await fullRead());
    await database.drop();
    await proxy.close();
  }, 120_000);

  it('waits out a node that fails token reads for a while: no token is stored without decimals, no quote token as "?"', async () => {
    const proxy = await startFailingProxy(rpcUrl, (method) => method === 'eth_call');
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    const indexer = newIndexer(database.handle, proxy.url, CHAIN, [market.dex], { log });
    indexer.start();
    await expect.poll(() => proxy.failed, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    proxy.failing = false;
    const head = await indexer.reader.headNumber();
    await expect.poll(() => indexer.checkpoint(), { timeout: 20_000 }).toBeGreaterThanOrEqual(head);
    await indexer.stop();
    const state = await indexedState(database.handle);
    expect(state.tokens.filter((token) => token.problem !== null)).toEqual([]);
    expect(state).toEqual(await fullRead());
    // The failures were steps tried again, each logged.
    expect(lines()).toContain('indexer step failed');
    await database.drop();
    await proxy.close();
  }, 120_000);

  it('stores a token whose decimals() the node answers with geth\'s -32000 "invalid opcode" as having no decimals, and indexes on', async () => {
    // A Solidity < 0.8 assert (0xfe): geth answers the eth_call with a JSON-RPC error, not a
    // revert. Taken for a node failure, it stalled the chain for good, the step tried again.
    const token = market.pools.find((pool) => pool.base.address !== market.wrappedNative.address)!
      .base.address;
    const proxy = await startRewritingProxy(rpcUrl, (call) =>
      isCallOf(call, token, toFunctionSelector('decimals()'))
        ? { error: { code: -32000, message: 'invalid opcode: INVALID' } }
        : undefined,
    );
    const database = await indexerDatabase();
    const indexer = newIndexer(database.handle, proxy.url, CHAIN, [market.dex]);
    await indexer.syncToHead();
    expect(proxy.rewritten).toBeGreaterThan(0);
    const [row] = await database.handle.db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, token.toLowerCase()));
    expect(row).toMatchObject({ decimals: null, problem: 'no decimals()' });
    const pools = await database.handle.db
      .select()
      .from(indexerPools)
      .where(eq(indexerPools.baseToken, token.toLowerCase()));
    expect(pools.map((pool) => pool.priceUsd)).toEqual(pools.map(() => null));
    const state = await indexedState(database.handle);
    const reference = await fullRead();
    expect(state.swaps.length).toBe(reference.swaps.length);
    expect(state.tokens.filter((t) => t.problem !== null).map((t) => t.address)).toEqual([
      token.toLowerCase(),
    ]);
    await database.drop();
    await proxy.close();
  }, 120_000);

  it(`stores a token as unreadable after the node rate-limits its decimals() ${READ_ATTEMPTS} steps in a row, rather than holding back the chain, and prices it once the node answers again`, async () => {
    const token = market.pools.find((pool) => pool.base.address !== market.wrappedNative.address)!
      .base.address;
    let limited = true;
    const proxy = await startRewritingProxy(rpcUrl, (call) =>
      limited && isCallOf(call, token, toFunctionSelector('decimals()'))
        ? { error: { code: -32005, message: 'limit exceeded' } }
        : undefined,
    );
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    const indexed: string[] = [];
    const indexer = newIndexer(database.handle, proxy.url, CHAIN, [market.dex], {
      log,
      pollMs: 20,
      maxBackoffMs: 50,
      rereadMs: 300,
      onBlocksIndexed: (_chain, pools) => indexed.push(...pools),
    });
    indexer.start();
    const head = await indexer.reader.headNumber();
    await expect.poll(() => indexer.checkpoint(), { timeout: 30_000 }).toBeGreaterThanOrEqual(head);
    await indexer.stop();
    // Tried again each step (a rate limit passes) until the bound, not once.
    expect(proxy.rewritten).toBe(READ_ATTEMPTS);
    expect(lines().split('indexer step failed').length - 1).toBe(READ_ATTEMPTS - 1);
    expect(lines()).toContain('storing the token as unreadable');
    const [row] = await database.handle.db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, token.toLowerCase()));
    expect(row).toMatchObject({ decimals: null, problem: expect.stringMatching(/unreadable/) });
    expect(row!.rereadAfter).not.toBeNull();

    // The limit passes: a later pass reads the token again, and its pools get their prices
    // (the same as a node that never limited it gives), announced to the lists.
    limited = false;
    const reread = newIndexer(database.handle, proxy.url, CHAIN, [market.dex], {
      log,
      pollMs: 20,
      rereadMs: 300,
      onBlocksIndexed: (_chain, pools) => indexed.push(...pools),
    });
    reread.start();
    const readAgain = async () =>
      (
        await database.handle.db
          .select()
          .from(indexerTokens)
          .where(eq(indexerTokens.address, token.toLowerCase()))
      )[0];
    await expect.poll(async () => (await readAgain())?.decimals, { timeout: 10_000 }).toBe(18);
    await reread.stop();
    expect(await readAgain()).toMatchObject({ problem: null, rereadAfter: null });
    const state = await indexedState(database.handle);
    const reference = await fullRead();
    const own = (pools: typeof state.pools) =>
      pools.filter((pool) => pool.base === token.toLowerCase());
    expect(own(state.pools).length).toBeGreaterThan(0);
    expect(own(state.pools)).toEqual(own(reference.pools));
    expect(indexed).toEqual(expect.arrayContaining(own(state.pools).map((pool) => pool.address)));
    expect(lines()).toContain("read a token's facts the node had failed");
    await database.drop();
    await proxy.close();
  }, 120_000);

  it('waits out a rate limit sent with HTTP 200 on the check of whether a token existed before the blocks read: its holders are not left unknown', async () => {
    // -32005 "limit exceeded" arrives as a JSON-RPC error, not an HTTP one; taken for "the node
    // cannot say (no archive state)", it left the token's holder count null for good.
    let limited = 0;
    const proxy = await startRewritingProxy(rpcUrl, (call) =>
      call.method === 'eth_getCode' && limited++ < 3
        ? { error: { code: -32005, message: 'limit exceeded' } }
        : undefined,
    );
    const database = await indexerDatabase();
    const indexer = newIndexer(database.handle, proxy.url, CHAIN, [market.dex], {
      pollMs: 20,
      maxBackoffMs: 50,
    });
    indexer.start();
    const head = await indexer.reader.headNumber();
    await expect.poll(() => indexer.checkpoint(), { timeout: 20_000 }).toBeGreaterThanOrEqual(head);
    await indexer.stop();
    expect(proxy.rewritten).toBe(3);
    // Holder counts included: the same as a read through a node that never refused.
    expect(await indexedState(database.handle)).toEqual(await fullRead());
    await database.drop();
    await proxy.close();
  }, 120_000);

  it("reads a DEX added with an earlier start block from there without counting the other DEX's transfers, pools or swaps twice", async () => {
    // Transfers older than `keepBlocks` are no longer stored, so a read of them again cannot
    // be recognised as one: the DEX already indexed must not be read into again.
    const database = await indexerDatabase();
    await newIndexer(database.handle, rpcUrl, CHAIN, [market.dex], { keepBlocks: 2 }).syncToHead();
    const added = {
      ...market.dex,
      name: 'Added later',
      factory: '0x00000000000000000000000000000000000a11ed' as const,
    };
    const both = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex, added], {
      keepBlocks: 2,
      maxRange: 5,
    });
    expect(await both.checkpoint()).toBe(market.dex.startBlock - 1);
    await both.syncToHead();
    expect(await indexedState(database.handle)).toEqual(await fullRead());
    const checkpoints = await database.handle.db.select().from(indexerCheckpoints);
    expect(new Set(checkpoints.map((row) => row.lastBlock)).size).toBe(1);
    await database.drop();
  }, 120_000);

  it('serves the pools of a DEX added later only once it has caught up with the others', async () => {
    const database = await indexerDatabase();
    const first = {
      ...market.dex,
      name: 'Indexed first',
      factory: '0x000000000000000000000000000000000000f125' as const,
    };
    await newIndexer(database.handle, rpcUrl, CHAIN, [first]).syncToHead();
    const indexer = newIndexer(database.handle, rpcUrl, CHAIN, [first, market.dex], {
      maxRange: 4,
    });
    const source = new IndexerMarketSource(database.handle.db);
    while ((await database.handle.db.select().from(indexerPools)).length === 0)
      await indexer.step();
    expect(await source.tokens(CHAIN)).toEqual([]);
    await indexer.syncToHead();
    expect((await source.tokens(CHAIN)).length).toBeGreaterThan(0);
    expect(await indexedState(database.handle)).toEqual(await fullRead());
    await database.drop();
  }, 120_000);

  it("serves a pool's trade windows as of the indexer's progress during a backfill, when no block hash is kept to key them by", async () => {
    const reference = await fullRead();
    const byPool = new Map<string, Set<number>>();
    for (const swap of reference.swaps)
      byPool.set(swap.pool, (byPool.get(swap.pool) ?? new Set()).add(swap.blockNumber));
    const [pool, blocks] = [...byPool.entries()].find(([, at]) => at.size >= 2)!;
    const [firstSwap, laterSwap] = [...blocks].sort((a, b) => a - b);
    const database = await indexerDatabase();
    // keepBlocks 0: no block hash is ever kept, as in a backfill far behind the node.
    const indexer = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex], {
      keepBlocks: 0,
      maxRange: 1,
    });
    const source = new IndexerMarketSource(database.handle.db);
    while ((await indexer.checkpoint()) < firstSwap!) await indexer.step();
    const early = await source.tradeWindows(CHAIN, pool);
    while ((await indexer.checkpoint()) < laterSwap!) await indexer.step();
    const later = await source.tradeWindows(CHAIN, pool);
    expect(later).toEqual(
      await new IndexerMarketSource(database.handle.db).tradeWindows(CHAIN, pool),
    );
    expect(later.h24.buys + later.h24.sells).toBeGreaterThan(early.h24.buys + early.h24.sells);
    await database.drop();
  }, 120_000);

  it('reports buys, sells, USD volume and price change of a pool per window', async () => {
    const database = await indexerDatabase();
    await newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]).syncToHead();
    const { db } = database.handle;
    const swaps = await db.select().from(indexerSwaps);
    const byPool = new Map<string, typeof swaps>();
    for (const swap of swaps) byPool.set(swap.pool, [...(byPool.get(swap.pool) ?? []), swap]);
    const busiest = [...byPool.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const [pool, own] = busiest;
    const [latest] = await db
      .select()
      .from(indexerBlocks)
      .orderBy(desc(indexerBlocks.number))
      .limit(1);
    const stats = (await poolStats(db, CHAIN, [pool], latest!.time)).get(pool)!;
    expect(stats.h24.buys + stats.h24.sells).toBe(own.length);
    expect(stats.h24.buys).toBe(own.filter((swap) => swap.side === 'buy').length);
    expect(stats.h24.volumeUsd).toBeCloseTo(
      own.reduce((sum, swap) => sum + (swap.volumeUsd ?? 0), 0),
      6,
    );
    // All swaps of the test are within the hour: the change is from the first swap's price.
    const first = own.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)[0]!;
    const [now] = await db.select().from(indexerPools).where(eq(indexerPools.address, pool));
    expect(stats.h1.priceChange).toBeCloseTo(
      ((now!.priceUsd! - first.priceUsd!) / first.priceUsd!) * 100,
      6,
    );
    // A window before any swap: nothing traded, no change.
    const earlier = (
      await poolStats(db, CHAIN, [pool], new Date(first.time.getTime() - 3_600_000))
    ).get(pool)!;
    expect(earlier.h1).toMatchObject({ buys: 0, sells: 0, volumeUsd: 0 });
    await database.drop();
  }, 60_000);

  it("records a router sell's trader as the wallet that sent it, not the router paid by the pool", async () => {
    // A sell of a listed token for native coin (swapExactTokensForETH): the pair pays the
    // router, which unwraps and pays the wallet; through USDV the first pair pays the next.
    let sell = await trader.tick(CHAIN);
    while (
      sell?.kind !== 'swap' ||
      sell.side !== 'sell' ||
      market.pools.find((pool) => pool.address === sell!.pool)?.base.address ===
        market.wrappedNative.address
    )
      sell = await trader.tick(CHAIN);
    const database = await indexerDatabase();
    await newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]).syncToHead();
    const swaps = await database.handle.db
      .select()
      .from(indexerSwaps)
      .where(eq(indexerSwaps.txHash, sell.hash.toLowerCase()));
    expect(swaps.length).toBeGreaterThan(0);
    expect(swaps.map((swap) => swap.trader)).toEqual(swaps.map(() => sell.trader.toLowerCase()));
    await database.drop();
  }, 120_000);

  it('finds the senders of swaps the node cannot find by hash (outside its transaction index) in their blocks, rather than taking it for a reorg', async () => {
    // geth answers null for a transaction older than its index keeps (a year by default) or
    // while it builds the index; taken for a reorg, the range was read again for ever.
    const proxy = await startRewritingProxy(rpcUrl, (call) =>
      call.method === 'eth_getTransactionByHash' ? { result: null } : undefined,
    );
    const database = await indexerDatabase();
    await newIndexer(database.handle, proxy.url, CHAIN, [market.dex]).syncToHead();
    expect(proxy.rewritten).toBeGreaterThan(0);
    expect(await indexedState(database.handle)).toEqual(await fullRead());
    await database.drop();
    await proxy.close();
  }, 120_000);

  it("takes a swap's trader from its Swap's recipient, logged, when neither its transaction nor its block can be read", async () => {
    const proxy = await startRewritingProxy(rpcUrl, (call) =>
      call.method === 'eth_getTransactionByHash'
        ? { result: null }
        : call.method === 'eth_getBlockByNumber' && call.params?.[1] === true
          ? { error: { code: -32008, message: 'response size exceeded' } }
          : undefined,
    );
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    await newIndexer(database.handle, proxy.url, CHAIN, [market.dex], { log }).syncToHead();
    const swapLogs = await createPublicClient({ transport: http(rpcUrl) }).getLogs({
      event: parseAbiItem(
        'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
      ),
      fromBlock: 0n,
    });
    const recipient = new Map(
      swapLogs.map((swap) => [
        `${swap.transactionHash}:${swap.logIndex}`,
        swap.args.to!.toLowerCase(),
      ]),
    );
    const swaps = await database.handle.db.select().from(indexerSwaps);
    expect(swaps.length).toBe((await fullRead()).swaps.length);
    expect(swaps.map((swap) => swap.trader)).toEqual(
      swaps.map((swap) => recipient.get(`${swap.txHash}:${swap.logIndex}`)),
    );
    expect(lines()).toContain("its trader is the Swap's recipient");
    await database.drop();
    await proxy.close();
  }, 120_000);

  it('undoes the swaps of orphaned blocks after a reorg and reads the new chain', async () => {
    const testClient = createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
    const database = await indexerDatabase();
    const indexer = newIndexer(database.handle, rpcUrl, CHAIN, [market.dex]);
    await indexer.syncToHead();

    const snapshot = await testClient.snapshot();
    await trade(5);
    await indexer.syncToHead();
    const orphaned = (await database.handle.db.select().from(indexerSwaps)).map((s) => s.txHash);
    await testClient.revert({ id: snapshot });
    // Different trades on the new branch (another seed), one block more than before.
    const other = manualTrader(CHAIN, rpcUrl, market, 99);
    for (let i = 0; i < 6; i += 1) await other.tick(CHAIN);
    await other.stop();

    await indexer.syncToHead();
    const after = await indexedState(database.handle);
    expect(after).toEqual(await fullRead());
    const kept = new Set(after.swaps.map((swap) => swap.txHash));
    const reference = new Set((await fullRead()).swaps.map((swap) => swap.txHash));
    expect(orphaned.filter((hash) => kept.has(hash) && !reference.has(hash))).toEqual([]);
    await database.drop();
  }, 120_000);
});
