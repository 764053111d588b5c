import { join } from 'node:path';
import { pairAddressFor, type DexConfig } from '@vaultscope/core';
import {
  createPublicClient,
  getAddress,
  http,
  maxUint256,
  parseEther,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { z } from 'zod';
import { devnetChain } from '../chains';
import { devnetTokenAbi, devnetTokenBytecode } from '../evm/artifacts/devnet-token';
import { lpTimeLockAbi, lpTimeLockBytecode } from '../evm/artifacts/lp-time-lock';
import { wrappedNativeAbi, wrappedNativeBytecode } from '../evm/artifacts/wrapped-native';
import { DEVNET_EVM_OWNER, devnetOwnerClients } from '../evm/evm-chain';
import { DevnetError } from '../lib/errors';
import { delay, readJsonIfExists, writeFileAtomicSync } from '../lib/files';
import { devnetUsdPrice } from '../prices';
import type { DevnetErc20 } from '../tokens';
import {
  DEAD_ADDRESS,
  MARKET_TOKEN_SPECS,
  POOL_SPECS,
  unitsForUsd,
  WRAPPED_NATIVE,
  type LpPlan,
  type MarketChainId,
} from './market-specs';
import {
  factoryAbi,
  factoryCreationCode,
  PAIR_INIT_CODE_HASH,
  pairAbi,
  routerAbi,
  routerCreationCodeFor,
} from './uniswap-v2';

/** A token that trades on a local market, with the USD price it was listed at. */
export interface DevnetMarketToken {
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
  /** The listing price (pools were seeded at it); trades move the pools' prices since. */
  listingPriceUsd: string;
}

export interface DevnetPool {
  /** The pair contract, also the LP token. */
  address: Address;
  base: { symbol: string; address: Address };
  quote: { symbol: string; address: Address };
  /** USD value of both sides when seeded. */
  liquidityUsd: number;
  /** What became of the first liquidity's LP shares: burned to 0x…dEaD, time-locked, kept. */
  lp: LpPlan;
}

/** One chain's local market: a Uniswap V2 deployment, its listed tokens and its pools. */
export interface DevnetMarket {
  chainId: MarketChainId;
  /** The DEX in core's `DEX_CONFIG_FILE` shape, for the indexer and the analyzer. */
  dex: DexConfig;
  wrappedNative: DevnetMarketToken;
  /** The listed tokens (not USDV and VLT, which are the chain's base tokens). */
  tokens: DevnetMarketToken[];
  pools: DevnetPool[];
  /** The time lock holding locked LP shares (`contracts/LpTimeLock.sol`). */
  lpLock: Address;
}

const hexAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => getAddress(value));
const marketTokenSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  address: hexAddress,
  listingPriceUsd: z.string(),
});

/** A market as written to `devnet.json`, read back by `connectDevnet` in another process. */
export const devnetMarketSchema = z.object({
  chainId: z.union([z.literal(1), z.literal(56), z.literal(137), z.literal(43114)]),
  dex: z.object({
    name: z.string(),
    factory: hexAddress,
    router: hexAddress,
    wrappedNative: hexAddress,
    quoteTokens: z.array(hexAddress),
    feeBps: z.number().int(),
    initCodeHash: z
      .string()
      .regex(/^0x[0-9a-f]{64}$/)
      .transform((value) => value as Hex)
      .optional(),
    startBlock: z.number().int(),
  }),
  wrappedNative: marketTokenSchema,
  tokens: z.array(marketTokenSchema),
  pools: z.array(
    z.object({
      address: hexAddress,
      base: z.object({ symbol: z.string(), address: hexAddress }),
      quote: z.object({ symbol: z.string(), address: hexAddress }),
      liquidityUsd: z.number(),
      lp: z.object({ burnBps: z.number(), lockBps: z.number(), lockDays: z.number() }),
    }),
  ),
  lpLock: hexAddress,
}) satisfies z.ZodType<DevnetMarket, unknown>;

const address = hexAddress;
const registrySchema = z.object({
  chainId: z.number().int(),
  wrappedNative: address.optional(),
  factory: address.optional(),
  factoryBlock: z.number().int().nonnegative().optional(),
  router: address.optional(),
  lpLock: address.optional(),
  tokens: z.record(z.string(), address).default({}),
  pools: z.record(z.string(), address).default({}),
});
type Registry = z.infer<typeof registrySchema>;

