import { describe, expect, it } from 'vitest';
import {
  MARKET_DATA_LIMITS,
  candlesQuerySchema,
  candlesResponseSchema,
  marketDataMessages,
  resolveCandleRange,
  tradeSchema,
  tradesQuerySchema,
} from './market-data';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('candlesQuerySchema', () => {
  it('reads the interval case-insensitively and times as Unix seconds', () => {
    expect(
      candlesQuerySchema.parse({ network: 'ETH', interval: '1H', from: '60', to: '7200' }),
    ).toEqual({ network: 'eth', interval: '1h', from: 60, to: 7200 });
  });

  it('refuses an unknown interval with the list of intervals', () => {
    const result = candlesQuerySchema.safeParse({ network: 'eth', interval: '2m' });
    expect(firstMessage(result)).toBe(marketDataMessages.invalidInterval);
    expect(marketDataMessages.invalidInterval).toBe(
      'interval must be one of: 1m, 5m, 15m, 1h, 4h, 1d.',
    );
  });

  it('refuses a missing interval, fractional or negative times and from after to', () => {
    expect(candlesQuerySchema.safeParse({ network: 'eth' }).success).toBe(false);
    expect(
      firstMessage(candlesQuerySchema.safeParse({ network: 'eth', interval: '1m', from: '1.5' })),
    ).toBe(marketDataMessages.invalidTime('from'));
    expect(
      firstMessage(candlesQuerySchema.safeParse({ network: 'eth', interval: '1m', to: '-1' })),
    ).toBe(marketDataMessages.invalidTime('to'));
    expect(
      firstMessage(
        candlesQuerySchema.safeParse({ network: 'eth', interval: '1m', from: '120', to: '60' }),
      ),
    ).toBe(marketDataMessages.fromAfterTo);
  });

  it('refuses a chain id that is not the network', () => {
    const result = candlesQuerySchema.safeParse({ network: 'eth', chainid: '56', interval: '1m' });
    expect(firstMessage(result)).toBe('Invalid blockchain selected.');
  });
});

describe('resolveCandleRange', () => {
  const now = 1_800_000_000;

  it('ends now and holds the last 300 buckets without from and to', () => {
    const range = resolveCandleRange({ interval: '1m' }, now);
    expect(range).toEqual({
      ok: true,
      from: Math.floor((now - 299 * 60) / 60) * 60,
      to: now,
      interval: '1m',
      seconds: 60,
    });
  });

  it('allows exactly 1,000 buckets and refuses 1,001 with the span in words', () => {
    const to = 60 * 10_000;
    expect(resolveCandleRange({ interval: '1m', from: to - 999 * 60, to }, now).ok).toBe(true);
    const refused = resolveCandleRange({ interval: '1m', from: to - 1000 * 60, to }, now);
    expect(refused).toEqual({ ok: false, message: marketDataMessages.tooManyCandles('1m') });
    expect(marketDataMessages.tooManyCandles('1m')).toContain('17 hours');
    expect(marketDataMessages.tooManyCandles('1d')).toContain('1000 days');
  });

  it('counts a from in the middle of a bucket from that bucket', () => {
    const range = resolveCandleRange({ interval: '5m', from: 301, to: 900 }, now);
    expect(range).toMatchObject({ ok: true, from: 300, to: 900 });
  });

  it('refuses from after a defaulted to', () => {
    expect(resolveCandleRange({ interval: '1m', from: now + 60 }, now)).toEqual({
      ok: false,
      message: marketDataMessages.fromAfterTo,
    });
  });
});

describe('trades', () => {
  it('defaults limit to 50 and refuses more than 100', () => {
    expect(tradesQuerySchema.parse({ network: 'bsc' })).toEqual({ network: 'bsc', limit: 50 });
    expect(firstMessage(tradesQuerySchema.safeParse({ network: 'bsc', limit: '101' }))).toBe(
      marketDataMessages.invalidLimit,
    );
    expect(MARKET_DATA_LIMITS.maxTrades).toBe(100);
  });

  it('keeps token amounts as decimal strings', () => {
    const trade = {
      time: 1,
      side: 'buy',
      tokenAmount: '123456789012345678901234.000000000000000001',
      quoteAmount: '0.5',
      priceUsd: null,
      volumeUsd: null,
      trader: '0x1',
      txHash: '0x2',
      blockNumber: '7',
    };
    expect(tradeSchema.parse(trade)).toEqual(trade);
    expect(tradeSchema.safeParse({ ...trade, tokenAmount: 1.5 }).success).toBe(false);
  });

  it('caps a candles answer at 1,000 candles', () => {
    const candle = { time: 0, open: 1, high: 1, low: 1, close: 1, volume: 0, trades: 0 };
    const answer = {
      chainName: 'eth',
      tokenAddress: '0x1',
      pairAddress: null,
      quoteSymbol: null,
      priceProvider: 'x',
      interval: '1m',
      from: 0,
      to: 0,
      candles: Array.from({ length: 1001 }, () => candle),
    };
    expect(candlesResponseSchema.safeParse(answer).success).toBe(false);
  });

  it("takes a provider's candles, whose trades are not counted (null), never a made-up 0", () => {
    const answer = {
      chainName: 'eth',
      tokenAddress: '0x1',
      pairAddress: '0x2',
      quoteSymbol: 'WETH',
      priceProvider: 'GeckoTerminal',
      interval: '1h',
      from: 0,
      to: 3600,
      candles: [{ time: 0, open: 1, high: 2, low: 1, close: 2, volume: 5, trades: null }],
    };
    expect(candlesResponseSchema.parse(answer).candles[0]?.trades).toBeNull();
  });
});
