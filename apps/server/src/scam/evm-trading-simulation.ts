import {
  getAmountOut,
  type DexConfig,
  type EvidenceItem,
  type Flag,
  type SecurityReport,
} from '@vaultscope/core';
import {
  concatHex,
  createPublicClient,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseAbiParameters,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { isContractAnswer } from '../lib/node-errors';
import type { ContractFunction } from './evm-code-analysis';
import {
  ForkScript,
  runSideBySide,
  transferSucceeded,
  type CallHandle,
  type ForkHead,
  type ScriptRun,
} from './fork-script';

/**
 * The trading simulation: on the scan's throwaway Anvil fork, a fresh funded address buys the
 * token with the wrapped native coin through the router of its deepest pool, then sells back.
 * Taxes are what the pool math promises (core's `getAmountOut` with the DEX fee, hop by hop)
 * against what arrives, so a token that skims a transfer shows it whatever its code says. The
 * Supporting-fee-on-transfer swaps are used both ways, since the plain ones revert on any taxed
 * token; trades are token to token (wrapped native in and out) so gas never blurs the amounts.
 */

export const SIMULATED_FIELDS = [
  'is_in_dex',
  'cannot_buy',
  'buy_tax',
  'sell_tax',
  'is_honeypot',
  'cannot_sell_all',
  'trading_cooldown',
  'is_anti_whale',
] as const satisfies readonly (keyof SecurityReport)[];
export type SimulatedField = (typeof SIMULATED_FIELDS)[number];

export const MODIFIABLE_FIELDS = [
  'slippage_modifiable',
  'personal_slippage_modifiable',
  'anti_whale_modifiable',
] as const satisfies readonly (keyof SecurityReport)[];
export type ModifiableField = (typeof MODIFIABLE_FIELDS)[number];

/** A pool of the token on a configured DEX, with the path a wrapped-native buy takes. */
export interface TokenPool {
  dex: DexConfig;
  pair: Address;
  quote: Address;
  /** Buy path from the wrapped native coin to the token (two or three tokens). */
  path: Address[];
  /** The pair of each step of `path` and its token0 (which side its reserves are). */
  hops: { pair: Address; token0: Address }[];
  /** The quote side's depth in wrapped native base units (0 when it cannot be priced). */
  depth: bigint;
}

export interface PoolSearch {
  pools: TokenPool[];
  deepest: TokenPool | undefined;
  /** DEX names asked, for "no pool on …". */
  dexNames: string[];
}

/** Sell returns this share or less of what the pool promised: "nearly nothing", a honeypot. */
export const HONEYPOT_SELL_TAX = 0.9;
/** How long the simulation waits for a cooldown to pass (evm_increaseTime). */
const WAIT_SECONDS = 3_600;
const WAIT = BigInt(WAIT_SECONDS);
/** The small buy spends this share of the pool's native depth, the large one the other. */
const SMALL_BUY_BPS = 50n;
const LARGE_BUY_BPS = 2_000n;
/** A tax that moves by less than this between two simulations has not changed (rounding). */
const TAX_CHANGE = 0.005;
const MAX_PRIVILEGED_CALLS = 200;
const HUGE = 10n ** 30n;

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
]);
const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function transfer(address, uint256) returns (bool)',
  'function deposit() payable',
]);
const routerAbi = parseAbi([
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

const fresh = (label: string): Address =>
  getAddress(`0x${keccak256(toHex(`vaultscope simulation ${label}`)).slice(26)}`);

/** The token's pools on each DEX against each quote token, and the deepest one to trade. */
export async function findPools(
  client: PublicClient,
  token: Address,
  dexes: readonly DexConfig[],
  blockNumber: bigint,
): Promise<PoolSearch> {
  const pools: TokenPool[] = [];
  const getPair = async (dex: DexConfig, a: Address, b: Address) => {
    const pair = await client
      .readContract({
        address: dex.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [a, b],
        blockNumber,
      })
      .catch(() => zeroAddress);
    return pair === zeroAddress ? undefined : getAddress(pair);
  };
  const reservesOf = async (pair: Address, side: Address) => {
    const [token0, [r0, r1]] = await Promise.all([
      client.readContract({ address: pair, abi: pairAbi, functionName: 'token0', blockNumber }),
      client.readContract({
        address: pair,
        abi: pairAbi,
        functionName: 'getReserves',
        blockNumber,
      }),
    ]);
    const hop = { pair, token0: getAddress(token0) };
    return { hop, reserves: hop.token0 === side ? [r0, r1] : [r1, r0] };
  };
  for (const dex of dexes) {
    const wrapped = getAddress(dex.wrappedNative);
    const quotes = [...new Set([wrapped, ...dex.quoteTokens.map((q) => getAddress(q))])].filter(
      (quote) => quote !== token,
    );
    for (const quote of quotes) {
      const pair = await getPair(dex, token, quote);
      if (!pair) continue;
      const read = await reservesOf(pair, quote).catch(() => undefined);
      if (!read) continue;
      const [quoteReserve = 0n] = read.reserves;
      if (quote === wrapped) {
        pools.push({
          dex,
          pair,
          quote,
          path: [wrapped, token],
          hops: [read.hop],
          depth: quoteReserve,
        });
        continue;
      }
      // Priced in the wrapped native coin through the quote's own pool on the same DEX.
      let depth = 0n;
      const hops = [read.hop];
      const bridge = await getPair(dex, quote, wrapped);
      const bridged = bridge && (await reservesOf(bridge, quote).catch(() => undefined));
      if (bridged) {
        const [q = 0n, w = 0n] = bridged.reserves;
        depth = q > 0n ? (quoteReserve * w) / q : 0n;
        hops.unshift(bridged.hop);
      }
      pools.push({ dex, pair, quote, path: [wrapped, quote, token], hops, depth });
    }
  }
  const deepest = pools
    .filter((pool) => pool.depth > 0n)
    .sort((a, b) => (b.depth > a.depth ? 1 : b.depth < a.depth ? -1 : 0))[0];
  return { pools, deepest, dexNames: dexes.map((dex) => dex.name) };
}

/** The measured taxes and limits of one quick round (for the privileged-call comparison). */
export interface TradeRound {
  buyTax: number | null;
  sellTax: number | null;
  smallBuyOk: boolean;
  largeBuyOk: boolean;
  /** What the small trader sells in each round (0 when the first buy delivered nothing). */
  sellAmount: bigint;
}

export interface TradingSimulation {
  fields: Pick<SecurityReport, SimulatedField>;
  evidence: Partial<Record<SimulatedField, EvidenceItem[]>>;
  /** The same trades as a quick round: the baseline privileged calls are compared with. */
  baseline: TradeRound;
}

interface Trade {
  ok: boolean;
  amountIn: bigint;
  expected: bigint;
  actual: bigint;
}

/** A swap placed in a script: the reads around it give what it promised and delivered. */
interface ScriptedSwap {
  amountIn: bigint;
  path: Address[];
  reserves: CallHandle[];
  before: CallHandle;
  swap: CallHandle;
  after: CallHandle;
}

/** The traders of the simulation: fresh addresses, the same on every scan. */
const SMALL_TRADER = fresh('trader 1');
const LARGE_TRADER = fresh('trader 2');
const OTHER_TRADER = fresh('trader 3');

/**
 * Trades through the pool in scripts on the fork (fork-script.ts): funds traders, places swaps
 * with the reads that measure them, and reads the trades back from a run.
 */
class ScriptedTrader {
  readonly client: PublicClient;
  /** Pair and token0 of each hop: they never change, only the reserves do. */
  private readonly hops = new Map<string, { pair: Address; token0: Address }>();

  constructor(
    forkRpcUrl: string,
    private readonly head: ForkHead,
    readonly token: Address,
    readonly pool: TokenPool,
  ) {
    // Reads made together go in one HTTP request (JSON-RPC batch).
    this.client = createPublicClient({
      transport: http(forkRpcUrl, { retryCount: 0, batch: true }),
    });
    pool.path.slice(0, -1).forEach((from, step) => {
      const to = pool.path[step + 1]!;
      const hop = pool.hops[step]!;
      this.hops.set(`${from}:${to}`, hop);
      this.hops.set(`${to}:${from}`, hop);
    });
  }

  get wrapped(): Address {
    return this.pool.path[0]!;
  }

  script(): ForkScript {
    return new ForkScript(this.client, this.head);
  }

  /** `trader` wraps `wrappedAmount` of the native coin and approves the router for both sides. */
  fund(script: ForkScript, trader: Address, wrappedAmount: bigint): void {
    const approve = encodeFunctionData({
      abi: erc20,
      functionName: 'approve',
      args: [this.pool.dex.router, maxUint256],
    });
    script.call({
      from: trader,
      to: this.wrapped,
      data: encodeFunctionData({ abi: erc20, functionName: 'deposit' }),
      value: wrappedAmount,
    });
    script.call({ from: trader, to: this.wrapped, data: approve });
    script.call({ from: trader, to: this.token, data: approve });
  }

  balanceOf(script: ForkScript, asset: Address, account: Address): CallHandle {
    return script.call({
      from: account,
      to: asset,
      data: encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [account] }),
    });
  }

  buy(script: ForkScript, trader: Address, amountIn: bigint): ScriptedSwap {
    return this.swap(script, trader, amountIn, this.pool.path);
  }

  sell(script: ForkScript, trader: Address, amountIn: bigint): ScriptedSwap {
    return this.swap(script, trader, amountIn, [...this.pool.path].reverse());
  }

  private swap(
    script: ForkScript,
    trader: Address,
    amountIn: bigint,
    path: Address[],
  ): ScriptedSwap {
    // Each swap in a block of its own, as sent transactions would be: a token that refuses a
    // buy and a sell in one block (against sandwiches) is no honeypot.
    script.wait(1n);
    const reserves = path.slice(0, -1).map((from, hop) =>
      script.call({
        from: trader,
        to: this.hop(from, path[hop + 1]!).pair,
        data: encodeFunctionData({ abi: pairAbi, functionName: 'getReserves' }),
      }),
    );
    const received = path[path.length - 1]!;
    const before = this.balanceOf(script, received, trader);
    const swap = script.call({
      from: trader,
      to: this.pool.dex.router,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [amountIn, 0n, path, trader, maxUint256],
      }),
    });
    const after = this.balanceOf(script, received, trader);
    return { amountIn, path, reserves, before, swap, after };
  }

  /** The trade a run made of a placed swap: what the pool math promised, what arrived. */
  trade(run: ScriptRun, placed: ScriptedSwap): Trade {
    const ok = run.of(placed.swap).ok;
    let expected: bigint | undefined = placed.amountIn;
    placed.path.slice(0, -1).forEach((from, hop) => {
      const reserves = run.of(placed.reserves[hop]!);
      if (expected === undefined || !reserves.ok) {
        expected = undefined;
        return;
      }
      const [r0, r1] = decodeFunctionResult({
        abi: pairAbi,
        functionName: 'getReserves',
        data: reserves.data,
      });
      const [reserveIn, reserveOut] =
        this.hop(from, placed.path[hop + 1]!).token0 === from ? [r0, r1] : [r1, r0];
      expected = getAmountOut(expected, reserveIn, reserveOut, this.pool.dex.feeBps);
    });
    const actual = ok ? this.amount(run, placed.after) - this.amount(run, placed.before) : 0n;
    return { ok, amountIn: placed.amountIn, expected: expected ?? 0n, actual };
  }

  amount(run: ScriptRun, handle: CallHandle): bigint {
    const outcome = run.of(handle);
    return outcome.ok
      ? decodeFunctionResult({ abi: erc20, functionName: 'balanceOf', data: outcome.data })
      : 0n;
  }

  smallBuyAmount(): bigint {
    return (this.pool.depth * SMALL_BUY_BPS) / 10_000n || 1n;
  }

  largeBuyAmount(): bigint {
    return (this.pool.depth * LARGE_BUY_BPS) / 10_000n || 1n;
  }

  /** A script with the three traders funded, each round's starting point. */
  fundedScript(): ForkScript {
    const script = this.script();
    this.fund(script, SMALL_TRADER, this.smallBuyAmount());
    this.fund(script, LARGE_TRADER, this.largeBuyAmount());
    this.fund(script, OTHER_TRADER, this.smallBuyAmount());
    return script;
  }

  /**
   * One quick round on top of `script` (left as it was), in one run: `trader` buys small,
   * waits (so a cooldown does not read as a tax) and sells `sellAmount` (a quarter of what the
   * first buy of the simulation delivered, the same in every round so taxes compare), then the
   * large trader buys large. With `mustSucceed`, a round whose call (a privileged one)
   * reverted has nothing to compare: undefined.
   */
  async round(script: ForkScript, trader: Address, sellAmount: bigint): Promise<TradeRound>;
  async round(
    script: ForkScript,
    trader: Address,
    sellAmount: bigint,
    mustSucceed: CallHandle,
  ): Promise<TradeRound | undefined>;
  async round(
    script: ForkScript,
    trader: Address,
    sellAmount: bigint,
    mustSucceed?: CallHandle,
  ): Promise<TradeRound | undefined> {
    const quick = script.fork();
    const buyPlaced = this.buy(quick, trader, this.smallBuyAmount());
    let sellPlaced: ScriptedSwap | undefined;
    if (sellAmount > 0n) {
      quick.wait(WAIT);
      sellPlaced = this.sell(quick, trader, sellAmount);
    }
    const largePlaced = this.buy(quick, LARGE_TRADER, this.largeBuyAmount());
    const run = await quick.run();
    if (mustSucceed && !run.of(mustSucceed).ok) return undefined;
    const buy = this.trade(run, buyPlaced);
    // A buy that delivered less than the amount sold makes the sell revert for want of
    // tokens, not because of the token: its tax is unknown then, not a honeypot's.
    const sell = sellPlaced && buy.actual >= sellAmount ? this.trade(run, sellPlaced) : undefined;
    return {
      buyTax: tax(buy),
      sellTax: sell ? tax(sell) : null,
      smallBuyOk: buy.ok,
      largeBuyOk: this.trade(run, largePlaced).ok,
      sellAmount,
    };
  }

  private hop(from: Address, to: Address): { pair: Address; token0: Address } {
    const found = this.hops.get(`${from}:${to}`);
    if (!found) throw new Error(`No pool read for ${from} → ${to}`);
    return found;
  }
}

