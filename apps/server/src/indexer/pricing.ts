import type { DexConfig } from '@vaultscope/core';

/**
 * Prices from reserves, and which token of a pair is priced in which.
 *
 * A pool's price is its quote reserve over its base reserve, each in whole tokens. The USD rate
 * of a quote token: 1 for a dollar stablecoin (a quote token whose symbol names USD or DAI:
 * USDC, USDT, BUSD, DAI, the devnet's USDV); for another quote token (the wrapped native coin,
 * WETH on Polygon), its price in its deepest pool against a stablecoin, else against the wrapped
 * native coin times that one's rate. This is how GeckoTerminal and DexScreener price a pool
 * (through the chain's native coin and stable pools); a pool whose quote token has no such route
 * has a quote price and no USD figures, never a guessed one.
 */

const STABLE_SYMBOL = /USD|DAI/i;

export function isStableSymbol(symbol: string): boolean {
  return STABLE_SYMBOL.test(symbol);
}

/** Decimals a figure is computed for: a token outside 0..77 (2^256 < 10^78) has none. */
export function usableDecimals(decimals: number | null | undefined): decimals is number {
  return (
    typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 77
  );
}

/** Base units as whole tokens, as a double (display figures; the exact amount stays a bigint). */
export function wholeTokens(units: bigint, decimals: number): number {
  // Split so that a 30-decimal amount keeps its leading digits instead of overflowing a double's
  // integer precision first.
  const scale = 10n ** BigInt(decimals);
  return Number(units / scale) + Number(units % scale) / Number(scale);
}

/** Quote tokens per base token, or null while a side is empty or decimals are unknown. */
export function poolPrice(
  reserveBase: bigint,
  reserveQuote: bigint,
  baseDecimals: number | null,
  quoteDecimals: number | null,
): number | null {
  if (!usableDecimals(baseDecimals) || !usableDecimals(quoteDecimals)) return null;
  if (reserveBase <= 0n || reserveQuote <= 0n) return null;
  const price = wholeTokens(reserveQuote, quoteDecimals) / wholeTokens(reserveBase, baseDecimals);
  return Number.isFinite(price) && price > 0 ? price : null;
}

/**
 * Which token of a new pair is the quote: a configured quote token; of two quote tokens, the
 * stablecoin (so the wrapped native coin is priced in dollars), else the one listed first;
 * of none, token1 (the pool is indexed, its USD figures stay empty).
 */
export function pickQuote(
  dex: Pick<DexConfig, 'quoteTokens'>,
  token0: string,
  token1: string,
  symbols: ReadonlyMap<string, string>,
): { base: string; quote: string } {
  const quotes = dex.quoteTokens.map((token) => token.toLowerCase());
  const rank = (token: string) => quotes.indexOf(token);
  const r0 = rank(token0);
  const r1 = rank(token1);
  if (r0 < 0 && r1 < 0) return { base: token0, quote: token1 };
  if (r0 < 0) return { base: token0, quote: token1 };
  if (r1 < 0) return { base: token1, quote: token0 };
  const stable0 = isStableSymbol(symbols.get(token0) ?? '');
  const stable1 = isStableSymbol(symbols.get(token1) ?? '');
  if (stable0 !== stable1)
    return stable0 ? { base: token1, quote: token0 } : { base: token0, quote: token1 };
  return r0 <= r1 ? { base: token1, quote: token0 } : { base: token0, quote: token1 };
}

/** A pool between two quote tokens: what USD rates are read from. */
export interface AnchorPool {
  base: string;
  quote: string;
  /** Quote per base. */
  price: number | null;
  /** The quote side in whole tokens: how deep the pool is. */
  quoteDepth: number;
}

/**
 * USD per whole token for each quote token of the chain, from the anchor pools as they are now.
 * Stablecoins are 1; another quote token takes its deepest pool against a stablecoin, else
 * against a token already priced (the wrapped native coin).
 */
export function usdRates(
  quoteTokens: ReadonlyMap<string, string>,
  anchors: Iterable<AnchorPool>,
): Map<string, number> {
  const rates = new Map<string, number>();
  for (const [token, symbol] of quoteTokens) if (isStableSymbol(symbol)) rates.set(token, 1);
  const pools = [...anchors].filter((pool) => pool.price !== null && pool.quoteDepth > 0);
  // Two rounds: a token priced against the native coin needs the native coin's rate first.
  for (let round = 0; round < 3; round += 1) {
    for (const token of quoteTokens.keys()) {
      if (rates.has(token)) continue;
      let best: { rate: number; depthUsd: number } | undefined;
      for (const pool of pools) {
        let rate: number | undefined;
        let depthUsd = 0;
        if (pool.base === token && rates.has(pool.quote)) {
          rate = pool.price! * rates.get(pool.quote)!;
          depthUsd = pool.quoteDepth * rates.get(pool.quote)!;
        } else if (pool.quote === token && rates.has(pool.base)) {
          rate = rates.get(pool.base)! / pool.price!;
          depthUsd = pool.quoteDepth * rate;
        }
        if (rate !== undefined && Number.isFinite(rate) && (!best || depthUsd > best.depthUsd))
          best = { rate, depthUsd };
      }
      if (best) rates.set(token, best.rate);
    }
  }
  return rates;
}
