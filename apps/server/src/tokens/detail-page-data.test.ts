import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROUTE_DATA_ID,
  tokenDetailResponseSchema,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { expectedTokens, shippedSnapshot, type ExpectedToken } from '../test/research-data';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import { detailPageData } from './detail-page-data';
import type { DetailCaller } from './token-research';

const INDEX =
  '<!doctype html><html><head><title>Vaultscope</title></head><body><div id="root"></div></body></html>';
const MARKER = '__vaultscope_param_tokenAddress__';

let t: TestApp;
let webDist: string;
let evm: ExpectedToken;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-page-data-'));
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  const frame = `<p>Loading token details...</p><dd>${MARKER}</dd>`;
  fs.writeFileSync(
    path.join(webDist, '.vite', 'route-preload.json'),
    JSON.stringify({
      routes: ['/details/:tokenAddress', '/newdetail/:tokenAddress'].map((route) => ({
        path: route,
        scripts: ['/assets/detail-c3.js'],
        styles: [],
        html: frame,
        params: { tokenAddress: MARKER },
      })),
    }),
  );
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
    expect(
      await detailPageData(failing, `/details/${address}`, new URLSearchParams(), { ip: '' }),
    ).toBeUndefined();
    expect(
      await detailPageData(failing, `/DEX`, new URLSearchParams(), { ip: '' }),
    ).toBeUndefined();
    expect(failing.calls).toHaveLength(1);
  });
});