/**
 * 1 − what arrived / what the pool promised, in [0, 1], to a millionth; unknown when the trade
 * reverted or the pool's reserves could not be read (never a 0 % tax by default).
 */
function tax(trade: Trade): number | null {
  if (!trade.ok || trade.expected <= 0n) return null;
  if (trade.actual >= trade.expected) return 0;
  return 1 - Number((trade.actual * 1_000_000n) / trade.expected) / 1_000_000;
}

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

/**
 * Buys and sells the token on the fork (state reverted afterwards). Amounts in the evidence are
 * base units: wrapped native coin for buys' input and sells' output, tokens otherwise.
 */
export async function simulateTrading(
  forkRpcUrl: string,
  head: ForkHead,
  token: Address,
  pool: TokenPool,
): Promise<TradingSimulation> {
  const fork = new ScriptedTrader(forkRpcUrl, head, token, pool);
  const evidence: Partial<Record<SimulatedField, EvidenceItem[]>> = {};
  const add = (field: SimulatedField, ...items: EvidenceItem[]) => {
    (evidence[field] ??= []).push(...items);
  };
  const step = (
    name: Extract<EvidenceItem, { kind: 'simulation' }>['step'],
    trade: Trade,
    detail?: string,
  ): EvidenceItem => ({
    kind: 'simulation',
    pool: pool.pair,
    step: name,
    outcome: trade.ok ? 'ok' : 'reverted',
    amountIn: trade.amountIn.toString(),
    expectedOut: trade.expected.toString(),
    ...(trade.ok ? { actualOut: trade.actual.toString() } : {}),
    ...(detail ? { detail } : {}),
  });
  const fields: TradingSimulation['fields'] = {
    is_in_dex: 1,
    cannot_buy: null,
    buy_tax: null,
    sell_tax: null,
    is_honeypot: null,
    cannot_sell_all: null,
    trading_cooldown: null,
    is_anti_whale: null,
  };
  add('is_in_dex', {
    kind: 'checked',
    address: pool.pair,
    detail: `pool of the token and ${pool.quote} on ${pool.dex.name}`,
  });
  const failed = (...names: SimulatedField[]) => {
    for (const name of names) add(name, { kind: 'not-measured', reason: 'simulation-failed' });
  };

  const script = fork.script();
  const small = fork.smallBuyAmount();
  fork.fund(script, SMALL_TRADER, small);
  const buyPlaced = fork.buy(script, SMALL_TRADER, small);
  const buy = fork.trade(await script.run(), buyPlaced);
  const buyTax = tax(buy);
  // The quick round the privileged calls are compared with, on the state before any trade,
  // runs beside the rest of the simulation.
  const baselineRound = fork.round(
    fork.fundedScript(),
    SMALL_TRADER,
    buy.ok ? buy.actual / 4n : 0n,
  );
  baselineRound.catch(() => undefined);
  if (!buy.ok || buy.actual === 0n) {
    fields.cannot_buy = 1;
    add('cannot_buy', step('buy', buy, 'the buy reverted or delivered no tokens'));
    failed('buy_tax', 'sell_tax', 'is_honeypot', 'cannot_sell_all', 'trading_cooldown');
  } else {
    fields.cannot_buy = 0;
    add('cannot_buy', step('buy', buy));
    fields.buy_tax = buyTax;
    if (buyTax === null) failed('buy_tax');
    else add('buy_tax', step('buy', buy, `${percent(buyTax)} of the promised tokens withheld`));

    // The first sell, right after the buy; a revert may be a cooldown: wait and try once more.
    const half = buy.actual / 2n || 1n;
    let sellPlaced = fork.sell(script, SMALL_TRADER, half);
    let rest = fork.balanceOf(script, token, SMALL_TRADER);
    let run = await script.run();
    let sell = fork.trade(run, sellPlaced);
    let sellStep: 'sell' | 'sell-after-wait' = 'sell';
    let waitedForFirstSell = false;
    if (!sell.ok) {
      add('is_honeypot', step('sell', sell));
      script.wait(WAIT);
      sellPlaced = fork.sell(script, SMALL_TRADER, half);
      rest = fork.balanceOf(script, token, SMALL_TRADER);
      run = await script.run();
      sell = fork.trade(run, sellPlaced);
      sellStep = 'sell-after-wait';
      waitedForFirstSell = sell.ok;
    }
    const sellTax = tax(sell);
    if (!sell.ok) {
      fields.sell_tax = 1;
      fields.is_honeypot = 1;
      const words = `the sell reverted, also after waiting ${WAIT_SECONDS} s`;
      add('sell_tax', step(sellStep, sell, words));
      add('is_honeypot', step(sellStep, sell, words));
      // Waiting did not help, so what stops the sell is no cooldown.
      fields.trading_cooldown = 0;
      add('trading_cooldown', step(sellStep, sell, `${words}: waiting does not help`));
      failed('cannot_sell_all');
    } else {
      if (sellTax === null) failed('sell_tax', 'is_honeypot');
      else {
        fields.sell_tax = sellTax;
        const words = `${percent(sellTax)} of the promised wrapped coin withheld`;
        add('sell_tax', step(sellStep, sell, words));
        fields.is_honeypot = sellTax >= HONEYPOT_SELL_TAX ? 1 : 0;
        add('is_honeypot', step(sellStep, sell, words));
      }

      // A second sell right away: a cooldown stops it, waiting lets it through.
      let cooldown: Flag = waitedForFirstSell ? 1 : null;
      if (waitedForFirstSell)
        add(
          'trading_cooldown',
          step(
            'sell-after-wait',
            sell,
            `the sell right after the buy reverted; after ${WAIT_SECONDS} s it went through`,
          ),
        );
      const quarter = fork.amount(run, rest) / 2n || 1n;
      const secondPlaced = fork.sell(script, SMALL_TRADER, quarter);
      // Then the whole balance, after any cooldown has passed. Read in the same run as the
      // second sell, for when it goes through (most tokens); after a wait and a retry else.
      let tail = script.fork();
      tail.wait(WAIT);
      let allRead = fork.balanceOf(tail, token, SMALL_TRADER);
      run = await tail.run();
      const second = fork.trade(run, secondPlaced);
      if (second.ok) {
        cooldown ??= 0;
        add('trading_cooldown', step('second-sell', second));
      } else {
        tail = script;
        tail.wait(WAIT);
        const againPlaced = fork.sell(tail, SMALL_TRADER, quarter);
        tail.wait(WAIT);
        allRead = fork.balanceOf(tail, token, SMALL_TRADER);
        run = await tail.run();
        const again = fork.trade(run, againPlaced);
        if (again.ok) {
          cooldown = 1;
          add(
            'trading_cooldown',
            step('second-sell', second),
            step('sell-after-wait', again, `went through after waiting ${WAIT_SECONDS} s`),
          );
        } else add('trading_cooldown', step('second-sell', second), step('sell-after-wait', again));
      }
      fields.trading_cooldown = cooldown;

      // The whole balance, then 99 % of it.
      const all = fork.amount(run, allRead);
      if (all > 1n) {
        const allScript = tail.fork();
        const sellAllPlaced = fork.sell(allScript, SMALL_TRADER, all);
        const sellAll = fork.trade(await allScript.run(), sellAllPlaced);
        if (sellAll.ok) {
          fields.cannot_sell_all = 0;
          add('cannot_sell_all', step('sell-all', sellAll));
        } else {
          const mostPlaced = fork.sell(tail, SMALL_TRADER, (all * 99n) / 100n);
          const most = fork.trade(await tail.run(), mostPlaced);
          fields.cannot_sell_all = most.ok ? 1 : null;
          add('cannot_sell_all', step('sell-all', sellAll), step('sell-99', most));
        }
      } else failed('cannot_sell_all');
    }
  }

  // Anti-whale: a large buy by a fresh address, on the state before any trade.
  const baseline = await baselineRound;
  if (baseline.smallBuyOk) {
    fields.is_anti_whale = baseline.largeBuyOk ? 0 : 1;
    add('is_anti_whale', {
      kind: 'simulation',
      pool: pool.pair,
      step: 'large-buy',
      outcome: baseline.largeBuyOk ? 'ok' : 'reverted',
      amountIn: fork.largeBuyAmount().toString(),
      detail: baseline.largeBuyOk
        ? `a buy of ${LARGE_BUY_BPS / 100n} % of the pool's depth went through`
        : `a buy of ${LARGE_BUY_BPS / 100n} % of the pool's depth reverted while one of ${Number(SMALL_BUY_BPS) / 100} % went through`,
    });
  } else failed('is_anti_whale');
  if (baseline.smallBuyOk && baseline.largeBuyOk) {
    const transferred = await largeTransfer(fork);
    if (transferred?.smallOk) {
      if (!transferred.largeOk) fields.is_anti_whale = 1;
      add('is_anti_whale', {
        kind: 'simulation',
        pool: pool.pair,
        step: 'large-transfer',
        outcome: transferred.largeOk ? 'ok' : 'reverted',
        amountIn: transferred.amount.toString(),
        detail: transferred.largeOk
          ? 'the tokens of the large buy could be sent on to a fresh address'
          : 'sending on the tokens of the large buy reverted while a hundredth of them went through',
      });
    }
  }
  return { fields, evidence, baseline };
}

