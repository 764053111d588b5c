import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous 200 answers of this GET route may be served from the response cache. */
    responseCache?: boolean;
  }
  interface FastifyRequest {
    responseCacheKey?: string;
    /** Set when this request builds the answer others missing the same key wait for. */
    responseCacheShare?: (answer: CachedAnswer | undefined) => void;
    /** The cache's generation when the request began: an answer built across a clear is not kept. */
    responseCacheGeneration?: number;
  }
}

/** A kept answer: its bytes and their entity tag, made once when the answer is kept. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

/**
 * A weak entity tag of an answer's JSON: weak, as the compression plugin sends it in more than
 * one encoding (the same JSON, so `If-None-Match` compares equal whatever the encoding).
 */
export const entityTag = (body: Buffer): string =>
  `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * A small cache of whole JSON answers, for open GET routes whose answer depends only on the
 * URL and the data (token lists and details): at most `maxEntries` answers, each for at most
 * `ttlMs`, least recently used dropped first. The owner of the data clears it when the data
 * changes; the time limit bounds what can go stale without a clear (age-band membership as
 * time passes, a load by another process).
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer & { expiresAt: number }>();
  hits = 0;
  misses = 0;
  /** Counts clears: an answer whose building began before a clear may hold the old data. */
  generation = 0;
  /**
   * Answers being built now, by key and generation: callers that miss the same answer at the
   * same moment (every list after a clear) wait for the one build instead of each building it.
   */
  readonly building = new Map<string, Promise<CachedAnswer | undefined>>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxEntries > 0;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.nowMs()) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `body` under `key`, with its entity tag (a hash of the bytes, once per kept answer). */
  set(key: string, body: Buffer): CachedAnswer {
    const answer = { body, etag: entityTag(body) };
    this.entries.delete(key);
    this.entries.set(key, { ...answer, expiresAt: this.nowMs() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return answer;
  }

  clear(): void {
    this.entries.clear();
    this.generation += 1;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether the caller already holds the answer tagged `etag` (`If-None-Match`, weak comparison). */
function holds(request: FastifyRequest, etag: string): boolean {
  const held = request.headers['if-none-match'];
  if (held === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return held.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * A kept answer for this caller: its bytes, or 304 without them when the caller holds them.
 * Kept answers are marked for revalidation (`no-cache`): a browser keeps one and asks again with
 * its tag, so the token detail's market, read again every second on our indexer's chains, gets
 * headers alone while the answer has not changed.
 */
/**
 * A kept answer's 200 and its 304s alike (a 304 repeats the 200's Vary), in the compression
 * plugin's spelling, which it looks for before adding its own (case-sensitively).
 */
const VARY = 'accept-encoding';

function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  how: 'hit' | 'shared',
) {
  void reply
    .header('x-cache', how)
    .header('etag', answer.etag)
    .header('cache-control', 'no-cache')
    .header('vary', VARY);
  if (holds(request, answer.etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(answer.body);
}

/**
 * Serves the GET routes marked `config: { responseCache: true }` from `cache` for callers
 * without an `Authorization` header (a logged-in caller's answer carries `is_favourite`).
 * Register after the security plugins, so cached answers get the same headers. Answers say
 * `x-cache: hit` or `miss`, and a kept answer carries its entity tag: a caller that sends it
 * back (`If-None-Match`) while the answer is unchanged gets 304 without a body. An answer that
 * is not kept (an error, a logged-in caller's, one built across a clear) carries no tag.
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
    const kept = cache.get(request.url);
    if (kept) {
      cache.hits += 1;
      return sendKept(request, reply, kept, 'hit');
    }
    cache.misses += 1;
    const flight = `${cache.generation} ${request.url}`;
    const shared = cache.building.get(flight);
    if (shared) {
      const built = await shared;
      if (built) return sendKept(request, reply, built, 'shared');
      // The shared build failed or was not cacheable: this caller builds its own answer.
    } else {
      let share!: (answer: CachedAnswer | undefined) => void;
      cache.building.set(flight, new Promise((resolve) => (share = resolve)));
      request.responseCacheShare = (answer) => {
        cache.building.delete(flight);
        share(answer);
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
      const kept = cache.set(request.responseCacheKey, body);
      request.responseCacheShare?.(kept);
      request.responseCacheShare = undefined;
      void reply.header('etag', kept.etag).header('cache-control', 'no-cache').header('vary', VARY);
      // A caller whose copy is this same answer (the data changed elsewhere, not here) gets no
      // body. Null, not '': an empty string goes out with `Content-Length: 0`, which a 304 must
      // not say (the length is the 200's); the compression hook passes null through.
      if (holds(request, kept.etag)) {
        void reply.code(304);
        return null;
      }
      return payload;
    }
    request.responseCacheShare?.(undefined);
    request.responseCacheShare = undefined;
    return payload;
  });
}
