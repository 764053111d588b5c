import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CircuitBreaker } from './circuit-breaker';
import { type ProviderClock, systemProviderClock } from './provider-clock';
import {
  type ProviderError,
  ProviderHttpError,
  ProviderMalformedError,
  ProviderNetworkError,
  ProviderRateLimitedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from './provider-errors';
import { TokenBucket } from './token-bucket';

/** What a provider client logs with: a pino logger or a test's capture. */
export type ProviderLog = Pick<FastifyBaseLogger, 'warn'>;

export interface ProviderClientOptions {
  /** Short name used in logs, errors and rows, e.g. `geckoterminal`. */
  provider: string;
  /** Base URL the paths are appended to (`https://api.geckoterminal.com/api/v2`). */
  baseUrl: string;
  /** Sent with every call: `Accept`, an API key header. Never logged. */
  headers?: Record<string, string>;
  /** The provider's published limit, kept by one token bucket for all calls of this client. */
  ratePerMinute: number;
  /** Calls that may go at once before the rate applies; defaults to min(rate, 5). */
  burst?: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  /** Attempts after the first on 429, 5xx, time-outs and network errors. */
  retries?: number;
  /** First back-off; doubled per attempt, with jitter, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A `Retry-After` longer than this fails the call instead of holding it. */
  maxRetryAfterMs?: number;
  /** Failed attempts in a row that open the circuit. */
  failureThreshold?: number;
  /** How long an open circuit refuses calls before one trial call. */
  coolDownMs?: number;
  fetch?: typeof fetch;
  clock?: ProviderClock;
  /** `[0, 1)`; jitter of back-offs. */
  random?: () => number;
  log?: ProviderLog;
  /** Ends every call of this client at once, waits included (the app closing). */
  signal?: AbortSignal;
}

/** What an adapter's factory passes through to its client: the injected runtime and tuning. */
export type ProviderRuntime = Pick<
  ProviderClientOptions,
  | 'fetch'
  | 'clock'
  | 'random'
  | 'log'
  | 'signal'
  | 'timeoutMs'
  | 'retries'
  | 'backoffMs'
  | 'failureThreshold'
  | 'coolDownMs'
>;

/**
 * What an adapter knows of its API: who it is, where it answers, the headers it wants (a key) and
 * its published rate. The factory (`research-providers.ts`) builds the client from it and the
 * {@link ProviderRuntime} it holds, and hands the client to the adapter.
 */
export type ProviderEndpoint = Pick<
  ProviderClientOptions,
  'provider' | 'baseUrl' | 'headers' | 'ratePerMinute'
>;

export interface GetOptions<T> {
  query?: Record<string, string | number | boolean | undefined>;
  /** Aborts the call (and its waits) from outside. */
  signal?: AbortSignal;
  /**
   * A well-formed answer that still means "try again" (GoPlus answers a rate limit as HTTP 200
   * with `code: 4029`): treated like a 429 without `Retry-After`.
   */
  retryWhen?: (body: T) => boolean;
}

const DEFAULTS = {
  timeoutMs: 10_000,
  retries: 3,
  backoffMs: 500,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 120_000,
  failureThreshold: 5,
  coolDownMs: 60_000,
};

/** An attempt's outcome that decides what happens next. */
type Attempt<T> =
  | { kind: 'ok'; body: T }
  | { kind: 'retry'; error: ProviderError; retryAfterMs?: number }
  | { kind: 'fail'; error: ProviderError; countsAsFailure: boolean };

/**
 * A resilient JSON client for one provider (STYLE 7, MetaMask's `createServicePolicy`):
 * a per-call time-out; bounded retries with exponential back-off and jitter on 429 (honouring
 * `Retry-After`), 5xx, time-outs and network errors; the provider's rate limit kept by a token
 * bucket shared by every call; a circuit breaker; and every answer checked against a zod
 * schema. A malformed answer (not JSON, truncated, wrong-typed fields) is logged with the
 * provider and path only and dropped: the call throws {@link ProviderMalformedError}, it never
 * returns unchecked data. Other 4xx answers throw {@link ProviderHttpError} at once.
 */
export class ProviderClient {
  readonly provider: string;
  private readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  private readonly fetch: typeof fetch;
  private readonly clock: ProviderClock;
  private readonly random: () => number;
  private readonly log: ProviderLog | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly settings: typeof DEFAULTS;
  private readonly bucket: TokenBucket;
  readonly breaker: CircuitBreaker;

  constructor(options: ProviderClientOptions) {
    this.provider = options.provider;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.headers = { accept: 'application/json', ...options.headers };
    this.fetch = options.fetch ?? globalThis.fetch;
    this.clock = options.clock ?? systemProviderClock;
    this.random = options.random ?? Math.random;
    this.log = options.log;
    this.signal = options.signal;
    this.settings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      retries: options.retries ?? DEFAULTS.retries,
      backoffMs: options.backoffMs ?? DEFAULTS.backoffMs,
      maxBackoffMs: options.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
      failureThreshold: options.failureThreshold ?? DEFAULTS.failureThreshold,
      coolDownMs: options.coolDownMs ?? DEFAULTS.coolDownMs,
    };
    this.bucket = new TokenBucket(this.clock, options.ratePerMinute, options.burst);
    this.breaker = new CircuitBreaker(
      this.clock,
      this.settings.failureThreshold,
      this.settings.coolDownMs,
    );
  }

  /** GETs `path` (query values URL-encoded) and returns the answer parsed by `schema`. */
  async get<S extends z.ZodType>(
    path: string,
    schema: S,
    getOptions: GetOptions<z.output<S>> = {},
  ): Promise<z.output<S>> {
    const { retries } = this.settings;
    const signals = [getOptions.signal, this.signal].filter((signal) => signal !== undefined);
    const options = {
      ...getOptions,
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    };
    for (let attempt = 0; ; attempt++) {
      options.signal?.throwIfAborted();
      if (!this.breaker.tryAcquire()) {
        throw new ProviderUnavailableError(this.provider, path, 'circuit open, call not made');
      }
      let outcome: Attempt<z.output<S>>;
      try {
        await this.bucket.take(options.signal);
        outcome = await this.attempt(path, schema, options);
      } catch (error) {
        // Only the caller's own abort gets here: it says nothing about the provider.
        this.breaker.release();
        throw error;
      }
      if (outcome.kind === 'ok') {
        this.breaker.success();
        return outcome.body;
      }
      if (outcome.kind === 'fail') {
        if (outcome.countsAsFailure) this.breaker.failure();
        else this.breaker.success();
        throw outcome.error;
      }
      this.breaker.failure();
      if (attempt >= retries) throw outcome.error;
      const backoff = this.backoff(attempt);
      if (
        outcome.retryAfterMs !== undefined &&
        outcome.retryAfterMs > this.settings.maxRetryAfterMs
      ) {
        throw new ProviderRateLimitedError(
          this.provider,
          path,
          `asked to wait ${Math.round(outcome.retryAfterMs / 1000)} s, more than allowed`,
        );
      }
      await this.clock.sleep(Math.max(backoff, outcome.retryAfterMs ?? 0), options.signal);
    }
  }

  /** Exponential back-off with "equal jitter": half fixed, half random, so retries spread out. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.settings.maxBackoffMs, this.settings.backoffMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  private url(path: string, query: GetOptions<unknown>['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) params.set(key, String(value));
    }
    const search = params.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  private async attempt<S extends z.ZodType>(
    path: string,
    schema: S,
    options: GetOptions<z.output<S>>,
  ): Promise<Attempt<z.output<S>>> {
    const timeout = new AbortController();
    const cancelTimer = this.clock.setTimer(this.settings.timeoutMs, () => timeout.abort());
    const signal = options.signal
      ? AbortSignal.any([options.signal, timeout.signal])
      : timeout.signal;
    try {
      let response: Response;
      let text: string;
      try {
        response = await this.fetch(this.url(path, options.query), {
          headers: this.headers,
          signal,
        });
        text = await response.text();
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (timeout.signal.aborted) {
          return {
            kind: 'retry',
            error: new ProviderTimeoutError(
              this.provider,
              path,
              `no answer within ${this.settings.timeoutMs} ms`,
            ),
          };
        }
        return {
          kind: 'retry',
          error: new ProviderNetworkError(this.provider, path, networkReason(error)),
        };
      }
      const { status } = response;
      // 418: Binance's ban of an address that ignored its 429s, with the ban's length in
      // Retry-After; waited out like a 429 (or failed when longer than allowed).
      if (status === 429 || status === 418) {
        return {
          kind: 'retry',
          error: new ProviderRateLimitedError(this.provider, path, `HTTP ${status}`),
          retryAfterMs: retryAfterMs(response.headers.get('retry-after'), this.clock.now()),
        };
      }
      if (status >= 500) {
        return { kind: 'retry', error: new ProviderHttpError(this.provider, path, status) };
      }
      if (status < 200 || status >= 300) {
        // Our request or an unknown resource: the provider itself answered.
        return {
          kind: 'fail',
          error: new ProviderHttpError(this.provider, path, status),
          countsAsFailure: false,
        };
      }
      const parsed = this.parse(path, schema, text);
      if (!parsed.ok) return { kind: 'fail', error: parsed.error, countsAsFailure: true };
      if (options.retryWhen?.(parsed.body)) {
        return {
          kind: 'retry',
          error: new ProviderRateLimitedError(this.provider, path, 'answer says try again'),
        };
      }
      return { kind: 'ok', body: parsed.body };
    } finally {
      cancelTimer();
    }
  }

  private parse<S extends z.ZodType>(
    path: string,
    schema: S,
    text: string,
  ): { ok: true; body: z.output<S> } | { ok: false; error: ProviderMalformedError } {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.log?.warn(
        { provider: this.provider, path, bytes: text.length },
        'provider answer is not JSON, dropped',
      );
      return {
        ok: false,
        error: new ProviderMalformedError(this.provider, path, 'answer is not JSON'),
      };
    }
    const result = schema.safeParse(json);
    if (!result.success) {
      // Where the answer is wrong, not what it holds: values can be long or carry echoes.
      const issues = result.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      this.log?.warn(
        { provider: this.provider, path, issues },
        'provider answer has the wrong shape, dropped',
      );
      return {
        ok: false,
        error: new ProviderMalformedError(this.provider, path, 'answer has the wrong shape'),
      };
    }
    return { ok: true, body: result.data as z.output<S> };
  }
}

/** A short reason of a failed fetch without its URL (undici's cause carries a code such as ECONNREFUSED). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return `connection failed (${cause.code})`;
  return 'connection failed';
}

/** `Retry-After` as milliseconds from now: seconds or an HTTP date; undefined when absent or bad. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
