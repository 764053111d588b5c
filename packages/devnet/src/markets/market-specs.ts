import type { DevnetEvmChainId } from '../chains';

/**
 * What the local markets hold, as data: the tokens listed on each local mainnet-id chain, their
 * prices, and the pools with their liquidity and what became of their LP shares. Deployment
 * (`deploy-markets.ts`) reads this; change a number here and a fresh data dir gets it.
 *
 * The tokens are made up (names and symbols of no real asset, like USDV and VLT) and priced in
 * USD as decimal strings; a pool's two sides are each worth half its liquidity at those prices,
 * the native coin and USDV priced by the devnet price table.
 */

/** The chains with markets: those of the spec with a mainnet id (testnets stay light). */
export const MARKET_CHAIN_IDS = [1, 56, 137, 43114] as const satisfies readonly DevnetEvmChainId[];
export type MarketChainId = (typeof MARKET_CHAIN_IDS)[number];

export function isMarketChainId(chainId: number): chainId is MarketChainId {
  return (MARKET_CHAIN_IDS as readonly number[]).includes(chainId);
}

/** The wrapped native coin of each market chain (`contracts/WrappedNative.sol`). */
export const WRAPPED_NATIVE: Record<MarketChainId, { name: string; symbol: string }> = {
  1: { name: 'Wrapped Ether', symbol: 'WETH' },
  56: { name: 'Wrapped BNB', symbol: 'WBNB' },
  137: { name: 'Wrapped Matic', symbol: 'WMATIC' },
  43114: { name: 'Wrapped AVAX', symbol: 'WAVAX' },
};

export interface MarketTokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  /** USD per whole token. */
  priceUsd: string;
  /** Whole tokens minted to the devnet owner (the "deployer"), pools' shares included. */
  supply: bigint;
}

/** Where a pool's LP shares go after the first liquidity; the rest stays with the owner. */
export interface LpPlan {
  /** Basis points of the owner's LP shares sent to 0x…dEaD, out of anyone's reach. */
  burnBps: number;
  /** Basis points of the owner's LP shares put in the time lock. */
  lockBps: number;
  /** How long the lock holds them. */
  lockDays: number;
}

export interface PoolSpec {
  /** The listed token (a market token's symbol, or `VLT`/`USDV` of the base tokens). */
  base: string;
  /** What it trades against: the chain's wrapped native coin, or USDV. */
  quote: 'native' | 'USDV';
  /** Total USD value of both sides at the first deposit. */
  liquidityUsd: number;
  lp: LpPlan;
}

const KEEP: LpPlan = { burnBps: 0, lockBps: 0, lockDays: 0 };
const BURN_ALL: LpPlan = { burnBps: 10_000, lockBps: 0, lockDays: 0 };

export const MARKET_TOKEN_SPECS = [
  { symbol: 'ORBT', name: 'Orbit Relay', decimals: 18, priceUsd: '1.20', supply: 100_000_000n },
  { symbol: 'FERN', name: 'Fernwood', decimals: 18, priceUsd: '0.045', supply: 1_000_000_000n },
  { symbol: 'KELP', name: 'Kelp Network', decimals: 18, priceUsd: '3.75', supply: 21_000_000n },
  {
    symbol: 'BRIX',
    name: 'Brixton Labs',
    decimals: 9,
    priceUsd: '0.0021',
    supply: 10_000_000_000n,
  },
  { symbol: 'MOSS', name: 'Mossgate', decimals: 18, priceUsd: '12.40', supply: 5_000_000n },
  { symbol: 'TIDE', name: 'Tideline', decimals: 6, priceUsd: '0.31', supply: 500_000_000n },
  { symbol: 'QRTZ', name: 'Quartz Ledger', decimals: 8, priceUsd: '42.00', supply: 2_100_000n },
  {
    symbol: 'NIMB',
    name: 'Nimbus Arc',
    decimals: 18,
    priceUsd: '0.0000042',
    supply: 420_000_000_000_000n,
  },
  { symbol: 'GLDN', name: 'Gildenfield', decimals: 18, priceUsd: '0.75', supply: 50_000_000n },
  { symbol: 'PYRE', name: 'Pyre Protocol', decimals: 18, priceUsd: '0.12', supply: 800_000_000n },
  { symbol: 'SLTE', name: 'Slate Finance', decimals: 18, priceUsd: '5.60', supply: 10_000_000n },
  { symbol: 'WISP', name: 'Wisp', decimals: 18, priceUsd: '0.0089', supply: 5_000_000_000n },
] as const satisfies readonly MarketTokenSpec[];

