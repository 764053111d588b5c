import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTE_DATA_ID,
  tokenDetailResponseSchema,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { expectedTokens, shippedSnapshot, type ExpectedToken } from '../test/research-data';
import { NotFoundError } from '../lib/errors';
import { ResponseCache } from '../lib/plugins/response-cache';
import { registerWebApp } from '../lib/plugins/web-app';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import { writeDetailWebDist } from '../test/web-dist';
import {
  detailApiUrl,
  detailPageData,
  PAGE_DATA_TIMEOUT_MS,
  type DetailPageDataOptions,
} from './detail-page-data';
import type { DetailCaller, TokenResearch } from './token-research';

let t: TestApp;
let webDist: string;
let evm: ExpectedToken;

beforeAll(async () => {
  webDist = writeDetailWebDist();
  t = await startTestApp({ WEB_DIST_DIR: webDist }, { loadSnapshots: true });
  evm = expectedTokens(shippedSnapshot(), t.clock.now()).find(
    (token) => token.chainName === 'eth',
  )!;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The page's data block, parsed, or undefined when it has none. */
function blockOf(html: string): unknown {
  const open = `<script type="application/json" id="${ROUTE_DATA_ID}">`;
  const at = html.indexOf(open);
  if (at === -1) return undefined;
  const text = html.slice(at + open.length, html.indexOf('</script>', at));
  return JSON.parse(text);
}

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  return res;
}

describe("a token detail page's HTML carries the detail's answer", () => {
  it("is the API's answer for a visitor, byte for byte once parsed, after the frame", async () => {
    const address = evm.token.address;
    const api = await t.request({
      method: 'GET',
      url: `/get-token-details/${address}?network=eth`,
    });
    expect(api.statusCode).toBe(200);
    for (const url of [`/details/${address}?chainName=eth`, `/newdetail/${address}`]) {
      const res = await page(url);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(blockOf(res.body), url).toEqual(api.json());
      expect(tokenDetailResponseSchema.parse(blockOf(res.body))).toMatchObject({
        tokenAddress: address,
        is_favourite: 0,
      });
      // In the body, after #root (whose frame the app hydrates).
      expect(res.body.indexOf(`<dd>${address}</dd>`)).toBeLessThan(res.body.indexOf(ROUTE_DATA_ID));
      expect(res.body.indexOf(ROUTE_DATA_ID)).toBeLessThan(res.body.indexOf('</body>'));
    }
    // Compressed per request like the frame; the same once decoded.
    const url = `/details/${address}?chainName=eth`;
    const br = await page(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe((await page(url)).body);
  });

  it("is the same for a logged-in viewer: the page is no one's (the app asks for its own)", async () => {
    const user = await signupAndLogin(t);
    const address = evm.token.address;
    const toggled = await t.request({
      method: 'POST',
      url: '/api/favourite/toggle-favourite',
      headers: user.auth,
      payload: { itemId: evm.id, type: 'DEX', userId: user.userId },
    });
    expect(toggled.statusCode).toBe(200);
    const own = await t.request({
      method: 'GET',
      url: `/get-token-details/${address}?network=eth`,
      headers: user.auth,
    });
    expect(own.json()).toMatchObject({ is_favourite: 1 });
    const res = await page(`/details/${address}?chainName=eth`, user.auth);
    expect(blockOf(res.body)).toMatchObject({ is_favourite: 0 });
  });

  it('carries nothing for the scam check, another chain, an unknown token or path', async () => {
    const address = evm.token.address;
    for (const url of [
      `/details/${address}?chainName=eth&checkScam=true`,
      `/details/${address}?chainName=nochain`,
      `/details/${address}?chainName=bsc`,
      '/details/0x000000000000000000000000000000000000dEaD?chainName=eth',
      '/details/abc?chainName=eth',
    ]) {
      const res = await page(url);
      expect(blockOf(res.body), url).toBeUndefined();
    }
    // An address the frame does not take gets neither.
    const odd = await page(`/details/${address}%3C?chainName=eth`);
    expect(blockOf(odd.body)).toBeUndefined();
  });

  it("is kept in the API's response cache: the app's request for it is a hit", async () => {
    // A token of another chain than the tests above read, so no earlier answer is cached.
    const token = expectedTokens(shippedSnapshot(), t.clock.now()).find(
      (candidate) => candidate.chainName === 'bsc',
    )!;
    const address = token.token.address;
    const res = await page(`/details/${address}?chainName=bsc`);
    // The URL the app asks (features/tokens/api/token-detail.ts getTokenDetail).
    const url = `/get-token-details/${address}?chainid=56&network=bsc`;
    expect(detailApiUrl(address, 'bsc')).toBe(url);
    const api = await t.request({ method: 'GET', url });
    expect(api.headers['x-cache']).toBe('hit');
    expect(blockOf(res.body)).toEqual(api.json());
  });
});

describe('a HEAD request for a detail page', () => {
  it('reads no data (it gets no body)', async () => {
    const app = Fastify();
    const reads: string[] = [];
    await registerWebApp(app, webDist, {
      pageData: async (request) => {
        reads.push(request.method);
        return '{"id":"x"}';
      },
    });
    const address = evm.token.address;
    const head = await app.inject({ method: 'HEAD', url: `/details/${address}` });
    expect(head.statusCode).toBe(200);
    expect(reads).toEqual([]);
    const get = await app.inject({ method: 'GET', url: `/details/${address}` });
    expect(blockOf(get.body)).toEqual({ id: 'x' });
    expect(reads).toEqual(['GET']);
    await app.close();
  });
});

describe('detailPageData', () => {
  const address = '0x5eAd87897B90234527efa981D7d0e87704BcF025';

  function research(answer: () => Promise<Buffer | TokenDetailResponse>) {
    const calls: { address: string; network: string; caller: DetailCaller | undefined }[] = [];
    return {
      calls,
      detailAnswer: async (a: string, network: string, caller?: DetailCaller) => {
        calls.push({ address: a, network, caller });
        return answer();
      },
    };
  }

  /** The data of the address's `/details/` page for a visitor, read through `research`. */
  const pageOf = (
    fake: Pick<TokenResearch, 'detailAnswer'>,
    options?: DetailPageDataOptions,
  ): Promise<string | undefined> =>
    detailPageData(fake, `/details/${address}`, new URLSearchParams(), { ip: '' }, options);

  it('reads the detail without starting a scan, on the chain the page reads', async () => {
    const fake = research(async () => Buffer.from('{"id":"x"}'));
    const search = (query: string) => new URLSearchParams(query);
    expect(
      await detailPageData(fake, `/details/${address}`, search('chainName=avax'), {
        ip: '1.2.3.4',
      }),
    ).toBe('{"id":"x"}');
    await detailPageData(fake, `/newdetail/${address}`, search(''), { ip: '1.2.3.4' });
    const solana = 'So11111111111111111111111111111111111111112';
    await detailPageData(fake, `/details/${solana}`, search(''), { ip: '1.2.3.4' });
    expect(fake.calls).toEqual([
      { address, network: 'avax', caller: { ip: '1.2.3.4', scanIfMissing: false } },
      { address, network: 'eth', caller: { ip: '1.2.3.4', scanIfMissing: false } },
      { address: solana, network: 'solana', caller: { ip: '1.2.3.4', scanIfMissing: false } },
    ]);
  });

  it('writes an object answer through the schema, and gives nothing for a failed read', async () => {
    const detail = (
      await t.request({
        method: 'GET',
        url: `/get-token-details/${evm.token.address}?network=eth`,
      })
    ).json<TokenDetailResponse>();
    const object = research(
      async () => ({ ...detail, internal: 'not sent' }) as TokenDetailResponse,
    );
    const json = await detailPageData(object, `/details/${address}`, new URLSearchParams(), {
      ip: '',
    });
    expect(JSON.parse(json!)).toEqual(detail);
    const failing = research(async () => {
      throw new Error('database down');
    });
    expect(await pageOf(failing)).toBeUndefined();
    expect(
      await detailPageData(failing, `/DEX`, new URLSearchParams(), { ip: '' }),
    ).toBeUndefined();
    expect(failing.calls).toHaveLength(1);
  });

  it("answers from the API's cached answer without reading, and keeps its own read there", async () => {
    const cache = new ResponseCache(60_000, 10);
    const key = detailApiUrl(address, 'eth');
    cache.set(key, Buffer.from('{"id":"cached"}'));
    const unread = research(async () => {
      throw new Error('a cached answer is not read again');
    });
    expect(await pageOf(unread, { cache })).toBe('{"id":"cached"}');
    expect(unread.calls).toEqual([]);

    cache.clear();
    const fresh = research(async () => Buffer.from('{"id":"read"}'));
    expect(await pageOf(fresh, { cache })).toBe('{"id":"read"}');
    expect(cache.get(key)?.body.toString()).toBe('{"id":"read"}');
  });

  it('does not keep a read the data changed under (a clear while it ran)', async () => {
    const cache = new ResponseCache(60_000, 10);
    const racing = research(async () => {
      cache.clear();
      return Buffer.from('{"id":"old"}');
    });
    expect(await pageOf(racing, { cache })).toBe('{"id":"old"}');
    expect(cache.get(detailApiUrl(address, 'eth'))).toBeUndefined();
  });

  it('shares one read among pages asking for the same token at once', async () => {
    const cache = new ResponseCache(60_000, 10);
    let finish!: () => void;
    const slow = research(
      () =>
        new Promise<Buffer>((resolve) => {
          finish = () => resolve(Buffer.from('{"id":"once"}'));
        }),
    );
    const pages = [1, 2, 3].map(() => pageOf(slow, { cache }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    finish();
    expect(await Promise.all(pages)).toEqual(Array(3).fill('{"id":"once"}'));
    expect(slow.calls).toHaveLength(1);
    // The read is no longer under way: a page after a clear reads again.
    cache.clear();
    await pageOf(slow, { cache });
    expect(slow.calls).toHaveLength(2);
  });

  it("tells a failed read in the log, not the token's own 4xx", async () => {
    const warned: unknown[][] = [];
    const log = { warn: (...args: unknown[]) => warned.push(args) };
    const notFound = research(async () => {
      throw new NotFoundError('Token not found');
    });
    expect(await pageOf(notFound, { log })).toBeUndefined();
    expect(warned).toEqual([]);
    const failing = research(async () => {
      throw new Error('database down');
    });
    expect(await pageOf(failing, { log })).toBeUndefined();
    expect(warned).toHaveLength(1);
    expect(warned[0]?.[1]).toBe('token detail page: its detail could not be read');
  });

  it('reads as the API does when the cache is off (as in the bench)', async () => {
    const cache = new ResponseCache(0, 10);
    const fake = research(async () => Buffer.from('{"id":"x"}'));
    for (let i = 0; i < 2; i += 1) {
      await pageOf(fake, { cache });
    }
    expect(fake.calls).toHaveLength(2);
    expect(cache.get(detailApiUrl(address, 'eth'))).toBeUndefined();
  });

  it('goes out without the data past its time limit, keeping the late answer', async () => {
    expect(PAGE_DATA_TIMEOUT_MS).toBeLessThanOrEqual(200);
    const cache = new ResponseCache(60_000, 10);
    let finish!: () => void;
    const slow = research(
      () =>
        new Promise<Buffer>((resolve) => {
          finish = () => resolve(Buffer.from('{"id":"late"}'));
        }),
    );
    const started = performance.now();
    expect(await pageOf(slow, { cache, timeoutMs: 20 })).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
    // The read goes on; its answer serves the next page or API request.
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.get(detailApiUrl(address, 'eth'))?.body.toString()).toBe('{"id":"late"}');
  });

  it('drops a read that fails after its time limit, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let fail!: () => void;
      const failing = research(
        () =>
          new Promise<Buffer>((_resolve, reject) => {
            fail = () => reject(new Error('database down, late'));
          }),
      );
      expect(await pageOf(failing, { timeoutMs: 10 })).toBeUndefined();
      fail();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
