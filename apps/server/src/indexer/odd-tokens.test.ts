import {
  DEVNET_EVM_OWNER,
  type DevnetMarket,
  devnetTokenAbi,
  devnetTokenBytecode,
  devnetViemChain,
  scenarioArtifacts,
} from '@vaultscope/devnet';
import { and, eq } from 'drizzle-orm';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseAbi,
  parseUnits,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../test/wallet-test-kit';
import { capturedLog, indexedState, indexerDatabase, newIndexer } from './indexer-test-kit';
import { indexerBalances, indexerPools, indexerSwaps, indexerTokens } from './indexer-tables';

/**
 * Tokens that break naive figures, on a real Anvil chain with the local Uniswap V2: a 6-decimal
 * dollar stablecoin as a pool's quote token, a fee-on-transfer token, a 30-decimal token, and a
 * "token" that has no `decimals()` at all (a pair can be created for any address).
 */
const CHAIN = 137;
const TRADER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const factoryAbi = parseAbi([
  'function createPair(address tokenA, address tokenB) returns (address)',
  'function getPair(address tokenA, address tokenB) view returns (address)',
]);
const erc20 = parseAbi([
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
const DEADLINE = 2n ** 40n;
/**
 * A ceiling for router calls (the sender pays only for the gas used). Anvil's estimate, taken in
 * the second of the pool's last update, falls short when the block lands in the next one (the
 * pair then writes its price accumulators) and the call reverts out of gas: see SEND_GAS in the
 * devnet's trade simulator. Millions, because addLiquidity may create the pair.
 */
const ROUTER_GAS = 5_000_000n;

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;
let publicClient: ReturnType<typeof createPublicClient>;

function wallet(account: Address) {
  const rpcUrl = devnet.rpcUrl(CHAIN);
  return createWalletClient({
    account,
    chain: devnetViemChain(CHAIN, rpcUrl),
    transport: http(rpcUrl),
  });
}

async function send(hash: Promise<Hex>): Promise<void> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== 'success') throw new Error('transaction reverted');
}

async function deployToken(name: string, symbol: string, decimals: number, supply: bigint) {
  const hash = await wallet(DEVNET_EVM_OWNER).deployContract({
    abi: devnetTokenAbi,
    bytecode: devnetTokenBytecode as Hex,
    args: [name, symbol, decimals],
  });
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash });
  await send(
    wallet(DEVNET_EVM_OWNER).writeContract({
      address: contractAddress!,
      abi: devnetTokenAbi,
      functionName: 'mint',
      args: [DEVNET_EVM_OWNER, supply],
    }),
  );
  return contractAddress!;
}

async function addLiquidity(a: Address, b: Address, amountA: bigint, amountB: bigint) {
  const owner = wallet(DEVNET_EVM_OWNER);
  for (const [token, amount] of [
    [a, amountA],
    [b, amountB],
  ] as const)
    await send(
      owner.writeContract({
        address: token,
        abi: erc20,
        functionName: 'approve',
        args: [market.dex.router, amount],
      }),
    );
  await send(
    owner.writeContract({
      address: market.dex.router,
      abi: routerAbi,
      functionName: 'addLiquidity',
      gas: ROUTER_GAS,
      args: [a, b, amountA, amountB, 0n, 0n, DEVNET_EVM_OWNER, DEADLINE],
    }),
  );
  return (await publicClient.readContract({
    address: market.dex.factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [a, b],
  })) as Address;
}

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN], { markets: true });
  market = devnet.markets[CHAIN]!;
  publicClient = createPublicClient({ transport: http(devnet.rpcUrl(CHAIN)) });
}, 240_000);

afterAll(async () => {
  await devnet?.remove();
});

