import {
  addressKey,
  isValidAddressForChain,
  normaliseAddress,
  candleSchema,
  snapshotPoolSchema,
  type CandleInterval,
  type ChainCode,
} from '@vaultscope/core';
import { z } from 'zod';
import type {
  CircuitState,
  DexDataProvider,
  DexListing,
  ProvidedCandle,
  ProvidedDexToken,
  ProvidedPool,
} from '../../tokens/providers';
import type { ProviderClient, ProviderEndpoint, ProviderLog } from '../http/provider-client';
import {
  baseTokensOf,
  rowsWithFacts,
  windowFigures,
  type FoundPool,
  type TokenFacts,
} from '../dex-rows';
import { getOrWarn } from '../http/get-or-warn';
import { ProviderUnavailableError } from '../http/provider-errors';
import { decimalTextOf, nonNegativeOf, unitsToWhole } from '../parse';
import {
  gtIncludedTokenSchema,
  gtListSchema,
  gtOhlcvSchema,
  gtPoolSchema,
  gtTokenSchema,
  type GtPool,
  type GtToken,
} from './geckoterminal-schemas';

/** GeckoTerminal's network id of each research chain (reference doc section 0). */
export const GECKOTERMINAL_NETWORKS: Record<ChainCode, string> = {
  eth: 'eth',
  solana: 'solana',
  bsc: 'bsc',
  avax: 'avax',
  polygon_pos: 'polygon_pos',
};

/** The free API's published limit (reference doc 1.1). */
export const GECKOTERMINAL_RATE_PER_MINUTE = 30;
/** Most addresses of one `/tokens/multi` call. */
const TOKENS_PER_CALL = 30;
/** GeckoTerminal refuses `page` above 10. */
const MAX_PAGE = 10;
const INCLUDE = 'base_token,quote_token,dex';

export interface GeckoTerminalOptions {
  /** Built by the factory from {@link geckoTerminalEndpoint} and the shared call policy. */
  client: ProviderClient;
  /**
   * The chains to read (those whose market `RESEARCH_SOURCES` gives to the provider): no call is
   * made for another, so an excluded chain costs none of the rate limit.
   */
  chains: readonly ChainCode[];
  /** Pages (20 pools each) of a network's top pools per sync. */
  topPoolPages: number;
  /** Pages of a network's newest pools per sync. */
  newPoolPages: number;
  /** Pages of a network's trending pools per sync (none by default). */
  trendingPoolPages?: number;
  log?: ProviderLog;
}

/** GeckoTerminal's `timeframe` and `aggregate` of each of core's candle intervals (reference doc 1.6). */
const OHLCV_OF: Record<
  CandleInterval,
  { timeframe: 'minute' | 'hour' | 'day'; aggregate: number }
> = {
  '1m': { timeframe: 'minute', aggregate: 1 },
  '5m': { timeframe: 'minute', aggregate: 5 },
  '15m': { timeframe: 'minute', aggregate: 15 },
  '1h': { timeframe: 'hour', aggregate: 1 },
  '4h': { timeframe: 'hour', aggregate: 4 },
  '1d': { timeframe: 'day', aggregate: 1 },
};
/** Core's candle with `trades` unknown: GeckoTerminal does not count a bucket's swaps. */
const providedCandleSchema = candleSchema.extend({
  trades: z.number().int().nonnegative().nullable(),
});
/** GeckoTerminal's most candles per call. */
const MAX_CANDLES = 1000;

/**
 * GeckoTerminal as the {@link DexDataProvider}: per network the top pools, the newest pools
 * and the trending pools (pages bounded by configuration), joined to their tokens through `included`, and the
 * base tokens' supplies from `/tokens/multi`. Numbers are parsed from strings; a pool that lacks
 * a figure the rows need (price, liquidity, creation time, a window) or has an address the chain
 * cannot hold (Uniswap V4's 32-byte pool ids) is left out, as is a token without a supply and
 * its pools: unknown is never stored as 0.
 *
 * A failed page ends that list of that network; the rest is returned, and the network is left
 * out of `listed` (as is one whose token supplies could not all be read), so a sync keeps that
 * network's stored rows instead of removing what this load missed. When nothing at all could be
 * read the call throws.
 */
export class GeckoTerminalDexProvider implements DexDataProvider {
  readonly name = 'geckoterminal';
  readonly priceLabel = 'GeckoTerminal';

  constructor(private readonly options: GeckoTerminalOptions) {}

  circuit(): CircuitState {
    return this.options.client.breaker.state;
  }

