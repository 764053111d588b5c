import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { registerResponseCache, ResponseCache } from './response-cache';

describe('response cache', () => {
  it('does not keep an answer whose data changed while it was being built', async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    let data = 'old';
    let release!: () => void;
    let gate = Promise.resolve();
    app.get('/list', { config: { responseCache: true } }, async () => {
      const read = data;
      await gate;
      return { data: read };
    });
    // A request reads the old data; the data changes (and the cache is cleared) before it answers.
    gate = new Promise((resolve) => (release = resolve));
    const slow = app.inject({ method: 'GET', url: '/list' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    data = 'new';
    cache.clear();
    release();
    expect((await slow).json()).toEqual({ data: 'old' });
    gate = Promise.resolve();
    // The next caller gets the new data, not the answer built from the old.
    const next = await app.inject({ method: 'GET', url: '/list' });
    expect(next.headers['x-cache']).toBe('miss');
    expect(next.json()).toEqual({ data: 'new' });
    const again = await app.inject({ method: 'GET', url: '/list' });
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.json()).toEqual({ data: 'new' });
    await app.close();
  });

  it('keeps an answer sent as bytes (a held token detail) as it keeps a serialised one', async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    let builds = 0;
    app.get('/detail', { config: { responseCache: true } }, async (_request, reply) => {
      builds += 1;
      return reply.type('application/json; charset=utf-8').send(Buffer.from('{"id":"é"}'));
    });
    const first = await app.inject({ method: 'GET', url: '/detail' });
    expect(first.headers['x-cache']).toBe('miss');
    const again = await app.inject({ method: 'GET', url: '/detail' });
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.json()).toEqual({ id: 'é' });
    expect(builds).toBe(1);
    await app.close();
  });

  it('builds an answer once for callers that miss it at the same time (after a clear)', async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/list', { config: { responseCache: true } }, async () => {
      builds += 1;
      await gate;
      return { page: 1 };
    });
    const answers = Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/list' })),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const responses = await answers;
    expect(builds).toBe(1);
    expect(responses.every((res) => res.statusCode === 200)).toBe(true);
    expect(responses.every((res) => res.body === '{"page":1}')).toBe(true);
    await app.close();
  });

  it('lets waiting callers build their own answer when the shared one fails', async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    let builds = 0;
    app.get('/list', { config: { responseCache: true } }, async () => {
      builds += 1;
      const build = builds;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (build === 1) throw new Error('the first build fails');
      return { page: 1 };
    });
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/list' }),
      app.inject({ method: 'GET', url: '/list' }),
    ]);
    expect(first.statusCode).toBe(500);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ page: 1 });
    await app.close();
  });
  it('answers 304 without a body to a caller that holds the unchanged answer, and the new one after a change', async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    let price = '1.00';
    app.get('/detail', { config: { responseCache: true } }, async () => ({ price }));
    const first = await app.inject({ method: 'GET', url: '/detail' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    // Kept (a hit) and rebuilt after a clear with the same data (a miss): both unchanged.
    const hit = await app.inject({
      method: 'GET',
      url: '/detail',
      headers: { 'if-none-match': etag },
    });
    expect([hit.statusCode, hit.headers['x-cache'], hit.body]).toEqual([304, 'hit', '']);
    cache.clear();
    const rebuilt = await app.inject({
      method: 'GET',
      url: '/detail',
      headers: { 'if-none-match': etag },
    });
    expect([rebuilt.statusCode, rebuilt.headers['x-cache'], rebuilt.body]).toEqual([
      304,
      'miss',
      '',
    ]);
    // A 304 repeats the 200's Vary and says no length (the length would be the 200's).
    for (const notModified of [hit, rebuilt]) {
      expect(notModified.headers['content-length']).toBeUndefined();
      expect(notModified.headers.vary).toBe('accept-encoding');
    }
    price = '1.01';
    cache.clear();
    const changed = await app.inject({
      method: 'GET',
      url: '/detail',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ price: '1.01' });
    expect(changed.headers.etag).not.toBe(etag);
    await app.close();
  });

  it('tags the JSON, not its encoding: a compressed answer is 304 for the tag of any encoding', async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    await registerCompression(app);
    const rows = Array.from({ length: 100 }, (_, i) => ({ i, name: `token ${i}` }));
    app.get('/list', { config: { responseCache: true } }, async () => ({ rows }));
    const gzip = await app.inject({
      method: 'GET',
      url: '/list',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const br = await app.inject({
      method: 'GET',
      url: '/list',
      headers: { 'accept-encoding': 'br', 'if-none-match': gzip.headers.etag as string },
    });
    expect(br.statusCode).toBe(304);
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(br.rawPayload.length).toBe(0);
    expect(gzip.headers.vary).toMatch(/^accept-encoding$/i);
    expect(br.headers.vary).toMatch(/^accept-encoding$/i);
    await app.close();
  });

  it("gives no tag to an answer it does not keep (a logged-in caller's)", async () => {
    const cache = new ResponseCache(60_000, 10);
    const app = Fastify();
    registerResponseCache(app, cache);
    app.get('/detail', { config: { responseCache: true } }, async () => ({ is_favourite: true }));
    const mine = await app.inject({
      method: 'GET',
      url: '/detail',
      headers: { authorization: 'Bearer x' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
    await app.close();
  });
});
