import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAmountOut, pairAddressFor } from '@vaultscope/core';
import { createWalletClient, http, maxUint256, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevnet, startDevnet, type Devnet } from '../devnet';
import { devnetTokenAbi } from '../evm/artifacts/devnet-token';
import { lpTimeLockAbi } from '../evm/artifacts/lp-time-lock';
import {
  DEVNET_EVM_OWNER,
  devnetPublicClient,
  devnetViemChain,
  evmStateFile,
} from '../evm/evm-chain';
import { delay } from '../lib/files';
import { evmMarketsFile, type DevnetMarket, type DevnetPool } from './deploy-markets';
import { DEAD_ADDRESS, MARKET_TOKEN_SPECS, POOL_SPECS, unitsForUsd } from './market-specs';
import {
  factoryAbi,
  pairAbi,
  PAIR_INIT_CODE_HASH,
  ROUTER_EMBEDDED_INIT_CODE_HASH,
  routerAbi,
  routerCreationCodeFor,
} from './uniswap-v2';

const MINIMUM_LIQUIDITY = 1000n;

/** The seeded reserves of a pool: half its liquidity on each side at the listing prices. */
function expectedReserves(market: DevnetMarket, pool: DevnetPool): Map<string, bigint> {
  const all = [market.wrappedNative, ...market.tokens];
  const amounts = new Map<string, bigint>();
  for (const side of [pool.base, pool.quote]) {
    const token = all.find((candidate) => candidate.address === side.address);
    const price = token?.listingPriceUsd ?? { USDV: '1.00', VLT: '0.25' }[side.symbol];
    const decimals = token?.decimals ?? (side.symbol === 'USDV' ? 6 : 18);
    if (!price) throw new Error(`no price for ${side.symbol}`);
    amounts.set(side.address, unitsForUsd(pool.liquidityUsd / 2, price, decimals));
  }
  return amounts;
}

async function reservesOf(client: ReturnType<typeof devnetPublicClient>, pair: Address) {
  const [token0, [reserve0, reserve1]] = await Promise.all([
    client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
  ]);
  const token1 = await client.readContract({ address: pair, abi: pairAbi, functionName: 'token1' });
  return new Map<string, bigint>([
    [token0, reserve0],
    [token1, reserve1],
  ]);
}

