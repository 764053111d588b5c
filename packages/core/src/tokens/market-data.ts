import { z } from 'zod';
import { CHAIN_CODES } from '../chains/chains';
import { plainText } from '../text';
import { tokenMessages } from './messages';
import { CHAIN_CODE_VALUES, chainCodeSchema } from './schemas';

/**
 * The market-data contract of a DEX token: OHLCV candles of its primary pool and its latest
 * trades, as our own indexer derives them from the chain's Swap logs. Both calls take the token
 * address in the path and `network` (chain code, optionally `chainid`) in the query, like the
 * token detail.
 *
 * Times are Unix seconds (what chart libraries take and what a block carries); prices and USD
 * volumes are JSON numbers, as in the lists (display figures); token amounts are decimal strings
 * in whole tokens, never a JS number, so an 18- or 30-decimal amount keeps every digit.
 */

/** `priceProvider` of figures from our own DEX indexer (lists, detail, candles, trades). */
export const INDEXER_PRICE_PROVIDER = 'Vaultscope indexer';

/** Candle intervals, shortest first, with their length in seconds. */
export const CANDLE_INTERVALS = [
  { value: '1m', seconds: 60, label: '1m' },
  { value: '5m', seconds: 300, label: '5m' },
  { value: '15m', seconds: 900, label: '15m' },
  { value: '1h', seconds: 3_600, label: '1H' },
  { value: '4h', seconds: 14_400, label: '4H' },
  { value: '1d', seconds: 86_400, label: '1D' },
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number]['value'];
export const CANDLE_INTERVAL_VALUES = CANDLE_INTERVALS.map((item) => item.value) as [
  CandleInterval,
  ...CandleInterval[],
];

/** Length of an interval in seconds. */
export function candleSeconds(interval: CandleInterval): number {
  return CANDLE_INTERVALS.find((item) => item.value === interval)!.seconds;
}

/** Bounds of the market-data calls. */
export const MARKET_DATA_LIMITS = {
  /** Candles one call returns at most. */
  maxCandles: 1_000,
  /** Candles a call without `from` returns (the chart's first screen). */
  defaultCandles: 300,
  maxTrades: 100,
  defaultTrades: 50,
} as const;

/** Texts of the market-data calls and screens. */
export const marketDataMessages = {
  invalidInterval: `interval must be one of: ${CANDLE_INTERVAL_VALUES.join(', ')}.`,
  invalidTime: (name: 'from' | 'to') =>
    `${name} must be a time in whole Unix seconds from 0 to 253402300799.`,
  fromAfterTo: 'from must not be later than to.',
  tooManyCandles: (interval: string) =>
    `A call returns at most ${MARKET_DATA_LIMITS.maxCandles.toLocaleString('en-US')} candles: ` +
    `narrow from and to (at ${interval}, ${MARKET_DATA_LIMITS.maxCandles.toLocaleString('en-US')} ` +
    `candles span ${spanWords(interval)}).`,
  invalidLimit: `limit must be a whole number from 1 to ${MARKET_DATA_LIMITS.maxTrades}.`,
  /** The chart and the trades table of a token no indexed pool holds, or that never traded. */
  noTrades: "No trades yet on this chain's indexed DEXes",
  /**
   * The chart of a token whose candles come from a live DEX provider (a chain our indexer does
   * not serve) when the provider has none for its pool, or did not answer.
   */
  noProviderCandles: (provider: string) => `No candles from ${provider} for this pool right now`,
  loadFailed: 'Could not load the market data.',
} as const;

function spanWords(interval: string): string {
  const item = CANDLE_INTERVALS.find((candidate) => candidate.value === interval);
  if (!item) return 'a limited time';
  const hours = (item.seconds * MARKET_DATA_LIMITS.maxCandles) / 3_600;
  return hours < 48 ? `${Math.round(hours)} hours` : `${Math.round(hours / 24)} days`;
}