/**
 * The pools, in deployment order. Liquidity from $25k to $2M so that the simulator's trades move
 * small pools visibly and large ones barely; LP fates from fully burned to fully kept, so the
 * scam analyzer meets every case (and an LP lock that ends within days).
 */
export const POOL_SPECS = [
  { base: 'native', quote: 'USDV', liquidityUsd: 2_000_000, lp: KEEP },
  {
    base: 'VLT',
    quote: 'native',
    liquidityUsd: 200_000,
    lp: { burnBps: 0, lockBps: 10_000, lockDays: 365 },
  },
  { base: 'ORBT', quote: 'native', liquidityUsd: 400_000, lp: BURN_ALL },
  { base: 'ORBT', quote: 'USDV', liquidityUsd: 80_000, lp: KEEP },
  {
    base: 'FERN',
    quote: 'native',
    liquidityUsd: 150_000,
    lp: { burnBps: 0, lockBps: 9_000, lockDays: 365 },
  },
  {
    base: 'KELP',
    quote: 'USDV',
    liquidityUsd: 250_000,
    lp: { burnBps: 5_000, lockBps: 5_000, lockDays: 180 },
  },
  { base: 'BRIX', quote: 'native', liquidityUsd: 60_000, lp: KEEP },
  {
    base: 'MOSS',
    quote: 'native',
    liquidityUsd: 800_000,
    lp: { burnBps: 0, lockBps: 10_000, lockDays: 180 },
  },
  { base: 'TIDE', quote: 'USDV', liquidityUsd: 90_000, lp: BURN_ALL },
  {
    base: 'QRTZ',
    quote: 'native',
    liquidityUsd: 1_200_000,
    lp: { burnBps: 8_000, lockBps: 0, lockDays: 0 },
  },
  { base: 'NIMB', quote: 'native', liquidityUsd: 35_000, lp: BURN_ALL },
  {
    base: 'GLDN',
    quote: 'USDV',
    liquidityUsd: 120_000,
    lp: { burnBps: 0, lockBps: 6_000, lockDays: 30 },
  },
  { base: 'PYRE', quote: 'native', liquidityUsd: 25_000, lp: KEEP },
  { base: 'SLTE', quote: 'native', liquidityUsd: 300_000, lp: BURN_ALL },
  {
    base: 'WISP',
    quote: 'native',
    liquidityUsd: 45_000,
    lp: { burnBps: 0, lockBps: 10_000, lockDays: 7 },
  },
] as const satisfies readonly PoolSpec[];

/** The address LP shares are burned to: no key exists for it. */
export const DEAD_ADDRESS = '0x000000000000000000000000000000000000dEaD';

/**
 * Whole-token amount worth `usd` at `priceUsd`, in base units of a token with `decimals`:
 * `usd / price · 10^decimals`, rounded down, computed in integers (no floats near money).
 */
export function unitsForUsd(usd: number, priceUsd: string, decimals: number): bigint {
  if (!Number.isSafeInteger(usd) || usd < 0) throw new RangeError(`Not a whole USD amount: ${usd}`);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(priceUsd);
  if (!match) throw new RangeError(`Not a decimal price: ${priceUsd}`);
  const fraction = match[2] ?? '';
  const priceScaled = BigInt(`${match[1]}${fraction}`);
  if (priceScaled === 0n) throw new RangeError('A price of zero has no amount');
  // usd / (priceScaled / 10^f) · 10^d = usd · 10^(f+d) / priceScaled
  return (BigInt(usd) * 10n ** BigInt(fraction.length + decimals)) / priceScaled;
}