export function evmMarketsFile(dataDir: string, chainId: number): string {
  return join(dataDir, `evm-${chainId}.markets.json`);
}

const poolKey = (spec: { base: string; quote: string }) => `${spec.base}/${spec.quote}`;

export interface EnsureMarketOptions {
  chainId: MarketChainId;
  rpcUrl: string;
  dataDir: string;
  /** The chain's USDV and VLT. */
  baseTokens: readonly DevnetErc20[];
}

/**
 * Makes sure the chain's market exists and returns it. When the registry file names every
 * contract, token and pool of the specs and each still has code on chain, that is one batched
 * RPC request (a warm start). Otherwise each missing part is deployed, judged by the chain's own
 * state rather than the file (a pair is found through the factory, burned and locked LP shares
 * by their balances), so a start interrupted anywhere, even by kill -9, finishes the work on the
 * next start without doing any of it twice. The registry is saved after every deployment.
 */
export async function ensureMarket(options: EnsureMarketOptions): Promise<DevnetMarket> {
  const { chainId, dataDir } = options;
  const file = evmMarketsFile(dataDir, chainId);
  const parsed = registrySchema.safeParse(await readJsonIfExists(file));
  const recorded: Registry =
    parsed.success && parsed.data.chainId === chainId
      ? parsed.data
      : { chainId, tokens: {}, pools: {} };
  const fast = await describeIfComplete(options, recorded);
  if (fast) return fast;

  const deployer = new MarketDeployer(options, recorded, (registry) =>
    writeFileAtomicSync(file, `${JSON.stringify(registry, null, 2)}\n`),
  );
  try {
    return await deployer.run();
  } catch (error) {
    throw new DevnetError('Could not set up the local market', { chainId, cause: error });
  }
}

/** The market as recorded, when every part is recorded and has code; else undefined. */
async function describeIfComplete(
  options: EnsureMarketOptions,
  registry: Registry,
): Promise<DevnetMarket | undefined> {
  const { wrappedNative, factory, router, lpLock, factoryBlock } = registry;
  if (!wrappedNative || !factory || !router || !lpLock || factoryBlock === undefined) return;
  const tokens = MARKET_TOKEN_SPECS.map((spec) => registry.tokens[spec.symbol]);
  const pools = POOL_SPECS.map((spec) => registry.pools[poolKey(spec)]);
  const all = [wrappedNative, factory, router, lpLock, ...tokens, ...pools];
  if (all.some((entry) => entry === undefined)) return;
  // One HTTP request: viem batches the calls made in the same tick.
  const client = createPublicClient({
    transport: http(options.rpcUrl, { batch: true, retryCount: 1 }),
  });
  const codes = await Promise.all(
    all.map((entry) => client.getCode({ address: entry as Address })),
  );
  if (codes.some((code) => !code || code === '0x')) return;
  return describeMarket(options, registry as Required<Registry>);
}

/** The market of a registry whose contracts and tokens are all recorded (pools need not be). */
function describeMarket(options: EnsureMarketOptions, registry: Required<Registry>): DevnetMarket {
  const { chainId } = options;
  const native = nativeToken(chainId, getAddress(registry.wrappedNative));
  const tokens: DevnetMarketToken[] = MARKET_TOKEN_SPECS.map((spec) => ({
    symbol: spec.symbol,
    name: spec.name,
    decimals: spec.decimals,
    address: getAddress(registry.tokens[spec.symbol] as string),
    listingPriceUsd: spec.priceUsd,
  }));
  const bySymbol = (symbol: string): DevnetMarketToken => {
    const token =
      symbol === 'native'
        ? native
        : (tokens.find((candidate) => candidate.symbol === symbol) ??
          baseToken(options.baseTokens, symbol));
    return token;
  };
  const usdv = baseToken(options.baseTokens, 'USDV');
  const dex: DexConfig = {
    name: 'Uniswap V2 (local)',
    factory: getAddress(registry.factory),
    router: getAddress(registry.router),
    wrappedNative: native.address,
    quoteTokens: [native.address, usdv.address],
    feeBps: 30,
    initCodeHash: PAIR_INIT_CODE_HASH,
    startBlock: registry.factoryBlock,
  };
  return {
    chainId,
    dex,
    wrappedNative: native,
    tokens,
    pools: POOL_SPECS.map((spec) => {
      const base = bySymbol(spec.base);
      const quote = bySymbol(spec.quote);
      return {
        address: pairAddressFor(dex, base.address, quote.address),
        base: { symbol: base.symbol, address: base.address },
        quote: { symbol: quote.symbol, address: quote.address },
        liquidityUsd: spec.liquidityUsd,
        lp: { ...spec.lp },
      };
    }),
    lpLock: getAddress(registry.lpLock),
  };
}

