import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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
});