/** The latest Unix second a query may name (9999-12-31T23:59:59Z). */
const MAX_SECONDS = 253_402_300_799;

const network = z
  .string({ error: tokenMessages.invalidChain })
  .trim()
  .toLowerCase()
  .pipe(z.enum(CHAIN_CODE_VALUES, { error: tokenMessages.invalidChain }));

const chainId = z.coerce
  .number({ error: tokenMessages.invalidChain })
  .int(tokenMessages.invalidChain)
  .optional();

const chainIdMatches = (query: { network: string; chainid?: number | undefined }) =>
  query.chainid === undefined ||
  CHAIN_CODES.find((chain) => chain.code === query.network)?.chainId === query.chainid;

function unixSeconds(name: 'from' | 'to') {
  const message = marketDataMessages.invalidTime(name);
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(MAX_SECONDS, message)
    .optional();
}

/** Path of the market-data calls: the token address (checked against `network` by the server). */
export const marketDataParamsSchema = z.object({
  address: z
    .string({ error: tokenMessages.addressRequired })
    .trim()
    .check(plainText('Token address'))
    .min(1, tokenMessages.addressRequired),
});

/**
 * Query of the candles call: `network` (and optionally `chainid`), `interval` (1m, 5m, 15m, 1h,
 * 4h, 1d; case-insensitive), `from` and `to` in Unix seconds, both inclusive. Without `to` the
 * range ends now; without `from` it holds the last 300 candles. A range of more than 1,000
 * candles, or `from` after `to`, is a 400 (see {@link resolveCandleRange}).
 */
export const candlesQuerySchema = z
  .object({
    network,
    chainid: chainId,
    interval: z
      .string({ error: marketDataMessages.invalidInterval })
      .trim()
      .toLowerCase()
      .pipe(z.enum(CANDLE_INTERVAL_VALUES, { error: marketDataMessages.invalidInterval }))
      .meta({ description: marketDataMessages.invalidInterval }),
    from: unixSeconds('from'),
    to: unixSeconds('to'),
  })
  .refine(chainIdMatches, { message: tokenMessages.invalidChain, path: ['chainid'] })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: marketDataMessages.fromAfterTo,
    path: ['from'],
  });
export type CandlesQuery = z.output<typeof candlesQuerySchema>;
export type CandlesQueryInput = z.input<typeof candlesQuerySchema>;

/** A candle range with its defaults filled in, bucket-aligned, or the 400's message. */
export type CandleRange =
  | { ok: true; from: number; to: number; interval: CandleInterval; seconds: number }
  | { ok: false; message: string };

/**
 * The range a candles query names at `nowSeconds`: `to` defaults to now, `from` to 300 candles
 * before `to`; `from` is rounded down to its bucket's start. More than 1,000 buckets is refused,
 * with the span 1,000 candles cover at that interval in the message.
 */
export function resolveCandleRange(
  query: Pick<CandlesQuery, 'interval' | 'from' | 'to'>,
  nowSeconds: number,
): CandleRange {
  const seconds = candleSeconds(query.interval);
  const to = query.to ?? Math.floor(nowSeconds);
  const from = query.from ?? Math.max(0, to - (MARKET_DATA_LIMITS.defaultCandles - 1) * seconds);
  if (from > to) return { ok: false, message: marketDataMessages.fromAfterTo };
  const first = Math.floor(from / seconds) * seconds;
  const buckets = Math.floor(to / seconds) - first / seconds + 1;
  if (buckets > MARKET_DATA_LIMITS.maxCandles) {
    return { ok: false, message: marketDataMessages.tooManyCandles(query.interval) };
  }
  return { ok: true, from: first, to, interval: query.interval, seconds };
}

const price = z.number().nonnegative();

