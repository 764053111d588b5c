import type { ProviderClient, ProviderEndpoint, ProviderLog } from '../http/provider-client';
import { getOrWarn } from '../http/get-or-warn';
import { numberOf } from '../parse';
import { binanceTickerSchema, itemListSchema } from './cex-schemas';

/**
 * The all-symbols 24 h ticker weighs 80 of Binance's 6 000 a minute per IP (reference doc
 * 4.2); one call a second at most leaves room for anything else on the same address.
 */
export const BINANCE_RATE_PER_MINUTE = 60;

/** A symbol's last price (quote units, USD-like for `*USDT`) and 24 h change in percent. */
export interface BinanceFigures {
  price: number;
  change24h: number | null;
}

/**
 * Binance `GET /api/v3/ticker/24hr` without a symbol: every symbol's 24 h figures. A ticker
 * without trades in the window (`count: 0`, halted or delisted symbols) or with an unreadable
 * price is left out; a failed call gives no tickers (the markets keep CoinGecko's figures).
 */
export class BinanceTickers {
  /** `client` is built by the factory from {@link binanceEndpoint} and the shared call policy. */
  constructor(
    private readonly client: ProviderClient,
    private readonly log?: ProviderLog,
  ) {}

  async fetchTickers(): Promise<Map<string, BinanceFigures>> {
    const path = '/api/v3/ticker/24hr';
    const answer = await getOrWarn(this.client, path, itemListSchema, {
      log: this.log,
      message: 'tickers not fetched',
    });
    if (answer === null) return new Map();
    const tickers = new Map<string, BinanceFigures>();
    for (const item of answer) {
      const ticker = binanceTickerSchema.safeParse(item);
      if (!ticker.success || ticker.data.count === 0) continue;
      const price = numberOf(ticker.data.lastPrice);
      if (price === null || price <= 0) continue;
      tickers.set(ticker.data.symbol, {
        price,
        change24h: numberOf(ticker.data.priceChangePercent),
      });
    }
    return tickers;
  }
}

/** Where and how fast the Binance client calls (`https://api.binance.com`); market data needs no key. */
export function binanceEndpoint(baseUrl: string): ProviderEndpoint {
  return { provider: 'binance', baseUrl, ratePerMinute: BINANCE_RATE_PER_MINUTE };
}
