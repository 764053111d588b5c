import { addressKey, type Candle, type CandleInterval, type ChainCode } from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import type { DexDataProvider } from './providers';

/**
 * How long a pool's candles from the provider are answered again without asking it. The chart
 * asks every second while it is open, and GeckoTerminal allows 30 calls a minute for the whole
 * server (its pool loads included): a minute per pool and interval keeps a detail page at one
 * call a minute, and the last candle's figures at most a minute old.
 */
export const PROVIDER_CANDLES_TTL_MS = 60_000;
/** How long a failed call answers "no candles" without asking again (and without logging again). */
export const PROVIDER_CANDLES_FAILURE_TTL_MS = 15_000;
/** Pools and intervals kept at most; the oldest asked goes first. */
const MAX_ENTRIES = 2_000;

/** A candle range as core's `resolveCandleRange` gives it. */
export interface CandleWindow {
  interval: CandleInterval;
  /** Bucket length in seconds. */
  seconds: number;
  /** First bucket start and last second, both inclusive (Unix seconds). */
  from: number;
  to: number;
}

interface Entry {
  /** The first and last bucket starts the call asked for. */
  first: number;
  last: number;
  /** The candles, or null when the call failed. */
  answer: Promise<Candle[] | null>;
  /** Clock ms after which the entry is asked again; infinite while the call runs. */
  expiresAt: number;
}

export interface ProviderCandlesOptions {
  fetchCandles: NonNullable<DexDataProvider['fetchCandles']>;
  /** The provider's name in the log (`geckoterminal`). */
  provider: string;
  clock: Clock;
  log: FastifyBaseLogger;
  ttlMs?: number;
  failureTtlMs?: number;
}

/**
 * Candles of pools our indexer does not follow, from the live DEX provider (GeckoTerminal's
 * OHLCV), kept a short while per pool and interval. One entry holds the buckets its call asked
 * for: a request inside them (the chart's refreshes, a narrower range) is answered from it until
 * it expires; one that reaches past them (a new bucket began, an older range) asks again and
 * replaces it. Requests arriving while a call runs wait for that call.
 *
 * A provider that fails (circuit open, 5xx, time-out, a malformed answer) costs the chart its
 * candles, never the request: the answer is an empty list, the failure is logged once and
 * remembered for {@link PROVIDER_CANDLES_FAILURE_TTL_MS}, so a page refreshing every second
 * neither calls nor logs again meanwhile.
 */
export class ProviderCandles {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: ProviderCandlesOptions) {}

  /** The pool's candles in `window`, oldest first; none when the provider has none or failed. */
  async candles(
    chainName: ChainCode,
    poolAddress: string,
    window: CandleWindow,
  ): Promise<Candle[]> {
    const key = `${chainName}:${addressKey(chainName, poolAddress)}:${window.interval}`;
    const last = Math.floor(window.to / window.seconds) * window.seconds;
    let entry = this.entries.get(key);
    const now = this.options.clock.now().getTime();
    if (!entry || entry.expiresAt <= now || entry.first > window.from || entry.last < last) {
      entry = this.ask(key, chainName, poolAddress, window, last);
    }
    const candles = (await entry.answer) ?? [];
    return candles.filter((candle) => candle.time >= window.from && candle.time <= window.to);
  }

  private ask(
    key: string,
    chainName: ChainCode,
    poolAddress: string,
    window: CandleWindow,
    last: number,
  ): Entry {
    const { fetchCandles, clock, log } = this.options;
    const entry: Entry = {
      first: window.from,
      last,
      expiresAt: Number.POSITIVE_INFINITY,
      answer: Promise.resolve(null),
    };
    const expireIn = (ms: number) => (entry.expiresAt = clock.now().getTime() + ms);
    entry.answer = (async () => {
      try {
        // The buckets from `from` to the one `to` falls in: before the next one's start.
        const candles = await fetchCandles(chainName, poolAddress, window.interval, {
          before: last + window.seconds,
          limit: (last - window.from) / window.seconds + 1,
        });
        expireIn(this.options.ttlMs ?? PROVIDER_CANDLES_TTL_MS);
        return candles;
      } catch (error) {
        expireIn(this.options.failureTtlMs ?? PROVIDER_CANDLES_FAILURE_TTL_MS);
        log.warn(
          {
            provider: this.options.provider,
            chainName,
            pool: poolAddress,
            interval: window.interval,
            reason: error instanceof Error ? error.name : typeof error,
          },
          'provider candles not fetched: the chart answers none for now',
        );
        return null;
      }
    })();
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const [oldest] = this.entries.keys();
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }
}