function nativeToken(chainId: MarketChainId, address: Address): DevnetMarketToken {
  return {
    ...WRAPPED_NATIVE[chainId],
    decimals: 18,
    address,
    listingPriceUsd: nativePriceUsd(chainId),
  };
}

function nativePriceUsd(chainId: MarketChainId): string {
  const symbol = devnetChain(chainId).nativeSymbol;
  const price = devnetUsdPrice(symbol);
  if (!price) throw new DevnetError(`No devnet price for ${symbol}`, { chainId });
  return price;
}

function baseToken(baseTokens: readonly DevnetErc20[], symbol: string): DevnetMarketToken {
  const token = baseTokens.find((candidate) => candidate.symbol === symbol);
  const price = devnetUsdPrice(symbol);
  if (!token || !price) throw new DevnetError(`No base token ${symbol}`);
  return {
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    address: token.address,
    listingPriceUsd: price,
  };
}

/**
 * The slow path: each step checks the chain, does what is missing, and records it. All sends
 * come from the devnet owner, one after another (Anvil picks the nonces), before the chain is
 * handed to anyone else, so nothing else is sending as the owner meanwhile.
 */
class MarketDeployer {
  private readonly clients;

  constructor(
    private readonly options: EnsureMarketOptions,
    private readonly registry: Registry,
    private readonly save: (registry: Registry) => void,
  ) {
    this.clients = devnetOwnerClients(options.chainId, options.rpcUrl);
  }

  async run(): Promise<DevnetMarket> {
    const { chainId } = this.options;
    const registry = this.registry;
    const wrapped = WRAPPED_NATIVE[chainId];
    registry.wrappedNative = await this.ensureContract(registry.wrappedNative, () =>
      this.deploy(wrappedNativeAbi, wrappedNativeBytecode, [wrapped.name, wrapped.symbol]),
    );
    this.save(registry);
    if (!registry.factory || !(await this.hasCode(registry.factory))) {
      const receipt = await this.deployReceipt(factoryAbi, factoryCreationCode, [DEVNET_EVM_OWNER]);
      registry.factory = receipt.contractAddress as Address;
      registry.factoryBlock = Number(receipt.blockNumber);
      registry.router = undefined; // a router belongs to one factory
      this.save(registry);
    }
    if (registry.router && !(await this.routerMatches(registry.router)))
      registry.router = undefined;
    registry.router = await this.ensureContract(registry.router, () =>
      this.deploy(routerAbi, routerCreationCodeFor(PAIR_INIT_CODE_HASH), [
        registry.factory as Address,
        registry.wrappedNative as Address,
      ]),
    );
    this.save(registry);
    registry.lpLock = await this.ensureContract(registry.lpLock, () =>
      this.deploy(lpTimeLockAbi, lpTimeLockBytecode, []),
    );
    this.save(registry);
    for (const spec of MARKET_TOKEN_SPECS) {
      registry.tokens[spec.symbol] = await this.ensureContract(
        registry.tokens[spec.symbol] as Address | undefined,
        () =>
          this.deploy(devnetTokenAbi, devnetTokenBytecode, [spec.name, spec.symbol, spec.decimals]),
      );
      this.save(registry);
      const token = registry.tokens[spec.symbol] as Address;
      const supply = await this.clients.public.readContract({
        address: token,
        abi: devnetTokenAbi,
        functionName: 'totalSupply',
      });
      if (supply === 0n)
        await this.write(token, devnetTokenAbi, 'mint', [
          DEVNET_EVM_OWNER,
          spec.supply * 10n ** BigInt(spec.decimals),
        ]);
    }
    const market = describeMarket(this.options, registry as Required<Registry>);
    for (const [index, spec] of POOL_SPECS.entries()) {
      const pool = market.pools[index] as DevnetPool;
      registry.pools[poolKey(spec)] = await this.ensurePool(market, pool, spec.lp);
      this.save(registry);
    }
    return describeMarket(this.options, registry as Required<Registry>);
  }

