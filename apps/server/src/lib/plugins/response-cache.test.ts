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
});