/**
 * A limit that only a transfer meets (a maximum per transaction or per wallet on transfers,
 * not on buys): the large trader buys large, waits, sends a hundredth of what arrived to one
 * fresh address, then the rest to another. Undefined when the buy delivered too little to try.
 */
async function largeTransfer(
  fork: ScriptedTrader,
): Promise<{ smallOk: boolean; largeOk: boolean; amount: bigint } | undefined> {
  const script = fork.fundedScript();
  const buy = fork.buy(script, LARGE_TRADER, fork.largeBuyAmount());
  const bought = fork.trade(await script.run(), buy);
  if (!bought.ok || bought.actual < 100n) return undefined;
  const small = bought.actual / 100n;
  const send = (to: Address, amount: bigint) => {
    script.wait(WAIT);
    return script.call({
      from: LARGE_TRADER,
      to: fork.token,
      data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, amount] }),
    });
  };
  const smallSent = send(fresh('small recipient'), small);
  const largeSent = send(fresh('large recipient'), bought.actual - small);
  const run = await script.run();
  return {
    smallOk: transferSucceeded(run.of(smallSent)),
    largeOk: transferSucceeded(run.of(largeSent)),
    amount: bought.actual - small,
  };
}

export interface TradingPrivileges {
  fields: Pick<SecurityReport, ModifiableField>;
  evidence: Record<ModifiableField, EvidenceItem[]>;
  calls: number;
}

