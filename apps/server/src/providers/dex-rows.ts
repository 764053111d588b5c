import {
  addressKey,
  normaliseAddress,
  snapshotDexTokenSchema,
  type ChainCode,
} from '@vaultscope/core';
import type { ProvidedDexToken, ProvidedPool } from '../tokens/providers';
import { nonNegativeOf, numberOf } from './parse';

/**
 * What the DEX adapters (GeckoTerminal, DexScreener) share once their answers are read: a pool's
 * figures per window, and a chain's token rows from its pools' base tokens and their facts.
 */

/** A token's name, symbol, decimals and whole supply (GeckoTerminal's `/tokens/multi`). */
export interface TokenFacts {
  name: string | null;
  symbol: string | null;
  decimals: number;
  totalSupply: string;
}

/** What a pool list says of a pool's base token. */
export interface BaseToken {
  address: string;
  name?: string | null;
  symbol?: string | null;
}

/** A pool in the rows' shape with the base token its list named. */
export interface FoundPool {
  pool: ProvidedPool;
  base: BaseToken;
}

const WINDOWS = ['m5', 'h1', 'h6', 'h24'] as const;
type Window = (typeof WINDOWS)[number];

/** A window's figures as a provider gives them (numbers or decimal strings). */
interface WindowAnswer {
  change: string | number | null | undefined;
  volume: string | number | null | undefined;
  counts: { buys: number; sells: number } | null | undefined;
}

/**
 * A pool's price change, volume and buy and sell counts per window (m5, h1, h6, h24), or `null`
 * when a window misses one: a figure the provider left out is unknown, so the pool is not stored
 * with a made-up 0.
 */
export function windowFigures(answerOf: (window: Window) => WindowAnswer) {
  const price_change_percentage: Record<string, number> = {};
  const volume_usd: Record<string, number> = {};
  const transactions: Record<string, { buys: number; sells: number }> = {};
  for (const window of WINDOWS) {
    const { change, volume, counts } = answerOf(window);
    const changed = numberOf(change);
    const traded = nonNegativeOf(volume);
    if (changed === null || traded === null || !counts) return null;
    price_change_percentage[window] = changed;
    volume_usd[window] = traded;
    transactions[window] = { buys: counts.buys, sells: counts.sells };
  }
  return { price_change_percentage, volume_usd, transactions };
}

/** The base tokens of a chain's pools, each once. */
export function baseTokensOf(chainName: ChainCode, found: Iterable<FoundPool>): BaseToken[] {
  const bases = new Map<string, BaseToken>();
  for (const { base } of found) bases.set(addressKey(chainName, base.address), base);
  return [...bases.values()];
}

const providedTokenSchema = snapshotDexTokenSchema.omit({ security: true });

/**
 * A chain's token rows and the pools they keep: a base token becomes a row when its facts are
 * known (decimals, supply; the pool list's name and symbol stand in for missing ones), and only
 * its pools are kept. `dropped` counts the pools left out: a token without a known supply is not
 * stored with a made-up one, nor are its pools.
 */
export function rowsWithFacts(
  chainName: ChainCode,
  found: readonly FoundPool[],
  facts: ReadonlyMap<string, TokenFacts>,
): { tokens: ProvidedDexToken[]; pools: ProvidedPool[]; dropped: number } {
  const tokens: ProvidedDexToken[] = [];
  const accepted = new Set<string>();
  for (const base of baseTokensOf(chainName, found)) {
    const key = addressKey(chainName, base.address);
    const fact = facts.get(key);
    if (!fact) continue;
    const token = providedTokenSchema.safeParse({
      chainName,
      address: normaliseAddress(chainName, base.address),
      name: fact.name ?? base.name?.trim(),
      symbol: fact.symbol ?? base.symbol?.trim(),
      decimals: fact.decimals,
      total_supply: fact.totalSupply,
      // Neither provider keeps a trust list; the flag only lifts a score, so 0 takes nothing.
      trusted_token: 0,
    });
    if (!token.success) continue;
    tokens.push(token.data);
    accepted.add(key);
  }
  const pools = found
    .filter(({ base }) => accepted.has(addressKey(chainName, base.address)))
    .map(({ pool }) => pool);
  return { tokens, pools, dropped: found.length - pools.length };
}
