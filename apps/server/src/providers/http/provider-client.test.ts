import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from './manual-clock';
import { ProviderClient, type ProviderClientOptions, retryAfterMs } from './provider-client';
import {
  ProviderHttpError,
  ProviderMalformedError,
  ProviderNetworkError,
  ProviderRateLimitedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from './provider-errors';

const schema = z.object({ price: z.string() });
const KEY = 'sk-live-secret-123';

type Reply = Response | Error | 'hang';

/** A fetch that answers from a script, one reply per call, and records what it was asked. */
function scriptedFetch(replies: Reply[], clock?: ManualClock) {
  const calls: { url: string; headers: Record<string, string>; at: number | undefined }[] = [];
  const fakeFetch = ((url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string>, at: clock?.now() });
    const reply = replies.shift() ?? new Response('{"price":"1"}');
    if (reply === 'hang') {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted')));
        clock?.fireTimers();
      });
    }
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  }) as unknown as typeof fetch;
  return { fetch: fakeFetch, calls };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers });
}

function setup(replies: Reply[], options: Partial<ProviderClientOptions> = {}) {
  const clock = new ManualClock();
  const logs: { obj: unknown; msg: string }[] = [];
  const { fetch, calls } = scriptedFetch(replies, clock);
  const client = new ProviderClient({
    provider: 'testprov',
    baseUrl: 'https://api.example.test/v2/',
    headers: { 'x-api-key': KEY },
    ratePerMinute: 600,
    burst: 100,
    random: () => 0.5,
    fetch,
    clock,
    log: { warn: ((obj: unknown, msg: string) => logs.push({ obj, msg })) as never },
    ...options,
  });
  return { client, clock, calls, logs };
}

