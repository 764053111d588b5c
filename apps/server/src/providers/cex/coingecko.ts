import {
  cexMarketSchema,
  isValidAddressForChain,
  normaliseAddress,
  type CexMarket,
  type ChainCode,
} from '@vaultscope/core';
import type { CexListing, CexMarketProvider, CircuitState } from '../../tokens/providers';
import type { ProviderClient, ProviderEndpoint, ProviderLog } from '../http/provider-client';
import { getOrWarn } from '../http/get-or-warn';
import { ProviderUnavailableError } from '../http/provider-errors';
import type { BinanceTickers } from './binance';
import { coinGeckoCoinSchema, coinGeckoMarketSchema, itemListSchema } from './cex-schemas';

/** CoinGecko's asset-platform id of each research chain (reference doc sections 0 and 4.1). */
export const COINGECKO_PLATFORMS: Record<string, ChainCode> = {
  ethereum: 'eth',
  'binance-smart-chain': 'bsc',
  avalanche: 'avax',
  'polygon-pos': 'polygon_pos',
  solana: 'solana',
};

/** Demo-key limit (reference doc 4.1); keyless is lower and fluctuates. */
export const COINGECKO_RATE_PER_MINUTE = { keyed: 30, keyless: 10 };
const PER_PAGE = 250;
/** Contract addresses change rarely, and `/coins/list` is one large answer. */
const PLATFORMS_TTL_MS = 6 * 3_600_000;

export interface CoinGeckoOptions {
  /** Built by the factory from {@link coinGeckoEndpoint} and the shared call policy. */
  client: ProviderClient;
  /** Pages of 250 coins, by market cap. */
  pages: number;
  /** Binance 24 h tickers that fill a price or 24 h change CoinGecko left unknown. */
  binance?: BinanceTickers;
  log?: ProviderLog;
  /** The time the contract addresses' age is read against (the call policy's clock). */
  now?: () => number;
}

/**
 * CoinGecko `/coins/markets` (USD, 1 h / 24 h / 7 d changes) as the {@link CexMarketProvider},
 * with each coin's contract addresses on the research chains from
 * `/coins/list?include_platform=true` (kept for hours; a failed read keeps the last one, or
 * leaves `platforms` empty). A coin that does not fit core's market row is logged and left out.
 * When Binance tickers are configured, a price or 24 h change that CoinGecko left `null` is
 * taken from the `<SYMBOL>USDT` ticker of the highest-ranked coin with that symbol (a symbol is
 * not unique across coins, so only the first one gets it). When no market page could be read
 * the call throws, so a sync keeps its rows; when a later page failed the answer is not
 * `complete`, so a sync keeps the markets it missed.
 */
export class CoinGeckoCexProvider implements CexMarketProvider {
  readonly name: string;
  private platforms: { at: number; byCoin: Map<string, CexMarket['platforms']> } | null = null;

  constructor(private readonly options: CoinGeckoOptions) {
    this.name = options.binance ? 'coingecko+binance' : 'coingecko';
  }

  circuit(): CircuitState {
    return this.options.client.breaker.state;
  }