describe('local Uniswap V2 markets on real Anvil nodes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-markets-'));
  let devnet: Devnet;

  beforeAll(async () => {
    devnet = await startDevnet({ dataDir, basePort: 0, chains: [1, 137, 11155111] });
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const marketOf = (chainId: 1 | 137): DevnetMarket => {
    const market = devnet.markets[chainId];
    if (!market) throw new Error(`no market on ${chainId}`);
    return market;
  };

  it('deploys on mainnet ids only, and describes each DEX in core’s DEX config shape', () => {
    expect(Object.keys(devnet.markets).sort()).toEqual(['1', '137']);
    expect(devnet.dexConfig[11155111]).toBeUndefined();
    const market = marketOf(137);
    expect(devnet.dexConfig[137]).toEqual([market.dex]);
    expect(market.dex).toMatchObject({
      feeBps: 30,
      initCodeHash: PAIR_INIT_CODE_HASH,
      quoteTokens: [market.wrappedNative.address, devnet.tokens[137]?.[0]?.address],
    });
    expect(market.wrappedNative).toMatchObject({ symbol: 'WMATIC', decimals: 18 });
    expect(market.tokens.map((token) => token.symbol)).toEqual(
      MARKET_TOKEN_SPECS.map((spec) => spec.symbol),
    );
    expect(market.pools).toHaveLength(POOL_SPECS.length);
  });

  it('seeds every pool with the expected reserves, at the address CREATE2 gives', async () => {
    for (const chainId of [1, 137] as const) {
      const market = marketOf(chainId);
      const client = devnetPublicClient(chainId, devnet.rpcUrl(chainId));
      expect(
        await client.readContract({
          address: market.dex.factory,
          abi: factoryAbi,
          functionName: 'allPairsLength',
        }),
      ).toBe(BigInt(POOL_SPECS.length));
      for (const pool of market.pools) {
        expect(pool.address).toBe(
          pairAddressFor(market.dex, pool.base.address, pool.quote.address),
        );
        expect(
          await client.readContract({
            address: market.dex.factory,
            abi: factoryAbi,
            functionName: 'getPair',
            args: [pool.quote.address, pool.base.address],
          }),
        ).toBe(pool.address);
        expect(
          await reservesOf(client, pool.address),
          `${pool.base.symbol}/${pool.quote.symbol}`,
        ).toEqual(expectedReserves(market, pool));
      }
    }
  });

  it('prices the native coin at the devnet price table in its USDV pool', async () => {
    const market = marketOf(137);
    const pool = market.pools.find(
      (candidate) => candidate.quote.symbol === 'USDV' && candidate.base.symbol === 'WMATIC',
    );
    if (!pool) throw new Error('no WMATIC/USDV pool');
    const reserves = await reservesOf(devnetPublicClient(137, devnet.rpcUrl(137)), pool.address);
    const wmatic = reserves.get(pool.base.address) ?? 0n;
    const usdv = reserves.get(pool.quote.address) ?? 0n;
    // USDV (6 decimals) per WMATIC (18 decimals), in cents: $0.50.
    expect((usdv * 10n ** 12n * 100n) / wmatic).toBe(50n);
  });

  it('swaps through the router: the trader gets what V2 math says and the price moves', async () => {
    const chainId = 1;
    const market = marketOf(chainId);
    const rpcUrl = devnet.rpcUrl(chainId);
    const client = devnetPublicClient(chainId, rpcUrl);
    const trader = privateKeyToAccount(generatePrivateKey());
    await devnet.fundEvm(chainId, trader.address, { native: parseEther('5') });
    const wallet = createWalletClient({
      account: trader,
      chain: devnetViemChain(chainId, rpcUrl),
      transport: http(rpcUrl),
    });
    const pool = market.pools.find(
      (candidate) => candidate.base.symbol === 'ORBT' && candidate.quote.symbol === 'WETH',
    );
    if (!pool) throw new Error('no ORBT/WETH pool');
    const weth = market.wrappedNative.address;
    const orbt = pool.base.address;

    const before = await reservesOf(client, pool.address);
    const amountIn = parseEther('1');
    const expected = getAmountOut(amountIn, before.get(weth) ?? 0n, before.get(orbt) ?? 0n, 30);
    const quoted = await client.readContract({
      address: market.dex.router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, [weth, orbt]],
    });
    expect(quoted).toEqual([amountIn, expected]);

    const buy = await wallet.writeContract({
      address: market.dex.router,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      // An estimate can fall short: see SEND_GAS in trade-simulator.ts.
      gas: 500_000n,
      args: [expected, [weth, orbt], trader.address, maxUint256],
      value: amountIn,
    });
    expect((await client.waitForTransactionReceipt({ hash: buy })).status).toBe('success');
    const balanceOf = (token: Address, account: Address) =>
      client.readContract({
        address: token,
        abi: devnetTokenAbi,
        functionName: 'balanceOf',
        args: [account],
      });
    expect(await balanceOf(orbt, trader.address)).toBe(expected);

    const after = await reservesOf(client, pool.address);
    expect(after.get(weth)).toBe((before.get(weth) ?? 0n) + amountIn);
    expect(after.get(orbt)).toBe((before.get(orbt) ?? 0n) - expected);
    // ORBT is dearer in WETH after a buy: WETH per ORBT went up.
    const price = (reserves: Map<string, bigint>) =>
      ((reserves.get(weth) ?? 0n) * 10n ** 18n) / (reserves.get(orbt) ?? 1n);
    expect(price(after) > price(before)).toBe(true);

    // And back: a sell lowers it again.
    const approve = await wallet.writeContract({
      address: orbt,
      abi: devnetTokenAbi,
      functionName: 'approve',
      args: [market.dex.router, expected],
    });
    await client.waitForTransactionReceipt({ hash: approve });
    const sell = await wallet.writeContract({
      address: market.dex.router,
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      // An estimate can fall short: see SEND_GAS in trade-simulator.ts.
      gas: 500_000n,
      args: [expected, 0n, [orbt, weth], trader.address, maxUint256],
    });
    expect((await client.waitForTransactionReceipt({ hash: sell })).status).toBe('success');
    expect(price(await reservesOf(client, pool.address)) < price(after)).toBe(true);
  });

  it('keeps the planned LP shares burned at 0x…dEaD and held by the time lock', async () => {
    for (const chainId of [1, 137] as const) {
      const market = marketOf(chainId);
      const client = devnetPublicClient(chainId, devnet.rpcUrl(chainId));
      for (const pool of market.pools) {
        const read = (account: Address) =>
          client.readContract({
            address: pool.address,
            abi: pairAbi,
            functionName: 'balanceOf',
            args: [account],
          });
        const supply = await client.readContract({
          address: pool.address,
          abi: pairAbi,
          functionName: 'totalSupply',
        });
        const [burned, locked, owned] = await Promise.all([
          read(DEAD_ADDRESS),
          client.readContract({
            address: market.lpLock,
            abi: lpTimeLockAbi,
            functionName: 'lockedAmount',
            args: [pool.address],
          }),
          read(DEVNET_EVM_OWNER),
        ]);
        const minted = supply - MINIMUM_LIQUIDITY;
        const label = `${chainId} ${pool.base.symbol}/${pool.quote.symbol}`;
        expect(burned, label).toBe((minted * BigInt(pool.lp.burnBps)) / 10_000n);
        expect(locked, label).toBe((minted * BigInt(pool.lp.lockBps)) / 10_000n);
        expect(await read(market.lpLock), label).toBe(locked);
        expect(owned, label).toBe(minted - burned - locked);
      }
    }
  });

  it('lets nobody take locked LP shares before their time, not even the beneficiary', async () => {
    const market = marketOf(1);
    const client = devnetPublicClient(1, devnet.rpcUrl(1));
    const count = await client.readContract({
      address: market.lpLock,
      abi: lpTimeLockAbi,
      functionName: 'locksLength',
    });
    expect(count).toBe(BigInt(POOL_SPECS.filter((spec) => spec.lp.lockBps > 0).length));
    const [token, beneficiary, , unlockAt, released] = await client.readContract({
      address: market.lpLock,
      abi: lpTimeLockAbi,
      functionName: 'locks',
      args: [0n],
    });
    expect(market.pools.some((pool) => pool.address === token)).toBe(true);
    expect(beneficiary).toBe(DEVNET_EVM_OWNER);
    expect(released).toBe(false);
    const now = (await client.getBlock()).timestamp;
    expect(unlockAt > now + 300n * 86_400n).toBe(true); // VLT/WETH: a year
    await expect(
      client.simulateContract({
        account: DEVNET_EVM_OWNER,
        address: market.lpLock,
        abi: lpTimeLockAbi,
        functionName: 'release',
        args: [0n],
      }),
    ).rejects.toThrow(/StillLocked/);
  });

  it('needs a router whose compiled-in init-code hash is the pair’s: another one finds no pair', async () => {
    const chainId = 1;
    const market = marketOf(chainId);
    const rpcUrl = devnet.rpcUrl(chainId);
    const client = devnetPublicClient(chainId, rpcUrl);
    const wallet = createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(chainId, rpcUrl),
      transport: http(rpcUrl),
    });
    const deployRouter = async (hash: `0x${string}`) => {
      const tx = await wallet.deployContract({
        abi: routerAbi,
        bytecode: routerCreationCodeFor(hash),
        args: [market.dex.factory, market.wrappedNative.address],
      });
      const receipt = await client.waitForTransactionReceipt({ hash: tx });
      return receipt.contractAddress as Address;
    };
    const path = [market.wrappedNative.address, market.pools[0]!.quote.address];
    const quote = (router: Address) =>
      client.readContract({
        address: router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [10n ** 18n, path],
      });
    const wrong = await deployRouter(`0x${'ab'.repeat(32)}`);
    await expect(quote(wrong)).rejects.toThrow();
    const right = await deployRouter(PAIR_INIT_CODE_HASH);
    expect((await quote(right))[1]).toBeGreaterThan(0n);
    // The npm router already carries the npm pair's hash: the patch is a no-op today.
    expect(PAIR_INIT_CODE_HASH).toBe(ROUTER_EMBEDDED_INIT_CODE_HASH);
    expect(routerCreationCodeFor(`0x${'ab'.repeat(32)}`)).toHaveLength(
      routerCreationCodeFor(PAIR_INIT_CODE_HASH).length,
    );
  });

  it('deploys nothing on a restart: same market, no transaction sent', async () => {
    const chainId = 137;
    const before = {
      market: marketOf(chainId),
      nonce: await devnetPublicClient(chainId, devnet.rpcUrl(chainId)).getTransactionCount({
        address: DEVNET_EVM_OWNER,
      }),
    };
    await devnet.stop();
    const started = performance.now();
    devnet = await startDevnet({ dataDir, basePort: 0, chains: [1, 137, 11155111] });
    const warmMs = performance.now() - started;
    const client = devnetPublicClient(chainId, devnet.rpcUrl(chainId));
    expect(devnet.markets[chainId]).toEqual(before.market);
    expect(await client.getTransactionCount({ address: DEVNET_EVM_OWNER })).toBe(before.nonce);
    expect(warmMs).toBeLessThan(10_000);

    // Another process sees the same markets through the manifest.
    const other = await connectDevnet(dataDir);
    expect(other.markets[chainId]).toEqual(before.market);
    expect(other.dexConfig[chainId]).toEqual([before.market.dex]);
  });
});

