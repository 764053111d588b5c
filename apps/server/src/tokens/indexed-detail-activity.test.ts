import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  formatUnits,
  http,
  parseAbi,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import {
  apiPaths,
  tokenDetailResponseSchema,
  tokenListResponseSchema,
  tradesResponseSchema,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { DEVNET_EVM_OWNER, devnetViemChain, type DevnetMarket } from '@vaultscope/devnet';
import type { ChainIndexer } from '../indexer/chain-indexer';
import {
  indexerBalances,
  indexerBlocks,
  indexerSwaps,
  indexerTokens,
} from '../indexer/indexer-tables';
import { STAT_WINDOWS, type StatWindow } from '../indexer/indexer-read';
import type { Database } from '../lib/db/client';
import { newIndexer } from '../indexer/indexer-test-kit';
import { startTestApp, type TestApp } from '../test/test-app';
import { startTestDevnet } from '../test/wallet-test-kit';
import { IndexerMarketSource } from '../indexer/indexer-market-source';

/**
 * The detail's trading and holder figures on a real Anvil with the local market, read by our
 * indexer: buys, sells and volume per window of the primary pool, and the holder count with the
 * largest holders, checked against the list row, a swap made here and the chain's balances.
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
  return { status: res.statusCode, body: res.json() };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const erc20 = parseAbi([
  'function approve(address spender, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
]);

const chainClient = () => createPublicClient({ transport: http(devnet.rpcUrl(1)) });

/** Sells `amount` of `token` for `quote` from the devnet's owner (who holds the listed tokens). */
async function sell(token: Address, quote: Address, amount: bigint): Promise<Hex> {
  const rpcUrl = devnet.rpcUrl(1);
  const owner = createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain: devnetViemChain(1, rpcUrl),
    transport: http(rpcUrl),
  });
  const mined = async (hash: Hex) => {
    const receipt = await chainClient().waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error('transaction reverted');
    return hash;
  };
  const router = market.dex.router as Address;
  await mined(
    await owner.writeContract({
      address: token,
      abi: erc20,
      functionName: 'approve',
      args: [router, amount],
    }),
  );
  return mined(
    await owner.writeContract({
      address: router,
      abi: routerAbi,
      functionName: 'swapExactTokensForTokens',
      // An estimate can fall short by the pair's price accumulators: see SEND_GAS in the
      // devnet's trade simulator.
      gas: 500_000n,
      args: [amount, 0n, [token, quote], DEVNET_EVM_OWNER, 2n ** 40n],
    }),
  );
}

const rowOf = async (token: string) =>
  tokenListResponseSchema
    .parse((await get(`${apiPaths.tokens.checkToken}?chainName=eth&page_size=100`)).body)
    .tokenDetails.find((row) => row.tokenAddress === token);

/**
 * The detail of an indexed token; `query` tells answers apart in the response cache. The first
 * ask of a token has our analyzer scan it, which may answer 404 'will get back shortly'.
 */
