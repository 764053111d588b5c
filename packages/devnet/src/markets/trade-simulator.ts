import {
  createWalletClient,
  getAddress,
  http,
  maxUint256,
  parseEther,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import type { DevnetEvmChainId } from '../chains';
import { devnetTokenAbi, devnetTokenBytecode } from '../evm/artifacts/devnet-token';
import { devnetPublicClient, devnetViemChain } from '../evm/evm-chain';
import { quickReceipt, type DevnetMarket } from './deploy-markets';
import { DEAD_ADDRESS, unitsForUsd } from './market-specs';
import { factoryAbi, pairAbi, routerAbi } from './uniswap-v2';

/**
 * Trades on the local markets so that prices move, candles form and new pools appear, as on a
 * real chain: every few seconds per chain, one random-sized buy or sell by one of four traders,
 * and now and then a new token launched with a new pool. One trade at a time per chain, about a
 * transaction a second across four chains at the default pace: light enough for a 2-core machine.
 *
 * The traders are Anvil's dev accounts 5 to 8 (of its well-known test mnemonic, unlocked on every
 * node, so Anvil signs and picks nonces); their native coin is topped up with `anvil_setBalance`,
 * which mines nothing. They hold no other funds: USDV for USDV pools is bought through the native
 * coin's USDV pool, in the same swap (path native → USDV → token).
 */
export const TRADERS: readonly Address[] = [
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
];

export interface TradeSimulatorSettings {
  /** Mean time between trades on each chain (jittered ±50 %); default 4,000 ms. */
  intervalMs?: number;
  /** Chains to trade on; default every chain with a market. */
  chains?: readonly number[];
  /** About one tick in this many launches a new token instead of trading; default 40. */
  launchEvery?: number;
  /** For a repeatable sequence of trades (tests); default random. */
  seed?: number;
}

export interface SimulatedMarket {
  chainId: DevnetEvmChainId;
  rpcUrl: string;
  market: DevnetMarket;
}

/** What happened on one tick, for tests and the log. */
export type TradeEvent =
  | {
      kind: 'swap';
      chainId: number;
      pool: Address;
      side: 'buy' | 'sell';
      trader: Address;
      hash: Hash;
    }
  | { kind: 'launch'; chainId: number; token: Address; symbol: string; pool: Address; hash: Hash };

export interface TradeSimulator {
  /** Stops ticking and waits for the trades in flight. Idempotent. */
  stop(): Promise<void>;
  /** Runs one tick on a chain now (a test's way to trade without waiting). */
  tick(chainId: number): Promise<TradeEvent | undefined>;
}

interface TradablePool {
  address: Address;
  base: Address;
  quote: Address;
  liquidityUsd: number;
}

/** mulberry32: small, fast, good enough to pick trades; seeded for repeatable tests. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Every simulated send carries this gas limit instead of an estimate. A pair's first swap in a
 * new second also writes its price accumulators (two more storage slots), so an estimate taken
 * in the second of the pool's last trade falls short when the block lands in the next one and the
 * swap runs out of gas. A limit is only a ceiling: the sender pays for the gas used.
 */
const SEND_GAS = 5_000_000n;

const SYLLABLES = ['zor', 'lum', 'vex', 'ki', 'ra', 'no', 'pel', 'tas', 'qui', 'mor', 'dax', 'ell'];

export function startTradeSimulator(
  markets: readonly SimulatedMarket[],
  settings: TradeSimulatorSettings = {},
  onWarning: (message: string) => void = () => undefined,
): TradeSimulator {
  const intervalMs = settings.intervalMs ?? 4_000;
  const launchEvery = settings.launchEvery ?? 40;
  const next = random(settings.seed ?? Math.floor(Math.random() * 2 ** 32));
  const chosen = markets.filter(
    (entry) => !settings.chains || settings.chains.includes(entry.chainId),
  );
  const traders = new Map<number, ChainTrader>(
    chosen.map((entry) => [entry.chainId, new ChainTrader(entry, next)]),
  );
  const timers = new Map<number, NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let warnings = 0;

  const tick = async (chainId: number): Promise<TradeEvent | undefined> => {
    const trader = traders.get(chainId);
    if (!trader) return undefined;
    const run = trader.tick(launchEvery);
    inFlight.add(run);
    try {
      return await run;
    } finally {
      inFlight.delete(run);
    }
  };
  const schedule = (chainId: number) => {
    if (stopped) return;
    const delay = intervalMs * (0.5 + next());
    const timer = setTimeout(() => {
      tick(chainId)
        .catch((error: unknown) => {
          // A failed trade is skipped, never fatal; say so now and then, not on every tick.
          if (warnings++ % 20 === 0)
            onWarning(
              `trade simulator, chain ${chainId}: ${(error as Error).message.split('\n')[0]}`,
            );
        })
        .finally(() => schedule(chainId));
    }, delay);
    timer.unref();
    timers.set(chainId, timer);
  };
  if (intervalMs > 0) for (const chainId of traders.keys()) schedule(chainId);

  let stopping: Promise<void> | undefined;
  return {
    tick,
    stop() {
      stopping ??= (async () => {
        stopped = true;
        for (const timer of timers.values()) clearTimeout(timer);
        await Promise.allSettled([...inFlight]);
      })();
      return stopping;
    },
  };
}

/** One chain's trading: one tick at a time (the caller awaits each). */
class ChainTrader {
  private readonly pools: TradablePool[];
  private readonly client;
  private readonly native: Address;
  private readonly usdv: Address;
  private readonly nativePriceUsd: string;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly target: SimulatedMarket,
    private readonly next: () => number,
  ) {
    const { market } = target;
    this.native = market.wrappedNative.address;
    this.nativePriceUsd = market.wrappedNative.listingPriceUsd;
    this.usdv = market.dex.quoteTokens.find((token) => token !== this.native) ?? this.native;
    this.pools = market.pools.map((pool) => ({
      address: pool.address,
      base: pool.base.address,
      quote: pool.quote.address,
      liquidityUsd: pool.liquidityUsd,
    }));
    this.client = devnetPublicClient(target.chainId, target.rpcUrl);
  }

  /** Serialised: a tick from a test and one from the timer never interleave their sends. */
  tick(launchEvery: number): Promise<TradeEvent> {
    const run = this.busy.then(
      () => this.once(launchEvery),
      () => this.once(launchEvery),
    );
    this.busy = run.catch(() => undefined);
    return run;
  }

  private async once(launchEvery: number): Promise<TradeEvent> {
    const trader = this.pick(TRADERS);
    await this.ensureGasMoney(trader);
    if (this.next() * launchEvery < 1) return this.launch(trader);
    return this.swap(trader, this.pick(this.pools));
  }

  private async swap(trader: Address, pool: TradablePool): Promise<TradeEvent> {
    const { router } = this.target.market.dex;
    const nativeBase = pool.base === this.native;
    const held = await this.balanceOf(nativeBase ? this.usdv : pool.base, trader);
    // Half the time the trader spends what it holds, if anything: the token (a sell) or, in the
    // native coin's own pool, USDV (a buy of the native coin). Otherwise it spends native coin.
    const spendHeld = held > 0n && this.next() < 0.5;
    const side: 'buy' | 'sell' = nativeBase === spendHeld ? 'buy' : 'sell';
    let hash: Hash;
    if (nativeBase) {
      if (side === 'buy') {
        const amount = this.share(held);
        await this.approve(trader, this.usdv, amount);
        hash = await this.send(trader, router, routerAbi, 'swapExactTokensForETH', [
          amount,
          0n,
          [this.usdv, this.native],
          trader,
          maxUint256,
        ]);
      } else {
        hash = await this.send(
          trader,
          router,
          routerAbi,
          'swapExactETHForTokens',
          [0n, [this.native, this.usdv], trader, maxUint256],
          this.nativeFor(pool),
        );
      }
    } else {
      const hops = pool.quote === this.native ? [this.native] : [this.native, this.usdv];
      if (side === 'buy') {
        hash = await this.send(
          trader,
          router,
          routerAbi,
          'swapExactETHForTokens',
          [0n, [...hops, pool.base], trader, maxUint256],
          this.nativeFor(pool),
        );
      } else {
        const amount = this.share(held);
        await this.approve(trader, pool.base, amount);
        hash = await this.send(trader, router, routerAbi, 'swapExactTokensForETH', [
          amount,
          0n,
          [pool.base, ...[...hops].reverse()],
          trader,
          maxUint256,
        ]);
      }
    }
    return {
      kind: 'swap',
      chainId: this.target.chainId,
      pool: pool.address,
      side,
      trader,
      hash,
    };
  }

  /**
   * A new token: deployed by the trader (its owner), its whole supply minted to the trader,
   * listed against the native coin with $5k-$40k, the LP shares burned half the time.
   */
  private async launch(trader: Address): Promise<TradeEvent> {
    const { router } = this.target.market.dex;
    const syllables = 2 + Math.floor(this.next() * 2);
    const word = Array.from({ length: syllables }, () => this.pick(SYLLABLES)).join('');
    const name = `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    const symbol = word.slice(0, 5).toUpperCase();
    const wallet = this.wallet(trader);
    const deployHash = await wallet.deployContract({
      abi: devnetTokenAbi,
      bytecode: devnetTokenBytecode,
      args: [name, symbol, 18],
      chain: null,
    });
    const receipt = await this.receipt(deployHash);
    const token = getAddress(receipt.contractAddress as Address);
    const supply = parseEther(String(1_000_000 * (1 + Math.floor(this.next() * 1_000))));
    await this.send(trader, token, devnetTokenAbi, 'mint', [trader, supply]);
    await this.approve(trader, token, supply);
    const liquidityUsd = 5_000 + Math.floor(this.next() * 35_000);
    const nativeAmount = unitsForUsd(Math.floor(liquidityUsd / 2), this.nativePriceUsd, 18);
    const tokenAmount = (supply * BigInt(20 + Math.floor(this.next() * 60))) / 100n;
    const hash = await this.send(
      trader,
      router,
      routerAbi,
      'addLiquidityETH',
      [token, tokenAmount, tokenAmount, nativeAmount, trader, maxUint256],
      nativeAmount,
    );
    const pair = await this.client.readContract({
      address: this.target.market.dex.factory,
      abi: factoryAbi,
      functionName: 'getPair',
      args: [token, this.native],
    });
    if (this.next() < 0.5) {
      const lp = await this.client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'balanceOf',
        args: [trader],
      });
      await this.send(trader, pair, pairAbi, 'transfer', [DEAD_ADDRESS, lp]);
    }
    this.pools.push({ address: pair, base: token, quote: this.native, liquidityUsd });
    return { kind: 'launch', chainId: this.target.chainId, token, symbol, pool: pair, hash };
  }

  /** A buy's size: from $25 up to 1.5 % of the pool's seeded liquidity, most of them small. */
  private nativeFor(pool: TradablePool): bigint {
    const maxUsd = Math.max(50, pool.liquidityUsd * 0.015);
    const usd = Math.max(25, Math.floor(25 * (maxUsd / 25) ** this.next()));
    return unitsForUsd(usd, this.nativePriceUsd, 18);
  }

  /** A sell's size: 20 % to all of what the trader holds. */
  private share(held: bigint): bigint {
    const amount = (held * BigInt(20 + Math.floor(this.next() * 81))) / 100n;
    return amount > 0n ? amount : held;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  private async ensureGasMoney(trader: Address): Promise<void> {
    const balance = await this.client.getBalance({ address: trader });
    const floor = unitsForUsd(100_000, this.nativePriceUsd, 18);
    if (balance < floor)
      await this.client.request({
        method: 'anvil_setBalance',
        params: [trader, `0x${(floor * 10n).toString(16)}`],
      } as never);
  }

  private balanceOf(token: Address, account: Address): Promise<bigint> {
    return this.client.readContract({
      address: token,
      abi: devnetTokenAbi,
      functionName: 'balanceOf',
      args: [account],
    });
  }

  private async approve(trader: Address, token: Address, amount: bigint): Promise<void> {
    const allowance = await this.client.readContract({
      address: token,
      abi: devnetTokenAbi,
      functionName: 'allowance',
      args: [trader, this.target.market.dex.router],
    });
    if (allowance < amount)
      await this.send(trader, token, devnetTokenAbi, 'approve', [
        this.target.market.dex.router,
        maxUint256,
      ]);
  }

  private wallet(trader: Address) {
    return createWalletClient({
      account: trader,
      chain: devnetViemChain(this.target.chainId, this.target.rpcUrl),
      transport: http(this.target.rpcUrl, { retryCount: 1 }),
    });
  }

  private async send(
    trader: Address,
    address: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ): Promise<Hash> {
    const hash = await this.wallet(trader).writeContract({
      address,
      abi,
      functionName,
      args,
      chain: null,
      gas: SEND_GAS,
      ...(value === undefined ? {} : { value }),
    } as Parameters<ReturnType<ChainTrader['wallet']>['writeContract']>[0]);
    const receipt = await this.receipt(hash);
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
    return hash;
  }

  private receipt(hash: Hex) {
    return quickReceipt(this.client, hash);
  }
}
