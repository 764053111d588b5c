import { describe, expect, it } from 'vitest';
import { type TokenDetailResponse, tokenDetailResponseSchema } from '@vaultscope/core';
import { expectedTokens, shippedSnapshot } from '../test/research-data';
import { startTestApp } from '../test/test-app';
import { DetailModelClosedError, TokenDetailModel } from './token-detail-model';
import { TokensRepository } from './tokens-repository';

/**
 * The token detail model's load (issue 12): the app does not wait for it, so the server listens
 * at once and answers details from the database while it loads, the same bytes as once it is
 * loaded; closing the app stops a load in progress and waits for it.
 */
describe('the token detail model at start', () => {
  it('answers details from the database while it loads, byte for byte as once loaded', async () => {
    const t = await startTestApp({}, { loadSnapshots: true, awaitDetailModel: false });
    try {
      const { details, research } = t.app.services;
      // The app is handed over without waiting for the load. Whether it has finished by now
      // depends on the database; a reload (as after another instance's write) makes the
      // state certain: nothing is answered from memory until it is done.
      await details.settled();
      details.invalidate();
      expect(details.state).toBe('loading');
      const health = await t.request({ method: 'GET', url: '/api/health' });
      expect(health.json().detailModel).toBe('loading');
      const [token] = expectedTokens(shippedSnapshot(), t.clock.now());
      const url = `/get-token-details/${token!.token.address}?network=${token!.chainName}`;
      // The repository path's answer: an object, not written JSON.
      const early = await research.detailAnswer(token!.token.address, token!.chainName);
      expect(typeof early).toBe('object');
      const during = await t.request({ method: 'GET', url });
      expect(during.statusCode).toBe(200);
      const expected = tokenDetailResponseSchema.encode(early as TokenDetailResponse);
      expect(during.body).toBe(JSON.stringify(expected));

      await details.settled();
      expect(details.state).toBe('loaded');
      expect(t.logs()).toContain('token detail model loaded');
      expect(details.size).toBeGreaterThan(0);
      const held = await research.detailAnswer(token!.token.address, token!.chainName);
      expect(Buffer.isBuffer(held)).toBe(true);
      expect(held.toString()).toBe(during.body);
      const after = await t.request({ method: 'GET', url });
      expect(after.body).toBe(during.body);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('is stopped and awaited when the app closes during a load', async () => {
    const t = await startTestApp({}, { loadSnapshots: true });
    const { details } = t.app.services;
    const loadedLines = () => t.logs().split('token detail model loaded').length - 1;
    expect(loadedLines()).toBe(1);
    details.invalidate();
    expect(details.state).toBe('loading');
    await t.close();
    // Stopped before its first page: nothing loaded, nothing logged.
    expect(details.state).toBe('not loaded');
    expect(loadedLines()).toBe(1);
    expect(t.logs()).not.toContain('token detail model not loaded');
    // Closed: no load starts again, whatever asks for one.
    await expect(details.load()).rejects.toBeInstanceOf(DetailModelClosedError);
    expect(await details.get(expectedTokens(shippedSnapshot(), t.clock.now())[0]!.id)).toBe(
      undefined,
    );
  }, 120_000);

  it('ends a load at its next page once closed, and close waits for it', async () => {
    const t = await startTestApp({}, { loadSnapshots: true });
    try {
      const repository = new TokensRepository(t.app.db.handle.db);
      let pages = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const model = new TokenDetailModel({
        version: () => repository.dataVersion(),
        page: async (afterId, limit) => {
          pages += 1;
          if (pages === 1) await held;
          return repository.detailPage(afterId, limit);
        },
        byIds: (ids) => repository.detailsOf(ids),
        recheckMs: 5_000,
        nowMs: () => 0,
        pageSize: 10,
      });
      const load = model.load();
      const failed = expect(load).rejects.toBeInstanceOf(DetailModelClosedError);
      while (pages === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      let closed = false;
      const closing = model.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The page being read is not abandoned mid-way: close waits for it.
      expect(closed).toBe(false);
      release();
      await closing;
      await failed;
      expect(pages).toBe(1);
      expect(model.size).toBe(0);
      expect(await model.get('anything')).toBeUndefined();
      expect(pages).toBe(1);
    } finally {
      await t.close();
    }
  }, 120_000);
});