  async fetchMarkets(_now: Date): Promise<CexListing> {
    const rows: unknown[] = [];
    let complete = true;
    for (let page = 1; page <= this.options.pages; page++) {
      const answer = await getOrWarn(
        this.options.client,
        '/coins/markets',
        itemListSchema,
        { log: this.options.log, message: 'market page not fetched', context: { page } },
        {
          query: {
            vs_currency: 'usd',
            order: 'market_cap_desc',
            per_page: PER_PAGE,
            page,
            sparkline: 'false',
            price_change_percentage: '1h,24h,7d',
          },
        },
      );
      if (answer === null) {
        if (page === 1) {
          throw new ProviderUnavailableError('coingecko', '/coins/markets', 'no market page read');
        }
        complete = false;
        break;
      }
      rows.push(...answer);
      if (answer.length < PER_PAGE) break;
    }
    const [platforms, tickers] = await Promise.all([
      this.platformsByCoin(),
      this.options.binance?.fetchTickers() ?? new Map<string, never>(),
    ]);
    const markets: CexMarket[] = [];
    const seen = new Set<string>();
    const symbolsFilled = new Set<string>();
    let dropped = 0;
    for (const row of rows) {
      const coin = coinGeckoMarketSchema.safeParse(row);
      if (!coin.success || seen.has(coin.data.id)) {
        dropped += 1;
        continue;
      }
      const c = coin.data;
      const symbol = c.symbol.toUpperCase();
      const ticker = symbolsFilled.has(symbol) ? undefined : tickers.get(`${symbol}USDT`);
      symbolsFilled.add(symbol);
      const market = cexMarketSchema.safeParse({
        id: c.id,
        symbol: c.symbol,
        name: c.name,
        image: c.image ?? null,
        current_price: c.current_price ?? ticker?.price ?? null,
        market_cap: c.market_cap ?? null,
        market_cap_rank: c.market_cap_rank ?? null,
        fully_diluted_valuation: c.fully_diluted_valuation ?? null,
        total_volume: c.total_volume ?? null,
        price_change_percentage_1h_in_currency: c.price_change_percentage_1h_in_currency ?? null,
        price_change_percentage_24h_in_currency:
          c.price_change_percentage_24h_in_currency ?? ticker?.change24h ?? null,
        price_change_percentage_7d_in_currency: c.price_change_percentage_7d_in_currency ?? null,
        circulating_supply: c.circulating_supply ?? null,
        total_supply: c.total_supply ?? null,
        max_supply: c.max_supply ?? null,
        last_updated: c.last_updated ?? null,
        platforms: platforms.get(c.id) ?? {},
      });
      if (market.success) {
        markets.push(market.data);
        seen.add(c.id);
      } else {
        dropped += 1;
      }
    }
    if (dropped > 0) {
      this.options.log?.warn(
        { provider: 'coingecko', path: '/coins/markets', coins: dropped },
        'coins left out: wrong shape',
      );
    }
    return { markets, complete };
  }

  /** Contract addresses per coin id, read at most every few hours. */
  private async platformsByCoin(): Promise<Map<string, CexMarket['platforms']>> {
    const now = (this.options.now ?? Date.now)();
    if (this.platforms && now - this.platforms.at < PLATFORMS_TTL_MS) return this.platforms.byCoin;
    const answer = await getOrWarn(
      this.options.client,
      '/coins/list',
      itemListSchema,
      { log: this.options.log, message: 'contract addresses not fetched' },
      { query: { include_platform: 'true' } },
    );
    if (answer === null) return this.platforms?.byCoin ?? new Map();
    const byCoin = new Map<string, CexMarket['platforms']>();
    for (const item of answer) {
      const coin = coinGeckoCoinSchema.safeParse(item);
      if (!coin.success) continue;
      const platforms: CexMarket['platforms'] = {};
      for (const [platform, address] of Object.entries(coin.data.platforms ?? {})) {
        const chain = COINGECKO_PLATFORMS[platform];
        const trimmed = address?.trim();
        if (chain && trimmed && isValidAddressForChain(chain, trimmed)) {
          platforms[chain] = normaliseAddress(chain, trimmed);
        }
      }
      if (Object.keys(platforms).length > 0) byCoin.set(coin.data.id, platforms);
    }
    this.platforms = { at: now, byCoin };
    return byCoin;
  }
}

/**
 * Where and how fast the CoinGecko client calls, with an optional key: a demo key goes in
 * `x-cg-demo-api-key` (30 a minute), a key for `pro-api.coingecko.com` in `x-cg-pro-api-key`;
 * keyless calls get the lower rate.
 */
export function coinGeckoEndpoint(settings: {
  baseUrl: string;
  apiKey?: string;
}): ProviderEndpoint {
  const { baseUrl, apiKey } = settings;
  const header = baseUrl.includes('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';
  return {
    provider: 'coingecko',
    baseUrl,
    headers: apiKey ? { [header]: apiKey } : {},
    ratePerMinute: apiKey ? COINGECKO_RATE_PER_MINUTE.keyed : COINGECKO_RATE_PER_MINUTE.keyless,
  };
}
