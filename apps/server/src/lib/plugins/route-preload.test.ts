import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { ROUTE_DATA_ID, ROUTE_SCRIPTS_ID } from '@vaultscope/core';
import { dataBlock, pickEncoding } from './route-preload';

const INDEX = '<!doctype html><html><head><title>Vaultscope</title></head><div id="root"></div>';
const ADDRESS_MARKER = '__vaultscope_param_tokenAddress__';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-preload-'));
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'home-e5.css'), '.menu{gap:1rem}');
  fs.writeFileSync(
    path.join(webDist, '.vite', 'route-preload.json'),
    JSON.stringify({
      routes: [
        { path: '/DEX', scripts: ['/assets/dex-screen-a1.js'], styles: ['/assets/dex-b2.css'] },
        { path: '/details/:tokenAddress', scripts: ['/assets/detail-c3.js'], styles: [] },
        {
          path: '/home',
          scripts: ['/assets/home-d4.js'],
          styles: ['/assets/home-e5.css', '/assets/not-built-f6.css'],
          html: '<main><h1>Home</h1><p>costs $1 $&amp; more</p></main>',
        },
        { path: '/login', scripts: [], styles: [], html: '<form>Log in</form>' },
        {
          path: '/newdetail/:tokenAddress',
          scripts: ['/assets/detail-c3.js'],
          styles: ['/assets/home-e5.css'],
          html: `<h1>Loading</h1><span>${ADDRESS_MARKER}</span><a href="/x/${ADDRESS_MARKER}">x</a>`,
          params: { tokenAddress: ADDRESS_MARKER },
        },
      ],
    }),
  );
  t = await startTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("the app's HTML names the route's chunks", () => {
  it('preloads the screen of a deep link beside the entry', async () => {
    const res = await t.request({ method: 'GET', url: '/DEX' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/dex-screen-a1.js">',
    );
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/dex-b2.css">');
    // Active links: a page the app draws itself has nothing to paint before its code.
    expect(head).not.toContain(ROUTE_SCRIPTS_ID);
    expect(res.body).toContain('<div id="root">');
  });

  it('matches a path with a parameter, and the query string is no part of it', async () => {
    const res = await t.request({ method: 'GET', url: '/details/0xabc?chainName=eth' });
    expect(res.body).toContain('href="/assets/detail-c3.js"');
    expect(res.body).not.toContain('dex-screen');
  });

  it("puts a prerendered path's first frame inside #root, with its stylesheets applied", async () => {
    const res = await t.request({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main><h1>Home</h1><p>costs $1 $&amp; more</p></main></div>',
    );
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // Active: a page with something to press is hydrated as early as it can be.
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-d4.js">');
    expect(head).not.toContain(ROUTE_SCRIPTS_ID);
    // Applied, not only preloaded: the frame paints before any script runs, and without
    // waiting for a stylesheet request (one the build did not write stays a link).
    // The file is named in a disabled link, which the browser does not fetch: Vite's loader
    // finds it and does not fetch and apply the same rules again with the screen's code.
    expect(head).toContain(
      '<style>.menu{gap:1rem}</style><link rel="stylesheet" href="/assets/home-e5.css" disabled>',
    );
    expect(head.match(/home-e5\.css/g)).toHaveLength(1);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/not-built-f6.css">');
    expect(head).not.toContain('rel="preload" as="style"');
    const login = await t.request({ method: 'GET', url: '/login' });
    expect(login.body).toBe(
      INDEX.replace('<div id="root"></div>', '<div id="root"><form>Log in</form></div>'),
    );
  });

  it("writes a path's parameter into its frame, if it is letters and digits only", async () => {
    const address = '0x5eAd87897B90234527efa981D7d0e87704BcF025';
    const res = await t.request({ method: 'GET', url: `/newdetail/${address}?chainName=eth` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      `<div id="root"><h1>Loading</h1><span>${address}</span><a href="/x/${address}">x</a></div>`,
    );
    expect(res.body).not.toContain(ADDRESS_MARKER);
    expect(res.body).toContain('<style>.menu{gap:1rem}</style>');
    // The loading frame needs no script: the screen's are held in an inert template, which the
    // app releases once the frame is shown, so that their downloads do not race its first paint.
    expect(res.body).toContain(
      `<template id="${ROUTE_SCRIPTS_ID}"><link rel="modulepreload" crossorigin href="/assets/detail-c3.js"></template>`,
    );
    expect(res.body.match(/detail-c3\.js/g)).toHaveLength(1);
    // Another value gets another page; compressed per request, the same once decoded.
    const solana = 'So11111111111111111111111111111111111111112';
    const br = await t.request({
      method: 'GET',
      url: `/newdetail/${solana}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(
      (await t.request({ method: 'GET', url: `/newdetail/${solana}` })).body,
    );
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(`<span>${solana}</span>`);

    // Anything else (escaped characters, markup) gets the page without a frame.
    for (const value of ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '0x%22onload', 'a~b', 'a-b']) {
      const page = await t.request({ method: 'GET', url: `/newdetail/${value}` });
      expect(page.statusCode, value).toBe(200);
      expect(page.body, value).toContain('<div id="root"></div>');
      expect(page.body, value).not.toContain('Loading');
      expect(page.body, value).not.toContain(ADDRESS_MARKER);
      expect(page.body, value).toContain('href="/assets/detail-c3.js"');
      expect(page.body, value).not.toContain(ROUTE_SCRIPTS_ID);
      expect(page.body, value).toContain(
        'rel="preload" as="style" crossorigin href="/assets/home-e5.css"',
      );
    }
  });

  it('leaves other paths, and another letter case, with the plain index.html', async () => {
    for (const url of ['/', '/dex', '/DEX/extra', '/home/x', '/Login', '/no-such-page']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('sends brotli or gzip as the browser accepts, the same HTML once decoded', async () => {
    const plain = (await t.request({ method: 'GET', url: '/DEX' })).body;
    const br = await t.request({
      method: 'GET',
      url: '/DEX',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await t.request({
      method: 'GET',
      url: '/DEX',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('answers HEAD like GET', async () => {
    const res = await t.request({ method: 'HEAD', url: '/DEX' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('dataBlock', () => {
  /** The block's text as the browser's parser reads it: up to the first `</script`. */
  const blockText = (html: string) => {
    const open = `<script type="application/json" id="${ROUTE_DATA_ID}">`;
    expect(html.startsWith(open)).toBe(true);
    return html.slice(open.length, html.toLowerCase().indexOf('</script', open.length));
  };

  it('writes JSON that no token name can end or bend, and that reads back the same', () => {
    const value = {
      tokenName: '</script><script>alert(1)</script>',
      symbol: '<!--<SCRIPT>',
      other: 'a & b > c \u2028 line \u2029 para \\< \\u003c',
    };
    const html = dataBlock(JSON.stringify(value));
    // One element: the block ends where it was written to end, after all of the JSON.
    expect(html.toLowerCase().indexOf('</script')).toBe(html.length - '</script>'.length);
    const text = blockText(html);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
