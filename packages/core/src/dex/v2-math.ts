import { encodePacked, getCreate2Address, keccak256 } from 'viem';
import { toChecksumEvmAddress } from '../tokens/addresses';

/**
 * Uniswap V2 arithmetic, as `UniswapV2Library.sol` does it, with the fee as a parameter so
 * forks fit (PancakeSwap V2 takes 25 bps). All amounts are bigint base units and every division
 * rounds down exactly as the contracts do, so a quote here equals the router's `getAmountsOut`.
 */

const BPS = 10_000n;

/**
 * The two tokens of a pair in the pair's own order: `token0` is the lower address (as numbers).
 * Throws on identical tokens, as the factory does.
 */
export function sortTokens(tokenA: string, tokenB: string): [`0x${string}`, `0x${string}`] {
  const a = toChecksumEvmAddress(tokenA);
  const b = toChecksumEvmAddress(tokenB);
  const [lowA, lowB] = [a.toLowerCase(), b.toLowerCase()];
  if (lowA === lowB) throw new Error('A pair needs two different tokens');
  return lowA < lowB ? [a, b] : [b, a];
}

/**
 * The address of the pair of `tokenA` and `tokenB` on a V2 factory, without an RPC call: the
 * factory deploys each pair with CREATE2, salt keccak256(token0 ++ token1) and the pair's
 * creation code, whose hash is the DEX's `initCodeHash`.
 */
export function pairAddressFor(
  dex: { factory: string; initCodeHash?: `0x${string}` | undefined },
  tokenA: string,
  tokenB: string,
): `0x${string}` {
  if (!dex.initCodeHash)
    throw new Error('This DEX has no initCodeHash: ask its factory (getPair) instead');
  const [token0, token1] = sortTokens(tokenA, tokenB);
  return getCreate2Address({
    from: toChecksumEvmAddress(dex.factory),
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: dex.initCodeHash,
  });
}

function checkFee(feeBps: number): bigint {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps >= 10_000)
    throw new RangeError(`Fee must be whole basis points below 10000, got ${feeBps}`);
  return BigInt(feeBps);
}

function checkReserves(reserveIn: bigint, reserveOut: bigint): void {
  if (reserveIn <= 0n || reserveOut <= 0n) throw new RangeError('Insufficient liquidity');
}

/**
 * What a swap of `amountIn` pays out of a pool with these reserves, after the fee:
 * `amountIn·(1-fee)·reserveOut / (reserveIn + amountIn·(1-fee))`, rounded down.
 * At 30 bps this is exactly `getAmountOut` of Uniswap V2 (997/1000 = 9970/10000).
 */
export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): bigint {
  if (amountIn <= 0n) throw new RangeError('Insufficient input amount');
  checkReserves(reserveIn, reserveOut);
  const amountInWithFee = amountIn * (BPS - checkFee(feeBps));
  return (amountInWithFee * reserveOut) / (reserveIn * BPS + amountInWithFee);
}

/** The input a swap needs to pay out exactly `amountOut`, after the fee (rounded up, as V2). */
export function getAmountIn(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): bigint {
  if (amountOut <= 0n) throw new RangeError('Insufficient output amount');
  checkReserves(reserveIn, reserveOut);
  if (amountOut >= reserveOut) throw new RangeError('Insufficient liquidity');
  const numerator = reserveIn * amountOut * BPS;
  const denominator = (reserveOut - amountOut) * (BPS - checkFee(feeBps));
  return numerator / denominator + 1n;
}

/** `amountA` of one token in the other at the pool's current ratio, no fee (V2's `quote`). */
export function quoteAmount(amountA: bigint, reserveA: bigint, reserveB: bigint): bigint {
  if (amountA <= 0n) throw new RangeError('Insufficient amount');
  checkReserves(reserveA, reserveB);
  return (amountA * reserveB) / reserveA;
}