  /** Seeds a pool at the listing prices if it has no liquidity, then burns and locks LP shares. */
  private async ensurePool(market: DevnetMarket, pool: DevnetPool, plan: LpPlan): Promise<Address> {
    const { public: client } = this.clients;
    const { dex } = market;
    const expected = pairAddressFor(dex, pool.base.address, pool.quote.address);
    let pair = await client.readContract({
      address: dex.factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [pool.base.address, pool.quote.address],
    });
    const seeded =
      pair !== '0x0000000000000000000000000000000000000000' &&
      (await client.readContract({ address: pair, abi: pairAbi, functionName: 'totalSupply' })) >
        0n;
    if (!seeded) {
      await this.seed(market, pool);
      pair = await client.readContract({
        address: dex.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [pool.base.address, pool.quote.address],
      });
    }
    // The router found the pair by CREATE2 with its compiled-in hash; so must everyone else.
    if (getAddress(pair) !== expected)
      throw new DevnetError(
        `Pair ${pool.base.symbol}/${pool.quote.symbol} is at ${pair}, not at ${expected}: init-code hash mismatch`,
      );
    await this.settleLp(market, expected, plan);
    return expected;
  }

  private async seed(market: DevnetMarket, pool: DevnetPool): Promise<void> {
    const { router, wrappedNative } = market.dex;
    const half = pool.liquidityUsd / 2;
    const side = (token: { symbol: string; address: Address }) => {
      const info =
        token.address === wrappedNative
          ? market.wrappedNative
          : (market.tokens.find((candidate) => candidate.address === token.address) ??
            baseToken(this.options.baseTokens, token.symbol));
      return { ...info, amount: unitsForUsd(half, info.listingPriceUsd, info.decimals) };
    };
    const base = side(pool.base);
    const quote = side(pool.quote);
    const erc20s = [base, quote].filter((token) => token.address !== wrappedNative);
    for (const token of erc20s) {
      // USDV and VLT are minted for the pool; listed tokens come from the owner's supply.
      if (this.options.baseTokens.some((candidate) => candidate.address === token.address))
        await this.write(token.address, devnetTokenAbi, 'mint', [DEVNET_EVM_OWNER, token.amount]);
      await this.approveRouter(token.address, router);
    }
    const native = [base, quote].find((token) => token.address === wrappedNative);
    if (native) {
      const [token] = erc20s;
      if (!token) throw new DevnetError('A pool of the wrapped native coin with itself');
      await this.ensureNativeBalance(native.amount);
      await this.write(
        router,
        routerAbi,
        'addLiquidityETH',
        [token.address, token.amount, token.amount, native.amount, DEVNET_EVM_OWNER, maxUint256],
        native.amount,
      );
    } else {
      await this.write(router, routerAbi, 'addLiquidity', [
        base.address,
        quote.address,
        base.amount,
        quote.amount,
        base.amount,
        quote.amount,
        DEVNET_EVM_OWNER,
        maxUint256,
      ]);
    }
  }

