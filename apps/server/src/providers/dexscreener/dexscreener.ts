import {
  addressKey,
  isValidAddressForChain,
  normaliseAddress,
  snapshotPoolSchema,
  type ChainCode,
} from '@vaultscope/core';
import type { ZodType } from 'zod';
import type {
  CircuitState,
  DexDataProvider,
  DexListing,
  ProvidedDexToken,
  ProvidedPool,
} from '../../tokens/providers';
import {
  baseTokensOf,
  rowsWithFacts,
  windowFigures,
  type FoundPool,
  type TokenFacts,
} from '../dex-rows';
import { combinedCircuit } from '../http/circuit-breaker';
import { getOrWarn } from '../http/get-or-warn';
import type { ProviderClient, ProviderEndpoint, ProviderLog } from '../http/provider-client';
import { ProviderUnavailableError } from '../http/provider-errors';
import { nonNegativeOf } from '../parse';
import {
  dsPairListSchema,
  dsPairSchema,
  dsPairsEnvelopeSchema,
  dsProfileListSchema,
  dsProfileSchema,
  type DsPair,
} from './dexscreener-schemas';

/** DexScreener's `chainId` of each research chain (reference doc section 0). */
export const DEXSCREENER_CHAINS: Record<ChainCode, string> = {
  eth: 'ethereum',
  solana: 'solana',
  bsc: 'bsc',
  avax: 'avalanche',
  polygon_pos: 'polygon',
};
const CHAIN_OF = new Map(
  Object.entries(DEXSCREENER_CHAINS).map(([code, slug]) => [slug, code as ChainCode]),
);
/**
 * DexScreener's published limits (reference doc 2.1): 60 a minute for the profile feeds, 300 for
 * the pair endpoints; one bucket per client, so the adapter takes two clients.
 */
export const DEXSCREENER_RATE_PER_MINUTE = { profiles: 60, pairs: 300 };
/** Most addresses of one `/tokens/v1` call. */
const TOKENS_PER_CALL = 30;

/** Decimals and supply of tokens, which DexScreener does not give (GeckoTerminal's `/tokens/multi`). */
export type TokenFactsSource = (
  chainName: ChainCode,
  tokens: readonly { address: string }[],
) => Promise<{ facts: Map<string, TokenFacts>; complete: boolean }>;

/** The clients the factory builds from {@link dexScreenerEndpoints}, one per published limit. */
export interface DexScreenerOptions {
  /** `/token-profiles` (60 a minute). */
  profiles: ProviderClient;
  /** `/tokens/v1`, `/token-pairs/v1`, `/latest/dex/search` (300 a minute). */
  pairs: ProviderClient;
  tokenFacts: TokenFactsSource;
  /**
   * The chains to read (those whose market `RESEARCH_SOURCES` gives to the provider): no pair
   * call is made for another, and with none the profile feed is not read either.
   */
  chains: readonly ChainCode[];
  log?: ProviderLog;
}

/**
 * DexScreener as a {@link DexDataProvider}: the tokens of its latest token profiles on the
 * research chains, every pool of each (`/tokens/v1/{chainId}/{addresses}`, 30 a call) with its
 * figures, and the tokens' decimals and supply from {@link TokenFactsSource} (DexScreener has
 * none). DexScreener has no list of a chain's pools (reference doc 2.1), so a load lists no chain
 * in full (`listed: []`): it adds and refreshes rows and never removes any. A pool that misses a
 * window's figures or has the wrong shape is left out, logged.
 */
export class DexScreenerDexProvider implements DexDataProvider {
  readonly name = 'dexscreener';
  readonly priceLabel = 'DEX Screener';

  constructor(private readonly options: DexScreenerOptions) {}

  circuit(): CircuitState {
    return combinedCircuit([this.options.profiles.breaker.state, this.options.pairs.breaker.state]);
  }

  async fetchDex(_now: Date): Promise<DexListing> {
    if (this.options.chains.length === 0) return { tokens: [], pools: [], listed: [] };
    const byChain = await this.latestProfiles();
    const tokens: ProvidedDexToken[] = [];
    const pools: ProvidedPool[] = [];
    for (const [chainName, addresses] of byChain) {
      const found = new Map<string, FoundPool>();
      for (let start = 0; start < addresses.length; start += TOKENS_PER_CALL) {
        const batch = addresses.slice(start, start + TOKENS_PER_CALL);
        const path = `/tokens/v1/${DEXSCREENER_CHAINS[chainName]}/${batch.join(',')}`;
        const pairs = await this.pairList(path, dsPairListSchema, (body) => body);
        for (const item of this.poolsOf(chainName, pairs ?? [])) {
          found.set(addressKey(chainName, item.pool.address), item);
        }
      }
      const { facts } = await this.options.tokenFacts(
        chainName,
        baseTokensOf(chainName, found.values()),
      );
      const rows = rowsWithFacts(chainName, [...found.values()], facts);
      tokens.push(...rows.tokens);
      pools.push(...rows.pools);
    }
    return { tokens, pools, listed: [] };
  }

  /** Pools of one token on one chain it reads (`/token-pairs/v1/{chainId}/{address}`). */
  async tokenPairs(chainName: ChainCode, address: string): Promise<ProvidedPool[]> {
    if (!this.options.chains.includes(chainName) || !isValidAddressForChain(chainName, address))
      return [];
    const path = `/token-pairs/v1/${DEXSCREENER_CHAINS[chainName]}/${address}`;
    const pairs = await this.pairList(path, dsPairListSchema, (body) => body);
    return this.poolsOf(chainName, pairs ?? []).map((item) => item.pool);
  }