describe('a devnet killed with SIGKILL while it deploys its market', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-markets-kill-'));
  let devnet: Devnet | undefined;

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes on the next start without seeding any pool or burning any LP share twice', async () => {
    const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DEVNET_DATA_DIR: dataDir,
        DEVNET_BASE_PORT: '0',
        DEVNET_CHAINS: '56',
        DEVNET_STATE_INTERVAL: '1',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Kill it once a few pools are recorded, with others still to come.
    const registry = evmMarketsFile(dataDir, 56);
    const seededPools = () => {
      try {
        return Object.keys((JSON.parse(readFileSync(registry, 'utf8')) as { pools: object }).pools)
          .length;
      } catch {
        return 0;
      }
    };
    const deadline = Date.now() + 60_000;
    while (seededPools() < 4 && Date.now() < deadline) await delay(5);
    const seenBeforeKill = seededPools();
    child.kill('SIGKILL');
    await exited;
    expect(seenBeforeKill).toBeGreaterThanOrEqual(4);
    expect(seenBeforeKill).toBeLessThan(POOL_SPECS.length);
    // The watchdog has Anvil write its state and exit; wait until the state file stops changing.
    const state = evmStateFile(dataDir, 56);
    let last = -1;
    for (let stable = 0; stable < 4 && Date.now() < deadline; await delay(100)) {
      const mtime = existsSync(state) ? statSync(state).mtimeMs : -1;
      stable = mtime === last && mtime > 0 ? stable + 1 : 0;
      last = mtime;
    }

    devnet = await startDevnet({ dataDir, basePort: 0, chains: [56] });
    const market = devnet.markets[56];
    if (!market) throw new Error('no market after restart');
    const client = devnetPublicClient(56, devnet.rpcUrl(56));
    expect(
      await client.readContract({
        address: market.dex.factory,
        abi: factoryAbi,
        functionName: 'allPairsLength',
      }),
    ).toBe(BigInt(POOL_SPECS.length));
    for (const pool of market.pools) {
      const label = `${pool.base.symbol}/${pool.quote.symbol}`;
      expect(await reservesOf(client, pool.address), label).toEqual(expectedReserves(market, pool));
      const supply = await client.readContract({
        address: pool.address,
        abi: pairAbi,
        functionName: 'totalSupply',
      });
      const burned = await client.readContract({
        address: pool.address,
        abi: pairAbi,
        functionName: 'balanceOf',
        args: [DEAD_ADDRESS],
      });
      expect(burned, label).toBe(
        ((supply - MINIMUM_LIQUIDITY) * BigInt(pool.lp.burnBps)) / 10_000n,
      );
    }
    expect(
      await client.readContract({
        address: market.lpLock,
        abi: lpTimeLockAbi,
        functionName: 'locksLength',
      }),
    ).toBe(BigInt(POOL_SPECS.filter((spec) => spec.lp.lockBps > 0).length));
  });
});