describe('ProviderClient', () => {
  it('returns the parsed answer, sending the headers and the encoded query', async () => {
    const { client, calls } = setup([json({ price: '0.5', extra: 1 })]);
    await expect(
      client.get('/simple/token', schema, { query: { ids: 'a,b', page: 2, skip: undefined } }),
    ).resolves.toEqual({ price: '0.5' });
    expect(calls[0]?.url).toBe('https://api.example.test/v2/simple/token?ids=a%2Cb&page=2');
    expect(calls[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('retries 5xx and network errors with exponential back-off and jitter, then succeeds', async () => {
    const failure = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNRESET' },
    });
    const { client, clock, calls } = setup([json({}, 502), failure, json({ price: '2' })], {
      backoffMs: 100,
    });
    await expect(client.get('/p', schema)).resolves.toEqual({ price: '2' });
    expect(calls).toHaveLength(3);
    // Equal jitter with random 0.5: 3/4 of 100 * 2^attempt.
    expect(clock.sleeps).toEqual([75, 150]);
  });

  it('gives up after the bounded retries with the last error', async () => {
    const { client, calls } = setup([json({}, 503), json({}, 503), json({}, 503)], {
      retries: 2,
    });
    const error = await client.get('/p', schema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect((error as ProviderHttpError).status).toBe(503);
    expect(calls).toHaveLength(3);
  });

  it('honours Retry-After on 429 when it is longer than the back-off', async () => {
    const { client, clock } = setup([json({}, 429, { 'retry-after': '7' }), json({ price: '3' })]);
    await expect(client.get('/p', schema)).resolves.toEqual({ price: '3' });
    expect(clock.sleeps).toEqual([7_000]);
  });

  it('fails a 429 whose Retry-After is beyond the allowed wait instead of holding the call', async () => {
    const { client, calls } = setup([json({}, 429, { 'retry-after': '3600' })], {
      maxRetryAfterMs: 60_000,
    });
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderRateLimitedError);
    expect(calls).toHaveLength(1);
  });

  it("treats Binance's 418 ban like a 429, and counts it against the circuit", async () => {
    const { client, calls } = setup([json({ code: -1003 }, 418, { 'retry-after': '600' })], {
      maxRetryAfterMs: 60_000,
      failureThreshold: 1,
    });
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderRateLimitedError);
    expect(calls).toHaveLength(1);
    expect(client.breaker.state).toBe('open');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('times a slow answer out and tries again', async () => {
    const { client, calls } = setup(['hang', json({ price: '4' })], { timeoutMs: 1_000 });
    await expect(client.get('/p', schema)).resolves.toEqual({ price: '4' });
    expect(calls).toHaveLength(2);
  });

  it('reports a time-out when every attempt is slow', async () => {
    const { client } = setup(['hang', 'hang'], { retries: 1 });
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('reports a network error without the URL', async () => {
    const failure = Object.assign(new TypeError('fetch failed https://api.example.test'), {
      cause: { code: 'ECONNREFUSED' },
    });
    const { client } = setup([failure], { retries: 0 });
    const error = (await client.get('/p', schema).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(ProviderNetworkError);
    expect(error.message).toBe('testprov /p: connection failed (ECONNREFUSED)');
  });

  it('does not retry other 4xx answers', async () => {
    const { client, calls } = setup([json({ errors: [] }, 404)]);
    const error = await client.get('/p', schema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderHttpError);
    expect((error as ProviderHttpError).status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('drops truncated JSON and wrong-typed fields, logging provider and path but never the key or URL', async () => {
    const { client, logs } = setup([new Response('{"price":"0.1'), json({ price: 0.1 })]);
    await expect(client.get('/a', schema)).rejects.toBeInstanceOf(ProviderMalformedError);
    await expect(client.get('/b', schema)).rejects.toBeInstanceOf(ProviderMalformedError);
    expect(logs.map((log) => log.obj)).toEqual([
      { provider: 'testprov', path: '/a', bytes: 13 },
      {
        provider: 'testprov',
        path: '/b',
        issues: ['price: Invalid input: expected string, received number'],
      },
    ]);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('api.example.test');
  });

  it('retries a well-formed answer that says to try again', async () => {
    const envelope = z.object({ code: z.number() });
    const { client, calls } = setup([json({ code: 4029 }), json({ code: 1 })]);
    await expect(
      client.get('/p', envelope, { retryWhen: (body) => body.code === 4029 }),
    ).resolves.toEqual({ code: 1 });
    expect(calls).toHaveLength(2);
  });

  it('keeps the rate limit across calls with one token bucket', async () => {
    const { client, clock } = setup([], { ratePerMinute: 30, burst: 2 });
    for (let i = 0; i < 4; i++) await client.get('/p', schema);
    // Two at once, then one every 2 s (30 a minute).
    expect(clock.sleeps).toEqual([2_000, 2_000]);
  });

  it('spreads concurrent calls over the rate in arrival order', async () => {
    const { client, clock, calls } = setup([], { ratePerMinute: 60, burst: 1 });
    const started = clock.now();
    await Promise.all([0, 1, 2].map(() => client.get('/p', schema)));
    expect(calls.map((call) => (call.at ?? 0) - started)).toEqual([0, 1_000, 2_000]);
  });

  it('opens the circuit after consecutive failures, fails fast, then lets one trial call through', async () => {
    const { client, clock, calls } = setup(
      [json({}, 500), json({}, 500), json({}, 500), json({ price: '5' })],
      { retries: 0, failureThreshold: 3, coolDownMs: 30_000 },
    );
    for (let i = 0; i < 3; i++) {
      await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderHttpError);
    }
    expect(client.breaker.state).toBe('open');
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(calls).toHaveLength(3);

    clock.advance(30_000);
    expect(client.breaker.state).toBe('half-open');
    await expect(client.get('/p', schema)).resolves.toEqual({ price: '5' });
    expect(client.breaker.state).toBe('closed');
    expect(calls).toHaveLength(4);
  });

  it('opens again for a whole cool-down when the trial call fails', async () => {
    const { client, clock, calls } = setup([json({}, 500), json({}, 500)], {
      retries: 0,
      failureThreshold: 1,
      coolDownMs: 10_000,
    });
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderHttpError);
    clock.advance(10_000);
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderHttpError);
    expect(client.breaker.state).toBe('open');
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(calls).toHaveLength(2);
  });

  it('lets only one trial call through while half-open', async () => {
    const { client, clock, calls } = setup([json({}, 500)], {
      retries: 0,
      failureThreshold: 1,
      coolDownMs: 1_000,
    });
    await expect(client.get('/p', schema)).rejects.toBeInstanceOf(ProviderHttpError);
    clock.advance(1_000);
    const results = await Promise.allSettled([client.get('/p', schema), client.get('/p', schema)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ProviderUnavailableError);
    expect(calls).toHaveLength(2);
  });

  it('stops retrying when the caller aborts', async () => {
    const controller = new AbortController();
    const { client, calls } = setup([json({}, 500), json({ price: '1' })]);
    const fetchFirst = client.get('/p', schema, { signal: controller.signal });
    controller.abort(new Error('stopped'));
    await expect(fetchFirst).rejects.toThrow('stopped');
    expect(calls.length).toBeLessThanOrEqual(1);
    expect(client.breaker.state).toBe('closed');
  });
});