  async fetchDex(_now: Date): Promise<DexListing> {
    const tokens: ProvidedDexToken[] = [];
    const pools: ProvidedPool[] = [];
    const listed: ChainCode[] = [];
    let answered = 0;
    let failed = 0;
    for (const chainName of this.options.chains) {
      const network = GECKOTERMINAL_NETWORKS[chainName];
      const found = new Map<string, FoundPool>();
      let complete = true;
      const lists = [
        { path: `/networks/${network}/pools`, pages: this.options.topPoolPages },
        { path: `/networks/${network}/new_pools`, pages: this.options.newPoolPages },
        {
          path: `/networks/${network}/trending_pools`,
          pages: this.options.trendingPoolPages ?? 0,
        },
      ];
      for (const list of lists) {
        for (let page = 1; page <= Math.min(list.pages, MAX_PAGE); page++) {
          const result = await this.poolPage(chainName, list.path, page);
          if (result === null) {
            failed += 1;
            complete = false;
            break;
          }
          answered += 1;
          for (const item of result.pools) {
            found.set(addressKey(chainName, item.pool.address), item);
          }
          if (result.last) break;
        }
      }
      const supplies = await this.supplies(chainName, baseTokensOf(chainName, found.values()));
      if (complete && supplies.complete) listed.push(chainName);
      const rows = rowsWithFacts(chainName, [...found.values()], supplies.facts);
      tokens.push(...rows.tokens);
      pools.push(...rows.pools);
      const { dropped } = rows;
      if (dropped > 0) {
        this.options.log?.warn(
          { provider: this.name, network, pools: dropped },
          'pools left out: their token has no known supply or name',
        );
      }
    }
    if (answered === 0 && failed > 0) {
      throw new ProviderUnavailableError(this.name, '/networks', 'no pool list could be read');
    }
    return { tokens, pools, listed };
  }

  /**
   * A pool's candles (`/pools/{address}/ohlcv/{timeframe}`) in core's candle shape, oldest first,
   * up to `before` (Unix seconds); `trades` is null, as GeckoTerminal does not count them. A
   * malformed candle is left out; a failed call throws (the caller shows no chart, not a wrong one).
   * A chain it does not read has no candles here (none are asked for).
   */
  async fetchCandles(
    chainName: ChainCode,
    poolAddress: string,
    interval: CandleInterval,
    options: { before?: number; limit?: number } = {},
  ): Promise<ProvidedCandle[]> {
    if (!this.reads(chainName) || !isValidAddressForChain(chainName, poolAddress)) return [];
    const { timeframe, aggregate } = OHLCV_OF[interval];
    const path = `/networks/${GECKOTERMINAL_NETWORKS[chainName]}/pools/${poolAddress}/ohlcv/${timeframe}`;
    const answer = await this.options.client.get(path, gtOhlcvSchema, {
      query: {
        aggregate,
        before_timestamp: options.before,
        limit: Math.min(options.limit ?? 100, MAX_CANDLES),
        currency: 'usd',
      },
    });
    const candles = new Map<number, ProvidedCandle>();
    for (const row of answer.data.attributes.ohlcv_list) {
      const [time, open, high, low, close, volume] = row;
      const candle = providedCandleSchema.safeParse({
        time,
        open,
        high,
        low,
        close,
        volume,
        trades: null,
      });
      if (candle.success && candle.data.low <= candle.data.high)
        candles.set(candle.data.time, candle.data);
    }
    return [...candles.values()].sort((a, b) => a.time - b.time);
  }

  /** One page of pools, or `null` when the call failed. */
  private async poolPage(
    chainName: ChainCode,
    path: string,
    page: number,
  ): Promise<{ pools: FoundPool[]; last: boolean } | null> {
    const answer = await getOrWarn(
      this.options.client,
      path,
      gtListSchema,
      { log: this.options.log, message: 'pool page not fetched', context: { page } },
      { query: { include: INCLUDE, page } },
    );
    if (answer === null) return null;
    const included = new Map<string, IncludedToken>();
    for (const item of answer.included ?? []) {
      const token = gtIncludedTokenSchema.safeParse(item);
      if (token.success) {
        const { address, name, symbol, decimals } = token.data.attributes;
        included.set(token.data.id, { address, name, symbol, decimals });
      }
    }
    const pools: FoundPool[] = [];
    let skipped = 0;
    for (const item of answer.data) {
      const parsed = gtPoolSchema.safeParse(item);
      const mapped = parsed.success ? poolOf(chainName, parsed.data, included) : null;
      if (mapped) pools.push(mapped);
      else skipped += 1;
    }
    if (skipped > 0) {
      this.options.log?.warn(
        { provider: this.name, path, page, pools: skipped },
        'pools left out: wrong shape or missing figures',
      );
    }
    return {
      pools,
      last: answer.data.length === 0 || answer.links?.next === null,
    };
  }

  private reads(chainName: ChainCode): boolean {
    return this.options.chains.includes(chainName);
  }

