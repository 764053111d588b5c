import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous 200 answers of this GET route may be served from the response cache. */
    responseCache?: boolean;
  }
  interface FastifyRequest {
    responseCacheKey?: string;
    /** Set when this request builds the answer others missing the same key wait for. */
    responseCacheShare?: (body: Buffer | undefined) => void;
    /** The cache's generation when the request began: an answer built across a clear is not kept. */
    responseCacheGeneration?: number;
  }
}

/**
 * A small cache of whole JSON answers, for open GET routes whose answer depends only on the
 * URL and the data (token lists and details): at most `maxEntries` answers, each for at most
 * `ttlMs`, least recently used dropped first. The owner of the data clears it when the data
 * changes; the time limit bounds what can go stale without a clear (age-band membership as
 * time passes, a load by another process).
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: Buffer; expiresAt: number }>();
  hits = 0;
  misses = 0;
  /** Counts clears: an answer whose building began before a clear may hold the old data. */
  generation = 0;
  /**
   * Answers being built now, by key and generation: callers that miss the same answer at the
   * same moment (every list after a clear) wait for the one build instead of each building it.
   */
  readonly building = new Map<string, Promise<Buffer | undefined>>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.nowMs()) return undefined;
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, body: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, { body, expiresAt: this.nowMs() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Serves the GET routes marked `config: { responseCache: true }` from `cache` for callers
 * without an `Authorization` header (a logged-in caller's answer carries `is_favourite`).
 * Register after the security plugins, so cached answers get the same headers. Answers say
 * `x-cache: hit` or `miss`.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  if (!cache.enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.method !== 'GET' ||
      request.headers.authorization !== undefined ||
      request.routeOptions.config.responseCache !== true
    ) {
      return;
    }
    const body = cache.get(request.url);
    if (body) {
      cache.hits += 1;
      return reply.header('x-cache', 'hit').type(JSON_TYPE).send(body);
    }
    cache.misses += 1;
    const flight = `${cache.generation} ${request.url}`;
    const shared = cache.building.get(flight);
    if (shared) {
      const built = await shared;
      if (built) return reply.header('x-cache', 'shared').type(JSON_TYPE).send(built);
      // The shared build failed or was not cacheable: this caller builds its own answer.
    } else {
      let share!: (body: Buffer | undefined) => void;
      cache.building.set(flight, new Promise((resolve) => (share = resolve)));
      request.responseCacheShare = (body) => {
        cache.building.delete(flight);
        share(body);
      };
    }
    request.responseCacheKey = request.url;
    request.responseCacheGeneration = cache.generation;
  });
  // Whatever became of the build (an error, a closed connection), the waiters are let go.
  app.addHook('onResponse', async (request) => request.responseCacheShare?.(undefined));
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.responseCacheKey === undefined) return payload;
    void reply.header('x-cache', 'miss');
    // Data that changed while this answer was built (a clear since it began) may be missing from
    // it: it goes out, but is not kept for the next caller.
    // A serialised answer is a string; one written as bytes (a held token's detail) a buffer,
    // made for this answer alone.
    if (
      reply.statusCode === 200 &&
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      request.responseCacheGeneration === cache.generation
    ) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      cache.set(request.responseCacheKey, body);
      request.responseCacheShare?.(body);
    } else {
      request.responseCacheShare?.(undefined);
    }
    request.responseCacheShare = undefined;
    return payload;
  });
}
