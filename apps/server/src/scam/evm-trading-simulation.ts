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
  createTestClient,
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
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import type { ContractFunction } from './evm-code-analysis';

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
    return getAddress(token0) === side ? [r0, r1] : [r1, r0];
  };
  for (const dex of dexes) {
    const wrapped = getAddress(dex.wrappedNative);
    const quotes = [...new Set([wrapped, ...dex.quoteTokens.map((q) => getAddress(q))])].filter(
      (quote) => quote !== token,
    );
    for (const quote of quotes) {
      const pair = await getPair(dex, token, quote);
      if (!pair) continue;
      const [quoteReserve] = await reservesOf(pair, quote).catch(() => [0n, 0n]);
      let depth = 0n;
      let path: Address[] = [wrapped, token];
      if (quote === wrapped) depth = quoteReserve ?? 0n;
      else {
        // Priced in the wrapped native coin through the quote's own pool on the same DEX.
        path = [wrapped, quote, token];
        const bridge = await getPair(dex, quote, wrapped);
        if (bridge) {
          const [q, w] = await reservesOf(bridge, quote).catch(() => [0n, 0n]);
          depth = q && w && q > 0n ? ((quoteReserve ?? 0n) * w) / q : 0n;
        }
      }
      pools.push({ dex, pair, quote, path, depth });
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

/** Talks to the fork: sends as anyone, trades through the pool, measures. */
class ForkTrader {
  readonly client: PublicClient;
  readonly test;
  private traders = 0;
  /** Pair and token0 of each hop: they never change, only the reserves do. */
  private readonly hops = new Map<string, Promise<{ pair: Address; token0: Address }>>();

  constructor(
    forkRpcUrl: string,
    readonly token: Address,
    readonly pool: TokenPool,
  ) {
    // Reads made together go in one HTTP request (JSON-RPC batch).
    const transport = http(forkRpcUrl, { retryCount: 0, batch: true });
    this.client = createPublicClient({ transport });
    this.test = createTestClient({ mode: 'anvil', transport });
  }

  get wrapped(): Address {
    return this.pool.path[0]!;
  }

  async send(from: Address, to: Address, data: Hex, value = 0n): Promise<boolean> {
    try {
      const hash: Hash = await this.test.sendUnsignedTransaction({
        from,
        to,
        data,
        value,
        gas: 3_000_000n,
      });
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const receipt = await this.client.getTransactionReceipt({ hash }).catch(() => undefined);
        if (receipt) return receipt.status === 'success';
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return (
        (await this.client.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status ===
        'success'
      );
    } catch {
      return false;
    }
  }

  balance(asset: Address, account: Address): Promise<bigint> {
    return this.client
      .readContract({ address: asset, abi: erc20, functionName: 'balanceOf', args: [account] })
      .catch(() => 0n);
  }

  /** A fresh address with `wrappedAmount` of the wrapped native coin and both approvals. */
  async newTrader(wrappedAmount: bigint): Promise<Address> {
    this.traders += 1;
    const trader = fresh(`trader ${this.traders}`);
    await this.test.setBalance({ address: trader, value: wrappedAmount + 10n ** 20n });
    const deposit = encodeFunctionData({ abi: erc20, functionName: 'deposit' });
    const approve = encodeFunctionData({
      abi: erc20,
      functionName: 'approve',
      args: [this.pool.dex.router, maxUint256],
    });
    await this.send(trader, this.wrapped, deposit, wrappedAmount);
    await this.send(trader, this.wrapped, approve);
    await this.send(trader, this.token, approve);
    return trader;
  }

  /** What the pool math promises for `amountIn` along `path` at the fork's current reserves. */
  async promised(amountIn: bigint, path: Address[]): Promise<bigint> {
    const steps = await Promise.all(
      path.slice(0, -1).map(async (from, hop) => {
        const to = path[hop + 1]!;
        const { pair, token0 } = await this.hop(from, to);
        const [r0, r1] = await this.client.readContract({
          address: pair,
          abi: pairAbi,
          functionName: 'getReserves',
        });
        return { from, token0, r0, r1 };
      }),
    );
    let amount = amountIn;
    for (const { from, token0, r0, r1 } of steps) {
      const [reserveIn, reserveOut] = token0 === from ? [r0, r1] : [r1, r0];
      amount = getAmountOut(amount, reserveIn, reserveOut, this.pool.dex.feeBps);
    }
    return amount;
  }

  private hop(from: Address, to: Address): Promise<{ pair: Address; token0: Address }> {
    const key = `${from}:${to}`;
    let found = this.hops.get(key);
    if (!found) {
      found = (async () => {
        const pair = await this.client.readContract({
          address: this.pool.dex.factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [from, to],
        });
        const token0 = await this.client.readContract({
          address: pair,
          abi: pairAbi,
          functionName: 'token0',
        });
        return { pair, token0: getAddress(token0) };
      })();
      // A failed read is asked again next time.
      found.catch(() => this.hops.delete(key));
      this.hops.set(key, found);
    }
    return found;
  }

  private async swap(trader: Address, amountIn: bigint, path: Address[]): Promise<Trade> {
    const received = path[path.length - 1]!;
    const [expected, before] = await Promise.all([
      this.promised(amountIn, path).catch(() => 0n),
      this.balance(received, trader),
    ]);
    const ok = await this.send(
      trader,
      this.pool.dex.router,
      encodeFunctionData({
        abi: routerAbi,
        functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
        args: [amountIn, 0n, path, trader, maxUint256],
      }),
    );
    const actual = ok ? (await this.balance(received, trader)) - before : 0n;
    return { ok, amountIn, expected, actual };
  }

  buy(trader: Address, amountIn: bigint): Promise<Trade> {
    return this.swap(trader, amountIn, this.pool.path);
  }

  sell(trader: Address, amountIn: bigint): Promise<Trade> {
    return this.swap(trader, amountIn, [...this.pool.path].reverse());
  }

  async wait(): Promise<void> {
    await this.test.increaseTime({ seconds: WAIT_SECONDS });
    await this.test.mine({ blocks: 1 });
  }

  smallBuyAmount(): bigint {
    return (this.pool.depth * SMALL_BUY_BPS) / 10_000n || 1n;
  }

  largeBuyAmount(): bigint {
    return (this.pool.depth * LARGE_BUY_BPS) / 10_000n || 1n;
  }

  /**
   * One quick round, reverted afterwards: a small buy, a wait (so a cooldown does not read as a
   * tax), a sell of half, and a large buy by another address. Traders are funded beforehand.
   */
  async round(small: Address, large: Address): Promise<TradeRound> {
    const snapshot = await this.test.snapshot();
    try {
      const buy = await this.buy(small, this.smallBuyAmount());
      let sellTax: number | null = null;
      if (buy.ok && buy.actual > 0n) {
        await this.wait();
        const sell = await this.sell(small, buy.actual / 2n || 1n);
        sellTax = sell.ok ? tax(sell) : null;
      }
      const largeBuy = await this.buy(large, this.largeBuyAmount());
      return {
        buyTax: buy.ok ? tax(buy) : null,
        sellTax,
        smallBuyOk: buy.ok,
        largeBuyOk: largeBuy.ok,
      };
    } finally {
      await this.test.revert({ id: snapshot });
    }
  }
}

/** 1 − what arrived / what the pool promised, in [0, 1], to a millionth. */
function tax(trade: Trade): number {
  if (trade.expected <= 0n) return 0;
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
  token: Address,
  pool: TokenPool,
): Promise<TradingSimulation> {
  const fork = new ForkTrader(forkRpcUrl, token, pool);
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

  let snapshot = await fork.test.snapshot();
  let baseline: TradeRound;
  try {
    const small = fork.smallBuyAmount();
    const trader = await fork.newTrader(small);
    const buy = await fork.buy(trader, small);
    if (!buy.ok || buy.actual === 0n) {
      fields.cannot_buy = 1;
      add('cannot_buy', step('buy', buy, 'the buy reverted or delivered no tokens'));
      failed('buy_tax', 'sell_tax', 'is_honeypot', 'cannot_sell_all', 'trading_cooldown');
    } else {
      fields.cannot_buy = 0;
      add('cannot_buy', step('buy', buy));
      fields.buy_tax = tax(buy);
      add(
        'buy_tax',
        step('buy', buy, `${percent(fields.buy_tax)} of the promised tokens withheld`),
      );

      // The first sell, right after the buy; a revert may be a cooldown: wait and try once more.
      let sell = await fork.sell(trader, buy.actual / 2n || 1n);
      let sellStep: 'sell' | 'sell-after-wait' = 'sell';
      let waitedForFirstSell = false;
      if (!sell.ok) {
        add('is_honeypot', step('sell', sell));
        await fork.wait();
        sell = await fork.sell(trader, buy.actual / 2n || 1n);
        sellStep = 'sell-after-wait';
        waitedForFirstSell = sell.ok;
      }
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
        fields.sell_tax = tax(sell);
        const words = `${percent(fields.sell_tax)} of the promised wrapped coin withheld`;
        add('sell_tax', step(sellStep, sell, words));
        fields.is_honeypot = fields.sell_tax >= HONEYPOT_SELL_TAX ? 1 : 0;
        add('is_honeypot', step(sellStep, sell, words));

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
        const rest = await fork.balance(token, trader);
        const second = await fork.sell(trader, rest / 2n || 1n);
        if (second.ok) {
          cooldown ??= 0;
          add('trading_cooldown', step('second-sell', second));
        } else {
          await fork.wait();
          const again = await fork.sell(trader, rest / 2n || 1n);
          if (again.ok) {
            cooldown = 1;
            add(
              'trading_cooldown',
              step('second-sell', second),
              step('sell-after-wait', again, `went through after waiting ${WAIT_SECONDS} s`),
            );
          } else
            add('trading_cooldown', step('second-sell', second), step('sell-after-wait', again));
        }
        fields.trading_cooldown = cooldown;

        // The whole balance, then 99 % of it, after any cooldown has passed.
        await fork.wait();
        const all = await fork.balance(token, trader);
        if (all > 1n) {
          const sellAll = await fork.sell(trader, all);
          if (sellAll.ok) {
            fields.cannot_sell_all = 0;
            add('cannot_sell_all', step('sell-all', sellAll));
          } else {
            const most = await fork.sell(trader, (all * 99n) / 100n);
            fields.cannot_sell_all = most.ok ? 1 : null;
            add('cannot_sell_all', step('sell-all', sellAll), step('sell-99', most));
          }
        } else failed('cannot_sell_all');
      }
    }
    await fork.test.revert({ id: snapshot });
    snapshot = await fork.test.snapshot();

    // Anti-whale: a large buy by a fresh address, on the state before any trade.
    const smallTrader = await fork.newTrader(fork.smallBuyAmount());
    const largeTrader = await fork.newTrader(fork.largeBuyAmount());
    baseline = await fork.round(smallTrader, largeTrader);
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
  } finally {
    await fork.test.revert({ id: snapshot }).catch(() => undefined);
  }
  return { fields, evidence, baseline };
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
  // The calls are shared out between the forks given (each at the scan's block, each with the
  // same traders, funded alike) and run side by side; the evidence is listed in the calls'
  // order, so it does not depend on which fork ran a call.
  const forks = forkRpcUrls.map((url) => new ForkTrader(url, token, pool));
  const main = forks[0]!;
  let calls = 0;
  let complete = true;
  // The small trader, the first each fork funds: address arguments name it.
  const holder = fresh('trader 1');
  // Each call is reverted before the next, so whether it is allowed is asked of all at once.
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
  const allowed = await Promise.all(
    attempts.map(({ caller, data }) =>
      main.client.call({ account: caller, to: token, data }).then(
        () => true,
        () => false,
      ),
    ),
  );
  const queue = attempts
    .map((attempt, index) => ({ ...attempt, index }))
    .filter(({ index }) => allowed[index]);
  const found: Partial<Record<ModifiableField, EvidenceItem>>[] = [];

  const work = async (fork: ForkTrader) => {
    const start = await fork.test.snapshot();
    try {
      const smallTrader = await fork.newTrader(fork.smallBuyAmount());
      const largeTrader = await fork.newTrader(fork.largeBuyAmount());
      // Address arguments name the trader whose taxes are measured: a per-address tax setter
      // then shows on that trader and not on another one.
      const otherTrader = await fork.newTrader(fork.smallBuyAmount());
      await Promise.all(
        callers.map(({ address }) => fork.test.setBalance({ address, value: 10n ** 20n })),
      );
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { caller, fn, args, data, index } = next;
        const result: Partial<Record<ModifiableField, EvidenceItem>> = {};
        found[index] = result;
        const types = fn.arguments ? parseAbiParameters(fn.arguments) : [];
        let snapshot = await fork.test.snapshot();
        try {
          if (!(await fork.send(caller, token, data))) continue;
          const after = await fork.round(smallTrader, largeTrader);
          const call = `${caller} called ${fn.selector}(${args.map(String).join(', ')})`;
          const changed = (before: number | null, now: number | null) =>
            before !== null && now !== null && now > 0 && Math.abs(now - before) > TAX_CHANGE;
          const taxChanged = (round: TradeRound) =>
            changed(baseline.buyTax, round.buyTax) || changed(baseline.sellTax, round.sellTax);
          if (taxChanged(after)) {
            const other = await fork.round(otherTrader, largeTrader);
            let personal = false;
            if (!taxChanged(other) && args.includes(smallTrader)) {
              // Per address only if naming someone else leaves everyone's trading alone: a
              // call that made the trader "the pair" (every trade with it taxed as a sell)
              // would otherwise pass for a personal tax.
              await fork.test.revert({ id: snapshot });
              snapshot = await fork.test.snapshot();
              const elsewhere = args.map((arg) => (arg === smallTrader ? STRANGER : arg));
              const strangerData = concatHex([
                fn.selector,
                encodeAbiParameters(types, elsewhere as never),
              ]);
              personal =
                (await fork.send(caller, token, strangerData)) &&
                !anyTaxDiffers(baseline, await fork.round(otherTrader, largeTrader));
            }
            const global = taxChanged(other);
            // A change for the named trader alone that is no per-address tax is neither.
            if (global || personal)
              result[personal ? 'personal_slippage_modifiable' : 'slippage_modifiable'] = {
                kind: 'simulation',
                pool: pool.pair,
                step: 'privileged-call',
                outcome: 'ok',
                detail: `${call}: buy tax ${show(baseline.buyTax)} → ${show(after.buyTax)}, sell tax ${show(baseline.sellTax)} → ${show(after.sellTax)}${personal ? ` for ${smallTrader} only` : ''}`,
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
        } finally {
          await fork.test.revert({ id: snapshot });
        }
      }
    } finally {
      await fork.test.revert({ id: start }).catch(() => undefined);
    }
  };
  await Promise.all(forks.map(work));
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
        reason: complete ? 'simulation-failed' : 'budget',
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