  /**
   * Burns and locks the planned shares of the LP supply, each once: a burn is done when 0x…dEaD
   * holds none of this pair, a lock when the lock holds none, so a rerun after a crash does only
   * what is missing.
   */
  private async settleLp(market: DevnetMarket, pair: Address, plan: LpPlan): Promise<void> {
    if (plan.burnBps === 0 && plan.lockBps === 0) return;
    const { public: client } = this.clients;
    const read = (account: Address) =>
      client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'balanceOf',
        args: [account],
      });
    const [owned, burned, locked] = await Promise.all([
      read(DEVNET_EVM_OWNER),
      read(DEAD_ADDRESS),
      client.readContract({
        address: market.lpLock,
        abi: lpTimeLockAbi,
        functionName: 'lockedAmount',
        args: [pair],
      }),
    ]);
    const total = owned + burned + locked;
    if (plan.burnBps > 0 && burned === 0n)
      await this.write(pair, pairAbi, 'transfer', [
        DEAD_ADDRESS,
        (total * BigInt(plan.burnBps)) / 10_000n,
      ]);
    if (plan.lockBps > 0 && locked === 0n) {
      const amount = (total * BigInt(plan.lockBps)) / 10_000n;
      const block = await client.getBlock();
      const unlockAt = block.timestamp + BigInt(plan.lockDays) * 86_400n;
      await this.write(pair, pairAbi, 'approve', [market.lpLock, amount]);
      await this.write(market.lpLock, lpTimeLockAbi, 'lock', [
        pair,
        amount,
        unlockAt,
        DEVNET_EVM_OWNER,
      ]);
    }
  }

  private async approveRouter(token: Address, router: Address): Promise<void> {
    const allowance = await this.clients.public.readContract({
      address: token,
      abi: devnetTokenAbi,
      functionName: 'allowance',
      args: [DEVNET_EVM_OWNER, router],
    });
    if (allowance < maxUint256 / 2n)
      await this.write(token, devnetTokenAbi, 'approve', [router, maxUint256]);
  }

  /** The owner pays the native side of every pool: on Polygon that is millions of MATIC. */
  private async ensureNativeBalance(needed: bigint): Promise<void> {
    const balance = await this.clients.public.getBalance({ address: DEVNET_EVM_OWNER });
    const reserve = parseEther('1000');
    if (balance < needed + reserve)
      await this.clients.test.setBalance({
        address: DEVNET_EVM_OWNER,
        value: balance + needed + reserve,
      });
  }

  private async routerMatches(router: Address): Promise<boolean> {
    if (!(await this.hasCode(router))) return false;
    const [factory, weth] = await Promise.all([
      this.clients.public.readContract({
        address: router,
        abi: routerAbi,
        functionName: 'factory',
      }),
      this.clients.public.readContract({ address: router, abi: routerAbi, functionName: 'WETH' }),
    ]);
    return (
      factory.toLowerCase() === this.registry.factory?.toLowerCase() &&
      weth.toLowerCase() === this.registry.wrappedNative?.toLowerCase()
    );
  }

  private async ensureContract(
    recorded: string | undefined,
    deploy: () => Promise<Address>,
  ): Promise<Address> {
    if (recorded && (await this.hasCode(recorded as Address))) return getAddress(recorded);
    return deploy();
  }

  private async hasCode(address: Address): Promise<boolean> {
    const code = await this.clients.public.getCode({ address });
    return Boolean(code && code !== '0x');
  }

  private async deploy(abi: readonly unknown[], bytecode: Hex, args: readonly unknown[]) {
    const receipt = await this.deployReceipt(abi, bytecode, args);
    return getAddress(receipt.contractAddress as Address);
  }

  private async deployReceipt(
    abi: readonly unknown[],
    bytecode: Hex,
    args: readonly unknown[],
  ): Promise<TransactionReceipt> {
    const hash = await this.clients.wallet.deployContract({
      abi,
      bytecode,
      args,
      chain: null,
    } as Parameters<typeof this.clients.wallet.deployContract>[0]);
    const receipt = await this.receipt(hash, 'deployment');
    if (!receipt.contractAddress) throw new DevnetError(`Deployment made no contract (${hash})`);
    return receipt;
  }

  private async write(
    address: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ): Promise<TransactionReceipt> {
    const hash = await this.clients.wallet.writeContract({
      address,
      abi,
      functionName,
      args,
      chain: null,
      ...(value === undefined ? {} : { value }),
    } as Parameters<typeof this.clients.wallet.writeContract>[0]);
    return this.receipt(hash, functionName);
  }

  private async receipt(hash: Hash, label: string): Promise<TransactionReceipt> {
    const receipt = await quickReceipt(this.clients.public, hash);
    if (receipt.status !== 'success') throw new DevnetError(`${label} reverted (${hash})`);
    return receipt;
  }
}

/**
 * A transaction's receipt, asked for every 2 ms for a moment before falling back to viem's
 * polling. Anvil mines a block per transaction a moment after the send answers; a receipt not
 * there at the first ask would otherwise cost a whole 50 ms poll of `waitForTransactionReceipt`,
 * and a cold start sends about eighty transactions per chain one after another.
 */
export async function quickReceipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) return receipt;
    await delay(2);
  }
  return client.waitForTransactionReceipt({ hash });
}