/**
 * One OHLCV candle: `time` is the bucket's start in Unix seconds; prices in USD (the pool's
 * price in its quote token converted at the block's rate, so a candle's figures are those the
 * list showed when it traded); `volume` in USD; `trades` swaps in the bucket, `null` when the
 * source does not count them (a live DEX provider's candles: GeckoTerminal's OHLCV has no swap
 * count). Buckets without a trade are left out (a chart carries the last close across them).
 */
export const candleSchema = z.object({
  time: z.number().int().nonnegative(),
  open: price,
  high: price,
  low: price,
  close: price,
  volume: z.number().nonnegative(),
  trades: z.number().int().nonnegative().nullable(),
});
export type Candle = z.output<typeof candleSchema>;

/**
 * The market-data header of both calls: where the figures come from (`priceProvider`, as in the
 * detail), and the token's primary pool (its deepest indexed pool), `null` when no indexed pool
 * holds the token: then the lists are empty, which the screens show as "no trades yet". On a
 * chain our indexer does not serve, the candles are the live DEX provider's for the pool the
 * lists show (`priceProvider` then names that provider; the trades stay empty).
 */
const marketHeader = {
  chainName: chainCodeSchema,
  tokenAddress: z.string().min(1),
  pairAddress: z.string().nullable(),
  /** The quote token of the pair (e.g. `WETH`, `USDV`), `null` without a pool. */
  quoteSymbol: z.string().nullable(),
  priceProvider: z.string(),
};

/** Candles of a token's primary pool in `[from, to]`, oldest first. */
export const candlesResponseSchema = z.object({
  ...marketHeader,
  interval: z.enum(CANDLE_INTERVAL_VALUES),
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  candles: z.array(candleSchema).max(MARKET_DATA_LIMITS.maxCandles),
});
export type CandlesResponse = z.output<typeof candlesResponseSchema>;

/** Query of the trades call: `network` (and optionally `chainid`), `limit` 1-100 (50). */
export const tradesQuerySchema = z
  .object({
    network,
    chainid: chainId,
    limit: z.coerce
      .number({ error: marketDataMessages.invalidLimit })
      .int(marketDataMessages.invalidLimit)
      .min(1, marketDataMessages.invalidLimit)
      .max(MARKET_DATA_LIMITS.maxTrades, marketDataMessages.invalidLimit)
      .default(MARKET_DATA_LIMITS.defaultTrades),
  })
  .refine(chainIdMatches, { message: tokenMessages.invalidChain, path: ['chainid'] });
export type TradesQuery = z.output<typeof tradesQuerySchema>;

/** A decimal amount in whole tokens, e.g. `1250.5`. */
const decimalAmount = z.string().regex(/^\d+(\.\d+)?$/, 'a decimal amount');

/**
 * One trade (a Swap log of the primary pool): `side` is the token's side (a `buy` takes the
 * token out of the pool); `tokenAmount` and `quoteAmount` in whole tokens; `priceUsd` the
 * token's USD price after the trade and `volumeUsd` its size in USD, `null` when the quote token
 * has no USD rate; `trader` the sender of the swap's transaction (its `from`: the wallet that
 * signed it, also when a router or aggregator makes the swap and the pool pays a contract).
 */
export const tradeSchema = z.object({
  time: z.number().int().nonnegative(),
  side: z.enum(['buy', 'sell']),
  tokenAmount: decimalAmount,
  quoteAmount: decimalAmount,
  priceUsd: z.number().nonnegative().nullable(),
  volumeUsd: z.number().nonnegative().nullable(),
  trader: z.string().min(1),
  txHash: z.string().min(1),
  blockNumber: z.string().regex(/^\d+$/),
});
export type Trade = z.output<typeof tradeSchema>;

/** The latest trades of a token's primary pool, newest first. */
export const tradesResponseSchema = z.object({
  ...marketHeader,
  trades: z.array(tradeSchema).max(MARKET_DATA_LIMITS.maxTrades),
});
export type TradesResponse = z.output<typeof tradesResponseSchema>;
