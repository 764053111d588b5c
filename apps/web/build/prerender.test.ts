// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { paramMarker, PRERENDERED_PATHS, prerenderPages, withPrerendered } from './prerender';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const alias = { '@': fileURLToPath(new URL('../src', import.meta.url)) };

/**
 * The prerender itself, as the build runs it (a Vite build of src/prerender.tsx for Node): it
 * fails here on a screen that reads the browser while it renders, which Node does not have. The
 * e2e spec (e2e/prerender.spec.ts) checks that the browser hydrates the result without an error.
 */
let pages: Map<string, string>;
beforeAll(async () => {
  pages = await prerenderPages(webRoot, alias);
}, 120_000);

describe('the first frame of each prerendered path', () => {
  it.each([
    ['/home', 'Where do you want to start?'],
    ['/DEX', '<h1 id="page-title" class="page__title">Decentralized Exchange</h1>'],
    ['/CEX', 'data-table__skeleton'],
    ['/private-sale', 'Private Sale'],
  ])('%s has its screen, as a first visit sees it', (path, text) => {
    const html = pages.get(path) ?? '';
    expect(html).toContain(text);
    // Logged out: the top bar offers the login.
    expect(html).toContain('>Log in</a>');
  });

  it("a token's detail: the loading text, with a marker where the server writes the address", () => {
    const html = pages.get('/details/:tokenAddress') ?? '';
    expect(html).toContain('Loading token details...');
    expect(html).toContain(`>${paramMarker('tokenAddress')}</dd>`);
  });

  it('the wallet: the dashboard while it loads, the same for everyone', () => {
    const html = pages.get('/vaultscope-wallet') ?? '';
    expect(html).toContain('BALANCE');
    expect(html).toContain('data-testid="skeleton-row"');
    expect(html).not.toContain('Log in to use the wallet.');
  });

  it('is one piece of HTML: no inline script (the CSP forbids them) and no boundary left open', () => {
    expect([...pages.keys()]).toEqual(PRERENDERED_PATHS);
    for (const [path, html] of pages) {
      expect(html.length, path).toBeGreaterThan(500);
      expect(html, path).not.toMatch(/<script|<template|<!--\$[?!]-->/);
    }
  });
});

describe('withPrerendered', () => {
  it("adds each page's markup to its route, and a route for a page the map lacks", () => {
    const routes = [{ path: '/DEX', scripts: ['/assets/dex.js'], styles: [] }];
    expect(
      withPrerendered(
        routes,
        new Map([
          ['/', '<form></form>'],
          ['/DEX', '<h1>DEX</h1>'],
        ]),
      ),
    ).toEqual([
      { path: '/', scripts: [], styles: [], html: '<form></form>' },
      { path: '/DEX', scripts: ['/assets/dex.js'], styles: [], html: '<h1>DEX</h1>' },
    ]);
  });

  it("names the marker of a path's parameters", () => {
    const marker = paramMarker('tokenAddress');
    expect(
      withPrerendered(
        [{ path: '/details/:tokenAddress', scripts: [], styles: [] }],
        new Map([['/details/:tokenAddress', `<dd>${marker}</dd>`]]),
      ),
    ).toEqual([
      {
        path: '/details/:tokenAddress',
        scripts: [],
        styles: [],
        html: `<dd>${marker}</dd>`,
        params: { tokenAddress: marker },
      },
    ]);
  });
});