/** Typical values for the tax and limit setters: off, a basis point, a quarter, everything. */
function typicalValues(type: string, holder: Address): unknown[] | undefined {
  if (type === 'address') return [holder];
  if (type === 'bool') return [true, false];
  const uint = /^uint(\d*)$/.exec(type);
  if (uint) {
    const max = (1n << BigInt(uint[1] || 256)) - 1n;
    return [1n, 25n, 2_500n, max < HUGE ? max : HUGE].filter((value) => value <= max);
  }
  return undefined;
}

function combinations(fn: ContractFunction, holder: Address): unknown[][] | undefined {
  const types = fn.arguments ? fn.arguments.split(',') : [];
  if (types.length > 3) return undefined;
  let all: unknown[][] = [[]];
  for (const type of types) {
    const values = typicalValues(type, holder);
    if (!values) return undefined;
    all = all.flatMap((prefix) => values.map((value) => [...prefix, value]));
  }
  return all;
}

/**
 * Which privileged calls change the trading: each caller the privilege probe found calls each
 * non-standard function (typical tax and limit arguments), then a quick round of trades runs
 * again. `slippage_modifiable` when a measured tax moves to another non-zero value (a call that
 * only points the token at another pair switches every tax off: that is not a tax switch);
 * `personal_slippage_modifiable` when it moves for the trader the call named and not for another;
 * `anti_whale_modifiable` when the large buy's outcome flips while a small buy still works.
 */