  /**
   * Supply, decimals and names of tokens by address key, from `/tokens/multi` in batches;
   * `complete` when every batch answered. Of a chain it does not read it knows nothing.
   */
  async supplies(
    chainName: ChainCode,
    tokens: readonly { address: string }[],
  ): Promise<{ facts: Map<string, TokenFacts>; complete: boolean }> {
    if (!this.reads(chainName)) return { facts: new Map(), complete: false };
    const network = GECKOTERMINAL_NETWORKS[chainName];
    const facts = new Map<string, TokenFacts>();
    let complete = true;
    for (let start = 0; start < tokens.length; start += TOKENS_PER_CALL) {
      const batch = tokens.slice(start, start + TOKENS_PER_CALL).map((token) => token.address);
      const path = `/networks/${network}/tokens/multi/${batch.join(',')}`;
      const answer = await getOrWarn(this.options.client, path, gtListSchema, {
        log: this.options.log,
        message: 'token supplies not fetched',
        // The path without the addresses.
        context: { path: `/networks/${network}/tokens/multi` },
      });
      if (answer === null) {
        complete = false;
        continue;
      }
      for (const item of answer.data) {
        const token = gtTokenSchema.safeParse(item);
        if (!token.success) continue;
        const fact = tokenFactsOf(token.data);
        const { address } = token.data.attributes;
        if (fact && isValidAddressForChain(chainName, address)) {
          facts.set(addressKey(chainName, address), fact);
        }
      }
    }
    return { facts, complete };
  }
}

/** A token as a pool page's `included` names it. */
interface IncludedToken {
  address: string;
  name?: string | null;
  symbol?: string | null;
  decimals?: number | null;
}

function tokenFactsOf(token: GtToken): TokenFacts | null {
  const { decimals, name, symbol, normalized_total_supply, total_supply } = token.attributes;
  if (decimals === null || decimals === undefined) return null;
  const whole =
    decimalTextOf(normalized_total_supply) ??
    (total_supply === null || total_supply === undefined
      ? null
      : unitsToWhole(String(total_supply), decimals));
  if (whole === null) return null;
  return {
    name: name?.trim() || null,
    symbol: symbol?.trim() || null,
    decimals,
    totalSupply: whole,
  };
}

/** The pool in the rows' shape, or `null` when it lacks what they need. */
function poolOf(
  chainName: ChainCode,
  pool: GtPool,
  included: Map<string, IncludedToken>,
): FoundPool | null {
  const base = included.get(pool.relationships.base_token.data.id);
  const quote = included.get(pool.relationships.quote_token.data.id);
  const { attributes: a } = pool;
  if (!base || !quote) return null;
  for (const address of [a.address, base.address, quote.address]) {
    if (!isValidAddressForChain(chainName, address)) return null;
  }
  const figures = windowFigures((window) => ({
    change: a.price_change_percentage?.[window],
    volume: a.volume_usd?.[window],
    counts: a.transactions?.[window],
  }));
  if (!figures) return null;
  const createdAt = a.pool_created_at ? Date.parse(a.pool_created_at) : Number.NaN;
  const candidate = {
    chainName,
    address: normaliseAddress(chainName, a.address),
    dex: pool.relationships.dex?.data.id,
    name: a.name?.trim() || `${base.symbol ?? '?'} / ${quote.symbol ?? '?'}`,
    base_token_address: normaliseAddress(chainName, base.address),
    quote_token_address: normaliseAddress(chainName, quote.address),
    quote_token_symbol: quote.symbol?.trim(),
    pool_created_at: Number.isNaN(createdAt) ? undefined : new Date(createdAt).toISOString(),
    base_token_price_usd: nonNegativeOf(a.base_token_price_usd),
    base_token_price_native_currency: nonNegativeOf(a.base_token_price_native_currency),
    reserve_in_usd: nonNegativeOf(a.reserve_in_usd),
    fdv_usd: nonNegativeOf(a.fdv_usd),
    market_cap_usd: nonNegativeOf(a.market_cap_usd),
    ...figures,
  };
  const parsed = snapshotPoolSchema.safeParse(candidate);
  return parsed.success ? { pool: parsed.data, base } : null;
}

/**
 * Where and how fast the GeckoTerminal client calls (`https://api.geckoterminal.com/api/v2`, no
 * key), with the response version pinned by the `Accept` header GeckoTerminal documents.
 */
export function geckoTerminalEndpoint(baseUrl: string): ProviderEndpoint {
  return {
    provider: 'geckoterminal',
    baseUrl,
    headers: { accept: 'application/json;version=20230302' },
    ratePerMinute: GECKOTERMINAL_RATE_PER_MINUTE,
  };
}
