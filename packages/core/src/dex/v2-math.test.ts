import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getAmountIn, getAmountOut, pairAddressFor, quoteAmount, sortTokens } from './v2-math';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** UniswapV2Library.getAmountOut exactly as the Solidity source writes it (997/1000). */
function uniswapGetAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const amountInWithFee = amountIn * 997n;
  return (amountInWithFee * reserveOut) / (reserveIn * 1000n + amountInWithFee);
}

function uniswapGetAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return (reserveIn * amountOut * 1000n) / ((reserveOut - amountOut) * 997n) + 1n;
}

const reserve = fc.bigInt({ min: 1_000n, max: 2n ** 112n - 1n });
const amount = fc.bigInt({ min: 1n, max: 2n ** 100n });

describe('V2 math', () => {
  it('sorts tokens by address, whatever their case, and refuses a pair of one token', () => {
    expect(sortTokens(WETH, USDC)).toEqual([USDC, WETH]);
    expect(sortTokens(USDC.toLowerCase(), WETH.toLowerCase())).toEqual([USDC, WETH]);
    expect(() => sortTokens(WETH, WETH.toLowerCase())).toThrow(/two different tokens/);
    expect(() => sortTokens(WETH, '0x12')).toThrow();
  });

  it('computes the real Uniswap V2 WETH/USDC pair by CREATE2', () => {
    const uniswap = {
      factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
      initCodeHash: '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
    } as const;
    expect(pairAddressFor(uniswap, WETH, USDC)).toBe('0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc');
    expect(() => pairAddressFor({ factory: uniswap.factory }, WETH, USDC)).toThrow(/initCodeHash/);
  });

  it('equals Uniswap V2 getAmountOut and getAmountIn at 30 bps', () => {
    fc.assert(
      fc.property(amount, reserve, reserve, (amountIn, reserveIn, reserveOut) => {
        expect(getAmountOut(amountIn, reserveIn, reserveOut, 30)).toBe(
          uniswapGetAmountOut(amountIn, reserveIn, reserveOut),
        );
        const out = reserveOut / 2n;
        if (out > 0n)
          expect(getAmountIn(out, reserveIn, reserveOut, 30)).toBe(
            uniswapGetAmountIn(out, reserveIn, reserveOut),
          );
      }),
    );
  });

  it('takes the fee it is given: PancakeSwap V2 9975/10000', () => {
    // 1 BNB into 100 BNB / 60,000 USDT: 1·9975·60000 / (100·10000 + 9975)
    const out = getAmountOut(10n ** 18n, 100n * 10n ** 18n, 60_000n * 10n ** 18n, 25);
    expect(out).toBe(
      (10n ** 18n * 9975n * 60_000n * 10n ** 18n) / (100n * 10n ** 22n + 9975n * 10n ** 18n),
    );
    expect(getAmountOut(1_000n, 1_000_000n, 1_000_000n, 0)).toBe(999n);
  });

  it('never pays out more than the pool holds, and buying back what was paid costs at least as much', () => {
    fc.assert(
      fc.property(
        amount,
        reserve,
        reserve,
        fc.integer({ min: 0, max: 1000 }),
        (amountIn, reserveIn, reserveOut, fee) => {
          const out = getAmountOut(amountIn, reserveIn, reserveOut, fee);
          expect(out < reserveOut).toBe(true);
          if (out > 0n) expect(getAmountIn(out, reserveIn, reserveOut, fee) <= amountIn).toBe(true);
        },
      ),
    );
  });

  it('refuses empty pools, zero amounts and fees out of range', () => {
    expect(() => getAmountOut(0n, 1n, 1n, 30)).toThrow(/input amount/);
    expect(() => getAmountOut(1n, 0n, 1n, 30)).toThrow(/liquidity/);
    expect(() => getAmountOut(1n, 1n, 1n, 10_000)).toThrow(/basis points/);
    expect(() => getAmountOut(1n, 1n, 1n, 2.5)).toThrow(/basis points/);
    expect(() => getAmountIn(5n, 10n, 5n, 30)).toThrow(/liquidity/);
    expect(quoteAmount(2n, 4n, 10n)).toBe(5n);
  });
});
