import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { BROTLI_QUALITY } from './compression';

/** A built web app as the build leaves it: each text file with its .br and .gz beside it. */
const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))};`;
const html = `<!doctype html><html><head><title>Vaultscope</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

let t: TestApp;
let webDist: string;

function writeWithCompressedCopies(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** The body as the client reads it, decoded as its Content-Encoding says. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.body;
}

function varyNames(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWithCompressedCopies(path.join(webDist, 'index.html'), html);
  writeWithCompressedCopies(path.join(webDist, 'assets', 'app-abc123.js'), script);
  t = await startTestApp({ WEB_DIST_DIR: webDist }, { loadSnapshots: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app files, compressed at build time', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
  ])(
    'Accept-Encoding: %s gets the %s copy, still cached for good, with Vary: Accept-Encoding',
    async (accept, encoding) => {
      const res = await t.request({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(varyNames(res)).toContain('accept-encoding');
      expect(decoded(res)).toBe(script);
    },
  );

  it('a client that accepts no encoding gets the file as it is', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyNames(res)).toContain('accept-encoding');
    expect(res.body).toBe(script);
  });

  it('the app page of a deep link comes compressed too, and is never cached for good', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/home',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(html);
  });
});

describe('API answers', () => {
  const bigList = '/check-token?page=1&page_size=100';

  it('a list answer of tens of KB is compressed with brotli, and decodes to the same JSON', async () => {
    const plain = await t.request({ method: 'GET', url: bigList });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(30_000);

    const res = await t.request({
      method: 'GET',
      url: bigList,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyNames(res)).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 3);
    expect(JSON.parse(decoded(res))).toEqual(plain.json());
  });

  it("brotli runs at the fast quality set for per-request answers, not the plugin's 4", async () => {
    const plain = await t.request({ method: 'GET', url: bigList });
    const res = await t.request({
      method: 'GET',
      url: bigList,
      headers: { 'accept-encoding': 'br' },
    });
    const at = (quality: number) =>
      zlib.brotliCompressSync(plain.rawPayload, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality },
      });
    expect(res.rawPayload.equals(at(BROTLI_QUALITY))).toBe(true);
    expect(res.rawPayload.equals(at(4))).toBe(false);
  });

  it('gzip when the client accepts only gzip', async () => {
    const res = await t.request({
      method: 'GET',
      url: bigList,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(res)).tokenDetails).toHaveLength(100);
  });

  it('the response cache keeps plain JSON: a hit is encoded for each caller as it asks', async () => {
    const url = '/check-token?page=2&page_size=100';
    const first = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');

    const hitPlain = await t.request({ method: 'GET', url });
    expect(hitPlain.headers['x-cache']).toBe('hit');
    expect(hitPlain.headers['content-encoding']).toBeUndefined();
    expect(hitPlain.json()).toEqual(JSON.parse(decoded(first)));

    const hitGzip = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(hitGzip.headers['x-cache']).toBe('hit');
    expect(hitGzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(hitGzip))).toEqual(hitPlain.json());
  });

  it('an answer under 1 KB is sent as it is', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/check-token?page=1&page_size=1',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(Buffer.byteLength(res.body)).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().tokenDetails).toHaveLength(1);
  });

  it('an error answer is small and stays plain', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/check-token?page=0',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().message).toBeTruthy();
  });
});