export async function probeTradingPrivileges(
  forkRpcUrls: readonly string[],
  head: ForkHead,
  token: Address,
  pool: TokenPool,
  callers: readonly { address: Address; roles: string[] }[],
  functions: readonly ContractFunction[],
  baseline: TradeRound,
): Promise<TradingPrivileges> {
  const evidence: Record<ModifiableField, EvidenceItem[]> = {
    slippage_modifiable: [],
    personal_slippage_modifiable: [],
    anti_whale_modifiable: [],
  };
  const decided = (field: ModifiableField, measured: boolean): Flag =>
    evidence[field].some((item) => item.kind === 'simulation') ? 1 : measured ? 0 : null;
  if (callers.length === 0) {
    for (const field of MODIFIABLE_FIELDS)
      evidence[field].push({
        kind: 'checked',
        address: token,
        detail:
          'no privileged caller found (no owner, no address the code checks the caller against)',
      });
    return {
      fields: { slippage_modifiable: 0, personal_slippage_modifiable: 0, anti_whale_modifiable: 0 },
      evidence,
      calls: 0,
    };
  }
  // The calls are shared out between the forks given and run side by side, each on a script
  // of its own from the same funded traders; the evidence is listed in the calls' order, so it
  // does not depend on which fork ran a call.
  const forks = forkRpcUrls.map((url) => new ScriptedTrader(url, head, token, pool));
  const main = forks[0]!;
  let calls = 0;
  let complete = true;
  // Address arguments name the small trader, whose taxes the round measures: a per-address
  // tax setter then shows on that trader and not on another one.
  const holder = SMALL_TRADER;
  // Each call is tried on its own, so whether it is allowed is asked of all at once.
  const attempts: { caller: Address; fn: ContractFunction; args: unknown[]; data: Hex }[] = [];
  collect: for (const { address: caller } of callers) {
    for (const fn of functions) {
      if (fn.stateMutability === 'view' || fn.stateMutability === 'pure') continue;
      if (STANDARD_OR_RENOUNCE.has(fn.selector)) continue;
      const types = fn.arguments ? parseAbiParameters(fn.arguments) : [];
      for (const args of combinations(fn, holder) ?? []) {
        if (calls >= MAX_PRIVILEGED_CALLS) {
          complete = false;
          break collect;
        }
        calls += 1;
        const data = concatHex([fn.selector, encodeAbiParameters(types, args as never)]);
        attempts.push({ caller, fn, args, data });
      }
    }
  }
  let nodeFailures = 0;
  const allowed = await Promise.all(
    attempts.map(({ caller, data }) =>
      main.client.call({ account: caller, to: token, data }).then(
        () => true,
        (error: unknown) => {
          // A node's own failure decides nothing: the fields stay undecided, and say why.
          if (!isContractAnswer(error)) nodeFailures += 1;
          return false;
        },
      ),
    ),
  );
  if (nodeFailures > 0) complete = false;
  const queue = attempts
    .map((attempt, index) => ({ ...attempt, index }))
    .filter(({ index }) => allowed[index]);
  const found: Partial<Record<ModifiableField, EvidenceItem>>[] = [];

  const tryCall = async (
    fork: ScriptedTrader,
    { caller, fn, args, data, index }: (typeof queue)[number],
  ) => {
    const result: Partial<Record<ModifiableField, EvidenceItem>> = {};
    found[index] = result;
    const types = fn.arguments ? parseAbiParameters(fn.arguments) : [];
    const funded = fork.fundedScript();
    const withCall = funded.fork();
    const sent = withCall.call({ from: caller, to: token, data });
    const after = await fork.round(withCall, SMALL_TRADER, baseline.sellAmount, sent);
    if (!after) return;
    const call = `${caller} called ${fn.selector}(${args.map(String).join(', ')})`;
    const changed = (before: number | null, now: number | null) =>
      before !== null && now !== null && now > 0 && Math.abs(now - before) > TAX_CHANGE;
    const taxChanged = (round: TradeRound) =>
      changed(baseline.buyTax, round.buyTax) || changed(baseline.sellTax, round.sellTax);
    if (taxChanged(after)) {
      const other = (await fork.round(withCall, OTHER_TRADER, baseline.sellAmount))!;
      let personal = false;
      if (!taxChanged(other) && args.includes(SMALL_TRADER)) {
        // Per address only if naming someone else leaves everyone's trading alone: a call that
        // made the trader "the pair" (every trade with it taxed as a sell) would otherwise
        // pass for a personal tax.
        const elsewhere = args.map((arg) => (arg === SMALL_TRADER ? STRANGER : arg));
        const withStranger = funded.fork();
        const strangerSent = withStranger.call({
          from: caller,
          to: token,
          data: concatHex([fn.selector, encodeAbiParameters(types, elsewhere as never)]),
        });
        const strangerRound = await fork.round(
          withStranger,
          OTHER_TRADER,
          baseline.sellAmount,
          strangerSent,
        );
        personal = strangerRound !== undefined && !anyTaxDiffers(baseline, strangerRound);
      }
      const global = taxChanged(other);
      // A change for the named trader alone that is no per-address tax is neither.
      if (global || personal)
        result[personal ? 'personal_slippage_modifiable' : 'slippage_modifiable'] = {
          kind: 'simulation',
          pool: pool.pair,
          step: 'privileged-call',
          outcome: 'ok',
          detail: `${call}: buy tax ${show(baseline.buyTax)} → ${show(after.buyTax)}, sell tax ${show(baseline.sellTax)} → ${show(after.sellTax)}${personal ? ` for ${SMALL_TRADER} only` : ''}`,
        };
    }
    if (baseline.smallBuyOk && after.smallBuyOk && after.largeBuyOk !== baseline.largeBuyOk)
      result.anti_whale_modifiable = {
        kind: 'simulation',
        pool: pool.pair,
        step: 'privileged-call',
        outcome: 'ok',
        detail: `${call}: the large buy ${baseline.largeBuyOk ? 'went through' : 'reverted'} before and ${after.largeBuyOk ? 'goes through' : 'reverts'} after`,
      };
  };
  // A few scripts at a time per fork: each run is a short burst of work for Anvil.
  // Two scripts at a time per fork.
  await runSideBySide(
    queue,
    forks.flatMap((fork) => {
      const worker = () => (attempt: (typeof queue)[number]) => tryCall(fork, attempt);
      return [worker, worker];
    }),
  );
  for (const result of found)
    for (const field of MODIFIABLE_FIELDS) {
      const item = result?.[field];
      if (item) evidence[field].push(item);
    }

  // A honeypot's sell has no tax to compare, its buy still has.
  const taxesMeasured = (baseline.buyTax !== null || baseline.sellTax !== null) && complete;
  const limitMeasured = baseline.smallBuyOk && complete;
  const fields = {
    slippage_modifiable: decided('slippage_modifiable', taxesMeasured),
    personal_slippage_modifiable: decided('personal_slippage_modifiable', taxesMeasured),
    anti_whale_modifiable: decided('anti_whale_modifiable', limitMeasured),
  };
  const callerList = callers.map((caller) => caller.address).join(', ');
  for (const field of MODIFIABLE_FIELDS) {
    if (fields[field] === 0)
      evidence[field].push({
        kind: 'checked',
        address: token,
        detail: `${calls} calls by ${callerList} on the fork, each followed by a buy and a sell, did not do it`,
      });
    if (fields[field] === null)
      evidence[field].push({
        kind: 'not-measured',
        reason: complete ? 'simulation-failed' : nodeFailures > 0 ? 'node-failed' : 'budget',
      });
  }
  return { fields, evidence, calls };
}

const STRANGER = fresh('stranger');

/** Any tax that moved or that now reverts (or no longer does). */
function anyTaxDiffers(before: TradeRound, after: TradeRound): boolean {
  const differs = (a: number | null, b: number | null) =>
    a === null || b === null ? a !== b : Math.abs(a - b) > TAX_CHANGE;
  return differs(before.buyTax, after.buyTax) || differs(before.sellTax, after.sellTax);
}

const show = (value: number | null) => (value === null ? 'reverted' : percent(value));

const STANDARD_OR_RENOUNCE = new Set<string>([
  '0xa9059cbb', // transfer
  '0x23b872dd', // transferFrom
  '0x095ea7b3', // approve
  '0x39509351', // increaseAllowance
  '0xa457c2d7', // decreaseAllowance
  '0xd505accf', // permit
  '0x715018a6', // renounceOwnership: the owner leaving changes no tax
  '0xf2fde38b', // transferOwnership
]);
