import { z } from 'zod';

/**
 * CoinGecko `/coins/markets`, `/coins/list?include_platform=true` and Binance
 * `/api/v3/ticker/24hr` answers (reference doc section 4) as they arrive. Lists are checked
 * item by item, so one odd coin is dropped, not the page.
 */

export const itemListSchema = z.array(z.unknown());

const figure = z.number().nullish();

export const coinGeckoMarketSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  image: z.string().nullish(),
  current_price: figure,
  market_cap: figure,
  market_cap_rank: figure,
  fully_diluted_valuation: figure,
  total_volume: figure,
  price_change_percentage_1h_in_currency: figure,
  price_change_percentage_24h_in_currency: figure,
  price_change_percentage_7d_in_currency: figure,
  circulating_supply: figure,
  total_supply: figure,
  max_supply: figure,
  last_updated: z.string().nullish(),
});

export const coinGeckoCoinSchema = z.object({
  id: z.string(),
  platforms: z.record(z.string(), z.string().nullable()).nullish(),
});

export const binanceTickerSchema = z.object({
  symbol: z.string(),
  lastPrice: z.string(),
  priceChangePercent: z.string(),
  quoteVolume: z.string().nullish(),
  count: z.number().nullish(),
});