describe('indexer with odd tokens', () => {
  it('prices a token against a 6-decimal dollar stablecoin and a 30-decimal token exactly', async () => {
    const usds = await deployToken('Six Dollar', 'USDS', 6, parseUnits('1000000', 6));
    const six = await deployToken('Sixer', 'SIXR', 18, parseUnits('1000000', 18));
    const thirty = await deployToken('Thirty', 'THRT', 30, parseUnits('1000000', 30));
    // 500 SIXR for 1,000 USDS: $2. 1,000 THRT for 50 USDS: $0.05 (a V2
    // reserve is a uint112, at most 5.19e33 base units: 5,192 tokens of 30 decimals).
    const sixPool = await addLiquidity(six, usds, parseUnits('500', 18), parseUnits('1000', 6));
    const thirtyPool = await addLiquidity(
      thirty,
      usds,
      parseUnits('1000', 30),
      parseUnits('50', 6),
    );
    await send(
      wallet(DEVNET_EVM_OWNER).writeContract({
        address: usds,
        abi: erc20,
        functionName: 'approve',
        args: [market.dex.router, parseUnits('10', 6)],
      }),
    );
    await send(
      wallet(DEVNET_EVM_OWNER).writeContract({
        address: market.dex.router,
        abi: routerAbi,
        functionName: 'swapExactTokensForTokens',
        gas: ROUTER_GAS,
        args: [parseUnits('10', 6), 0n, [usds, six], TRADER, DEADLINE],
      }),
    );

    const database = await indexerDatabase();
    const dex = { ...market.dex, quoteTokens: [...market.dex.quoteTokens, usds] };
    await newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [dex]).syncToHead();
    const { db } = database.handle;
    const [pool] = await db
      .select()
      .from(indexerPools)
      .where(eq(indexerPools.address, sixPool.toLowerCase()));
    expect(pool!.baseToken).toBe(six.toLowerCase());
    expect(pool!.quoteToken).toBe(usds.toLowerCase());
    // After buying with 10 USDS: 1,010 USDS against 500 - out SIXR.
    const r = [BigInt(pool!.reserve0), BigInt(pool!.reserve1)];
    const [reserveSix, reserveUsds] = six.toLowerCase() < usds.toLowerCase() ? r : [r[1]!, r[0]!];
    expect(reserveUsds).toBe(parseUnits('1010', 6));
    const expected = 1010 / (Number(reserveSix) / 1e18);
    expect(pool!.priceQuote).toBeCloseTo(expected, 9);
    expect(pool!.priceUsd).toBeCloseTo(expected, 9);
    expect(pool!.liquidityUsd).toBeCloseTo(2020, 6);
    const [swap] = await db
      .select()
      .from(indexerSwaps)
      .where(eq(indexerSwaps.pool, sixPool.toLowerCase()));
    expect(swap).toMatchObject({
      side: 'buy',
      quoteAmount: '10000000',
      // The wallet that sent the swap, not the address it paid (TRADER).
      trader: DEVNET_EVM_OWNER.toLowerCase(),
    });
    expect(swap!.volumeUsd).toBeCloseTo(10, 9);

    const [deep] = await db
      .select()
      .from(indexerPools)
      .where(eq(indexerPools.address, thirtyPool.toLowerCase()));
    expect(deep!.priceUsd).toBeCloseTo(0.05, 12);
    const [thirtyToken] = await db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, thirty.toLowerCase()));
    expect(thirtyToken).toMatchObject({
      decimals: 30,
      totalSupply: parseUnits('1000000', 30).toString(),
      problem: null,
    });
    await database.drop();
  }, 120_000);

  it('records what a fee-on-transfer pool really received, with balances equal to the chain', async () => {
    const owner = wallet(DEVNET_EVM_OWNER);
    const { abi, bytecode } = scenarioArtifacts.SwitchableTaxToken;
    const deployed = await publicClient.waitForTransactionReceipt({
      hash: await owner.deployContract({
        abi,
        bytecode: bytecode as Hex,
        args: [parseUnits('1000000', 18)],
      }),
    });
    const tax = deployed.contractAddress!;
    const wrapped = market.wrappedNative.address;
    await send(
      owner.writeContract({
        address: market.dex.factory,
        abi: factoryAbi,
        functionName: 'createPair',
        args: [tax, wrapped],
      }),
    );
    const pair = (await publicClient.readContract({
      address: market.dex.factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [tax, wrapped],
    })) as Address;
    await send(owner.writeContract({ address: tax, abi, functionName: 'setPair', args: [pair] }));
    // Wrapped native for the owner's side of the pool.
    await send(owner.sendTransaction({ to: wrapped, value: parseUnits('10', 18) }));
    await addLiquidity(tax, wrapped, parseUnits('100000', 18), parseUnits('10', 18));
    await send(
      owner.writeContract({
        address: tax,
        abi: erc20,
        functionName: 'transfer',
        args: [TRADER, parseUnits('1000', 18)],
      }),
    );
    const trader = wallet(TRADER);
    await send(
      trader.writeContract({
        address: tax,
        abi: erc20,
        functionName: 'approve',
        args: [market.dex.router, parseUnits('1000', 18)],
      }),
    );
    await send(
      trader.writeContract({
        address: market.dex.router,
        abi: routerAbi,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        gas: ROUTER_GAS,
        args: [parseUnits('1000', 18), 0n, [tax, wrapped], TRADER, DEADLINE],
      }),
    );

    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    await newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [market.dex], {
      log,
    }).syncToHead();
    const { db } = database.handle;
    const [swap] = await db
      .select()
      .from(indexerSwaps)
      .where(eq(indexerSwaps.pool, pair.toLowerCase()));
    // The 5 % sell fee went to the owner: the pool got 950, and that is the swap's size.
    expect(swap).toMatchObject({ side: 'sell', baseAmount: parseUnits('950', 18).toString() });
    const holders = await db
      .select()
      .from(indexerBalances)
      .where(and(eq(indexerBalances.chainId, CHAIN), eq(indexerBalances.token, tax.toLowerCase())));
    for (const holder of holders)
      expect(BigInt(holder.balance)).toBe(
        await publicClient.readContract({
          address: tax,
          abi: erc20,
          functionName: 'balanceOf',
          args: [holder.holder as Address],
        }),
      );
    const [token] = await db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, tax.toLowerCase()));
    expect(BigInt(token!.totalSupply!)).toBe(
      await publicClient.readContract({ address: tax, abi: erc20, functionName: 'totalSupply' }),
    );
    expect(token!.holderCount).toBe(holders.filter((holder) => BigInt(holder.balance) > 0n).length);
    expect(lines()).not.toContain('indexer step failed');
    await database.drop();
  }, 120_000);

  it('takes the supply of a token minted before the blocks read from totalSupply(), and leaves its holders unknown rather than wrong', async () => {
    const owner = wallet(DEVNET_EVM_OWNER);
    const minted = parseUnits('1000000', 18);
    const old = await deployToken('Old Timer', 'OLDT', 18, minted);
    // The DEX's history starts after the mint: its Transfer is never read.
    // The head now: viem caches a block number for seconds, and an older one would put the
    // token's deployment inside the blocks read.
    const head = await publicClient.getBlockNumber({ cacheTime: 0 });
    const dex = { ...market.dex, startBlock: Number(head) + 1 };
    const wrapped = market.wrappedNative.address;
    await send(owner.sendTransaction({ to: wrapped, value: parseUnits('5', 18) }));
    await addLiquidity(old, wrapped, parseUnits('400000', 18), parseUnits('5', 18));
    await send(
      owner.writeContract({
        address: old,
        abi: erc20,
        functionName: 'transfer',
        args: [TRADER, parseUnits('1000', 18)],
      }),
    );

    const database = await indexerDatabase();
    await newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [dex]).syncToHead();
    const { db } = database.handle;
    const [token] = await db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, old.toLowerCase()));
    // Summed from the logs read, the supply would be 0 and the owner's balance negative.
    expect(token).toMatchObject({ totalSupply: minted.toString(), holderCount: null });
    const balances = await db
      .select()
      .from(indexerBalances)
      .where(eq(indexerBalances.token, old.toLowerCase()));
    expect(balances).toEqual([]);

    // A later mint is read from the chain again.
    await send(
      owner.writeContract({
        address: old,
        abi: devnetTokenAbi,
        functionName: 'mint',
        args: [DEVNET_EVM_OWNER, minted],
      }),
    );
    await newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [dex]).syncToHead();
    const [after] = await db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, old.toLowerCase()));
    expect(after).toMatchObject({ totalSupply: (2n * minted).toString(), holderCount: null });
    await database.drop();
  }, 120_000);

  it('keeps a pair whose token has no decimals() without prices, logs it, and indexes on', async () => {
    const owner = wallet(DEVNET_EVM_OWNER);
    const notAToken: Address = '0x000000000000000000000000000000000000bEEF';
    await send(
      owner.writeContract({
        address: market.dex.factory,
        abi: factoryAbi,
        functionName: 'createPair',
        args: [notAToken, market.wrappedNative.address],
      }),
    );
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    await newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [market.dex], {
      log,
    }).syncToHead();
    const { db } = database.handle;
    const [token] = await db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, notAToken.toLowerCase()));
    expect(token).toMatchObject({ decimals: null, problem: 'no decimals()' });
    const [pool] = await db
      .select()
      .from(indexerPools)
      .where(eq(indexerPools.baseToken, notAToken.toLowerCase()));
    expect(pool).toMatchObject({ priceQuote: null, priceUsd: null, liquidityUsd: null });
    expect(lines()).toMatch(/"chainId":137.*"block":\d+.*token without usable decimals/);
    // The rest of the market is indexed and priced as usual.
    const state = await indexedState(database.handle);
    expect(state.pools.filter((p) => p.priceUsd !== null).length).toBeGreaterThanOrEqual(
      market.pools.length,
    );
    await database.drop();
  }, 120_000);

  it("keeps a token's balances equal to the chain after a reorg between its first mint and its pair's creation", async () => {
    // The token's mint stays below the fork; its pair and first listing are orphaned, then made
    // again on the new branch. Listed anew, the token's early Transfers must count again.
    const testClient = createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl(CHAIN)) });
    const early = await deployToken('Early', 'ERL', 18, parseUnits('1000000', 18));
    const database = await indexerDatabase();
    const { log, lines } = capturedLog();
    const indexer = newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [market.dex], {
      log,
    });
    await indexer.syncToHead();
    const fork = await testClient.snapshot();
    const wrapped = market.wrappedNative.address;
    const owner = wallet(DEVNET_EVM_OWNER);
    await send(owner.sendTransaction({ to: wrapped, value: parseUnits('2', 18) }));
    await addLiquidity(early, wrapped, parseUnits('1000', 18), parseUnits('1', 18));
    await indexer.syncToHead();
    await testClient.revert({ id: fork });
    await testClient.mine({ blocks: 2 });
    await send(owner.sendTransaction({ to: wrapped, value: parseUnits('2', 18) }));
    await addLiquidity(early, wrapped, parseUnits('5000', 18), parseUnits('1', 18));
    await indexer.syncToHead();

    const { db } = database.handle;
    const holders = await db
      .select()
      .from(indexerBalances)
      .where(
        and(eq(indexerBalances.chainId, CHAIN), eq(indexerBalances.token, early.toLowerCase())),
      );
    expect(holders.length).toBeGreaterThan(1);
    for (const holder of holders)
      expect(BigInt(holder.balance), holder.holder).toBe(
        await publicClient.readContract({
          address: early,
          abi: erc20,
          functionName: 'balanceOf',
          args: [holder.holder as Address],
        }),
      );
    const [token] = await db
      .select()
      .from(indexerTokens)
      .where(eq(indexerTokens.address, early.toLowerCase()));
    expect(token!.holderCount).toBe(holders.filter((holder) => BigInt(holder.balance) > 0n).length);
    expect(lines()).not.toContain('indexer step failed');
    await database.drop();
  }, 120_000);
});