  /** Pools on the chains it reads matching a symbol, name, address or `BASE/QUOTE`. */
  async search(query: string): Promise<ProvidedPool[]> {
    const q = query.trim().slice(0, 100);
    if (!q || this.options.chains.length === 0) return [];
    const pairs = await this.pairList(
      '/latest/dex/search',
      dsPairsEnvelopeSchema,
      (body) => body.pairs ?? [],
      { q },
    );
    const found: ProvidedPool[] = [];
    for (const chainName of this.options.chains) {
      found.push(
        ...this.poolsOf(
          chainName,
          (pairs ?? []).filter(
            (pair) => (pair as { chainId?: unknown }).chainId === DEXSCREENER_CHAINS[chainName],
          ),
        ).map((item) => item.pool),
      );
    }
    return found;
  }

  /** The research chains' token addresses of the latest profiles; throws when the feed failed. */
  private async latestProfiles(): Promise<Map<ChainCode, string[]>> {
    const path = '/token-profiles/latest/v1';
    const answer = await getOrWarn(this.options.profiles, path, dsProfileListSchema, {
      log: this.options.log,
      message: 'token profiles not fetched',
    });
    if (answer === null) {
      throw new ProviderUnavailableError(this.name, path, 'no token profiles could be read');
    }
    const byChain = new Map<ChainCode, string[]>();
    for (const item of answer) {
      const profile = dsProfileSchema.safeParse(item);
      if (!profile.success) continue;
      const chainName = CHAIN_OF.get(profile.data.chainId);
      if (!chainName || !this.options.chains.includes(chainName)) continue;
      if (!isValidAddressForChain(chainName, profile.data.tokenAddress)) continue;
      const list = byChain.get(chainName) ?? [];
      if (!list.includes(profile.data.tokenAddress)) list.push(profile.data.tokenAddress);
      byChain.set(chainName, list);
    }
    return byChain;
  }

  private async pairList<T>(
    path: string,
    schema: ZodType<T>,
    pairsOf: (body: T) => unknown[],
    query?: Record<string, string>,
  ): Promise<unknown[] | null> {
    const answer = await getOrWarn(
      this.options.pairs,
      path,
      schema,
      {
        log: this.options.log,
        message: 'pairs not fetched',
        // The path without the addresses.
        context: { path: path.split('/').slice(0, 4).join('/') },
      },
      { query },
    );
    return answer === null ? null : pairsOf(answer);
  }

  private poolsOf(chainName: ChainCode, items: readonly unknown[]) {
    const pools: FoundPool[] = [];
    let skipped = 0;
    for (const item of items) {
      const pair = dsPairSchema.safeParse(item);
      const pool = pair.success ? poolOf(chainName, pair.data) : null;
      if (pool && pair.success) pools.push({ pool, base: pair.data.baseToken });
      else skipped += 1;
    }
    if (skipped > 0) {
      this.options.log?.warn(
        { provider: this.name, chainName, pools: skipped },
        'pools left out: wrong shape or missing figures',
      );
    }
    return pools;
  }
}

/** A DexScreener pair in the rows' shape, or `null` when it lacks what they need. */
export function poolOf(chainName: ChainCode, pair: DsPair): ProvidedPool | null {
  if (pair.chainId !== DEXSCREENER_CHAINS[chainName]) return null;
  const quote = pair.quoteToken.address;
  for (const address of [pair.pairAddress, pair.baseToken.address, quote]) {
    if (!address || !isValidAddressForChain(chainName, address)) return null;
  }
  const figures = windowFigures((window) => ({
    change: pair.priceChange?.[window],
    volume: pair.volume?.[window],
    counts: pair.txns?.[window],
  }));
  if (!figures) return null;
  const label = pair.labels?.[0]?.toLowerCase();
  const created = pair.pairCreatedAt;
  const candidate = {
    chainName,
    address: normaliseAddress(chainName, pair.pairAddress),
    dex: label ? `${pair.dexId}_${label}` : pair.dexId,
    name: `${pair.baseToken.symbol?.trim() || '?'} / ${pair.quoteToken.symbol?.trim() || '?'}`,
    base_token_address: normaliseAddress(chainName, pair.baseToken.address),
    quote_token_address: normaliseAddress(chainName, quote!),
    quote_token_symbol: pair.quoteToken.symbol?.trim(),
    pool_created_at:
      created !== null && created !== undefined && Number.isFinite(created)
        ? new Date(created).toISOString()
        : undefined,
    base_token_price_usd: nonNegativeOf(pair.priceUsd),
    base_token_price_native_currency: nonNegativeOf(pair.priceNative),
    reserve_in_usd: nonNegativeOf(pair.liquidity?.usd),
    fdv_usd: nonNegativeOf(pair.fdv),
    market_cap_usd: nonNegativeOf(pair.marketCap),
    ...figures,
  };
  const parsed = snapshotPoolSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/**
 * Where and how fast the DexScreener clients call (`https://api.dexscreener.com`, no key): its two
 * published limits (reference doc 2.1) on two clients, so each keeps its own bucket.
 */
export function dexScreenerEndpoints(
  baseUrl: string,
): Record<'profiles' | 'pairs', ProviderEndpoint> {
  const endpoint = (ratePerMinute: number) => ({ provider: 'dexscreener', baseUrl, ratePerMinute });
  return {
    profiles: endpoint(DEXSCREENER_RATE_PER_MINUTE.profiles),
    pairs: endpoint(DEXSCREENER_RATE_PER_MINUTE.pairs),
  };
}