async function detailOf(token: string, query = ''): Promise<TokenDetailResponse> {
  const res = await eventually(
    () => get(`${apiPaths.tokens.details(token)}?network=eth${query}`),
    (answer) => answer.status === 200,
    90_000,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tokenDetailResponseSchema.parse(res.body);
}

describe('trading per window in the detail', () => {
  it('counts the buys, sells and USD volume of the primary pool per window, as the list and a new swap show', async () => {
    const token = market.tokens[0]!.address;
    await eventually(
      () => rowOf(token),
      (row) => row !== undefined,
    );
    const before = await detailOf(token);
    const windows = before.tradeWindows!;
    expect(windows).toBeTruthy();
    // Each window holds the shorter ones.
    for (const [short, long] of [
      ['m5', 'h1'],
      ['h1', 'h6'],
      ['h6', 'h24'],
    ] as const) {
      expect(windows[short].buys).toBeLessThanOrEqual(windows[long].buys);
      expect(windows[short].sells).toBeLessThanOrEqual(windows[long].sells);
    }
    // The 24 h window is what the list row shows as transactions and volume.
    const row = await rowOf(token);
    expect(windows.h24.buys + windows.h24.sells).toBe(row?.totalTransactions);
    expect(windows.h24.volumeUsd).toBeCloseTo(row?.volume ?? Number.NaN, 6);

    // A sell of this token, made here by its owner through the router: one more sell of the
    // pool in the last hour, of the swap's USD size.
    const pool = market.pools.find((item) => item.base.address === token)!;
    const hash = await sell(
      token,
      pool.quote.address,
      parseUnits('1000', market.tokens[0]!.decimals),
    );
    const trades = await eventually(
      async () =>
        tradesResponseSchema.parse(
          (await get(`${apiPaths.tokens.trades(token)}?network=eth`)).body,
        ),
      (answer) => answer.trades[0]?.txHash === hash,
    );
    const trade = trades.trades[0]!;
    expect(trade).toMatchObject({ txHash: hash, side: 'sell', trader: DEVNET_EVM_OWNER });
    const side = 'sells';
    const other = 'buys';
    const after = await eventually(
      () => detailOf(token),
      (detail) => detail.tradeWindows?.h1[side] === windows.h1[side] + 1,
      5_000,
    );
    expect(after.tradeWindows!.h1[side]).toBe(windows.h1[side] + 1);
    expect(after.tradeWindows!.h1[other]).toBe(windows.h1[other]);
    expect(after.tradeWindows!.m5[side]).toBeGreaterThanOrEqual(1);
    expect(after.tradeWindows!.h1.volumeUsd - windows.h1.volumeUsd).toBeCloseTo(
      trade.volumeUsd!,
      6,
    );
  }, 180_000);
});

/** `db`, with every query it starts (a drizzle builder or a transaction) written to `queries`. */
function countingDatabase(db: Database, queries: string[]): Database {
  const starts = new Set([
    'select',
    'selectDistinct',
    'selectDistinctOn',
    'execute',
    'transaction',
  ]);
  return new Proxy(db, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !starts.has(name) || typeof value !== 'function')
        return value;
      return (...args: unknown[]) => {
        queries.push(name);
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Indexed up to the chain's head: no block of the chain is left for the indexer to write. */
async function caughtUp() {
  const head = Number(await chainClient().getBlockNumber());
  await expect.poll(() => indexer.checkpoint(), { timeout: 20_000 }).toBeGreaterThanOrEqual(head);
}

describe('the detail figures, read once per indexed block', () => {
  it("reads a pool's windows and a token's holders once per indexed block, and again after a new swap is indexed", async () => {
    const listed = market.tokens[0]!;
    const pool = market.pools.find((item) => item.base.address === listed.address)!;
    const { db } = t.app.db.handle;
    const queries: string[] = [];
    const source = new IndexerMarketSource(countingDatabase(db, queries));
    const read = () =>
      Promise.all([source.tradeWindows(1, pool.address), source.holders(1, listed.address, 10)]);
    await caughtUp();

    const [windows, holders] = await read();
    expect(queries.length).toBeGreaterThan(1);
    // The figures are the pool's swaps counted by hand, up to the newest indexed block's time.
    const [newest] = await db
      .select({ time: indexerBlocks.time })
      .from(indexerBlocks)
      .where(eq(indexerBlocks.chainId, 1))
      .orderBy(desc(indexerBlocks.number))
      .limit(1);
    const swaps = await db
      .select()
      .from(indexerSwaps)
      .where(and(eq(indexerSwaps.chainId, 1), eq(indexerSwaps.pool, pool.address.toLowerCase())));
    for (const window of Object.keys(STAT_WINDOWS) as StatWindow[]) {
      const since = newest!.time.getTime() - STAT_WINDOWS[window] * 1000;
      const within = swaps.filter(
        (swap) => swap.time.getTime() > since && swap.time <= newest!.time,
      );
      expect(windows[window].buys).toBe(within.filter((swap) => swap.side === 'buy').length);
      expect(windows[window].sells).toBe(within.filter((swap) => swap.side === 'sell').length);
      expect(windows[window].volumeUsd).toBeCloseTo(
        within.reduce((sum, swap) => sum + (swap.volumeUsd ?? 0), 0),
        6,
      );
    }
    expect(holders.count).toBeGreaterThan(0);

    // At the same indexed block: the same figures, and only the lookup of that block is run.
    queries.length = 0;
    expect(await read()).toEqual([windows, holders]);
    expect(queries).toEqual(['select']);

    // A sell indexed: a new block, so the figures are read again and count it.
    await sell(listed.address, pool.quote.address, parseUnits('1000', listed.decimals));
    await caughtUp();
    queries.length = 0;
    const [after] = await read();
    expect(queries.length).toBeGreaterThan(1);
    expect(after.h1.sells).toBe(windows.h1.sells + 1);
    expect(after.h1.buys).toBe(windows.h1.buys);
  }, 60_000);

  it('keeps the figures of a bounded number of pools, so cycling through tokens evicts instead of growing', async () => {
    const queries: string[] = [];
    const source = new IndexerMarketSource(
      countingDatabase(t.app.db.handle.db, queries),
      undefined,
      2,
    );
    const pools = ['0x01', '0x02', '0x03'].map((n) => n.padEnd(42, '0'));
    for (const pool of pools) await source.tradeWindows(1, pool);
    // The newest two are kept: only the block lookup.
    queries.length = 0;
    await source.tradeWindows(1, pools[2]!);
    await source.tradeWindows(1, pools[1]!);
    expect(queries).toEqual(['select', 'select']);
    // The oldest went: its figures are read again.
    queries.length = 0;
    await source.tradeWindows(1, pools[0]!);
    expect(queries).toEqual(['select', 'select']);
    await source.tradeWindows(1, pools[0]!);
    expect(queries).toEqual(['select', 'select', 'select']);
  });
});

describe('holders in the detail', () => {
  it("serves the holder count and the ten largest holders of a token read from its deployment, with the chain's balances", async () => {
    const listed = market.tokens[1]!;
    const token = listed.address;
    await eventually(
      () => rowOf(token),
      (row) => row !== undefined,
    );
    const detail = await detailOf(token);
    const [stored] = await t.app.db.handle.db
      .select({ count: indexerTokens.holderCount })
      .from(indexerTokens)
      .where(and(eq(indexerTokens.chainId, 1), eq(indexerTokens.address, token.toLowerCase())));
    expect(stored?.count).toBeGreaterThan(0);
    expect(detail.holderCount).toBe(stored!.count);
    const holders = detail.holders!;
    expect(holders).toHaveLength(Math.min(10, stored!.count!));

    const client = chainClient();
    const supply = await client.readContract({
      address: token as Address,
      abi: erc20,
      functionName: 'totalSupply',
    });
    const balances = await Promise.all(
      holders.map((holder) =>
        client.readContract({
          address: token as Address,
          abi: erc20,
          functionName: 'balanceOf',
          args: [holder.address as Address],
        }),
      ),
    );
    holders.forEach((holder, i) => {
      expect(holder.balance).toBe(formatUnits(balances[i]!, listed.decimals));
      expect(holder.percent).toBeCloseTo(Number(balances[i]!) / Number(supply), 9);
    });
    // Largest first; the token's pool is among them and says so.
    const sorted = [...balances].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    expect(balances).toEqual(sorted);
    const pool = market.pools.find((item) => item.base.address === token)!;
    expect(holders.find((holder) => holder.address === pool.address)?.tag).toBe('Pool');
  }, 120_000);

  it('serves no count and no holders, not 0, for a token whose Transfers before the blocks read are unknown', async () => {
    const token = market.tokens[2]!.address;
    await eventually(
      () => rowOf(token),
      (row) => row !== undefined,
    );
    await indexer.stop();
    // As the indexer keeps a token deployed before its blocks (odd-tokens.test.ts proves it does).
    const { db } = t.app.db.handle;
    const key = token.toLowerCase();
    await db
      .update(indexerTokens)
      .set({ holderCount: null })
      .where(and(eq(indexerTokens.chainId, 1), eq(indexerTokens.address, key)));
    await db
      .delete(indexerBalances)
      .where(and(eq(indexerBalances.chainId, 1), eq(indexerBalances.token, key)));

    // `chainid` makes this an answer the response cache has not kept.
    const detail = await detailOf(token, '&chainid=1');
    expect(detail.holderCount).toBeNull();
    expect(detail.holders).toBeNull();
    expect(detail.tradeWindows).not.toBeNull();
  }, 120_000);
});
