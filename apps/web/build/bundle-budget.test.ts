// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_GOAL_KB,
  ROUTE_BUNDLES,
  routeSize,
  type Manifest,
  type RouteSize,
} from './bundle-budget';
import { ROUTE_MODULES, routePreloads } from './route-preload';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The test builds the app itself, in memory, rather than reading apps/web/dist: `npm test` runs
 * the unit tests before the e2e step builds, a dist left from an earlier build may not match the
 * source, and writing dist would pull it from under a running server. The build takes a few
 * seconds (rolldown), without source maps or compressed copies.
 */
let manifest: Manifest;
const files = new Map<string, string | Uint8Array>();

beforeAll(async () => {
  const result = await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    mode: 'production',
    // Vitest sets NODE_ENV to test, which would pick React's development build.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, sourcemap: false, manifest: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  for (const item of outputs.flatMap((output) => output.output)) {
    files.set(item.fileName, item.type === 'chunk' ? item.code : item.source);
  }
  const manifestFile = files.get('.vite/manifest.json');
  if (manifestFile === undefined) throw new Error('The build wrote no .vite/manifest.json');
  manifest = JSON.parse(
    typeof manifestFile === 'string' ? manifestFile : Buffer.from(manifestFile).toString(),
  ) as Manifest;
}, 120_000);

function measure(route: (typeof ROUTE_BUNDLES)[number]): RouteSize {
  return routeSize(manifest, route, (file) => {
    const content = files.get(file);
    if (content === undefined) throw new Error(`The build has no ${file}`);
    return typeof content === 'string' ? content : Buffer.from(content);
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

describe('JavaScript size per route (gzipped: the entry and the screen chunk with their static imports)', () => {
  it.each(ROUTE_BUNDLES)('$name stays within $budgetKb kB', (route) => {
    const size = measure(route);
    const listing = size.chunks.map((chunk) => `  ${chunk.file}: ${kb(chunk.bytes)} kB`).join('\n');
    expect(
      size.bytes,
      `${route.name} needs ${kb(size.bytes)} kB of gzipped JavaScript, over its budget of ` +
        `${route.budgetKb} kB. Its chunks, largest first (the one that grew is among the first):\n${listing}`,
    ).toBeLessThanOrEqual(route.budgetKb * 1000);
  });

  it('the login page loads no other screen: every other route is its own chunk', () => {
    const login = measure(ROUTE_BUNDLES[0]!);
    for (const route of ROUTE_BUNDLES.slice(1)) {
      const own = measure(route).chunks.filter(
        (chunk) => !login.chunks.some((shared) => shared.file === chunk.file),
      );
      expect(own.length, `${route.name} has code of its own`).toBeGreaterThan(0);
    }
  });

  it(`login (/) is held to issue 12's goal of ${LOGIN_GOAL_KB} kB`, () => {
    const login = ROUTE_BUNDLES.find((route) => route.screen === undefined);
    expect(login?.budgetKb).toBeLessThanOrEqual(LOGIN_GOAL_KB);
  });
});

describe("the route map the server names each deep link's chunks from (route-preload.ts)", () => {
  it('finds every screen in the build, and names only files the entry does not load', () => {
    const preloads = routePreloads(manifest);
    expect(preloads.map((route) => route.path)).toEqual(ROUTE_MODULES.map((route) => route.path));
    const entry = measure(ROUTE_BUNDLES[0]!).chunks.map((chunk) => `/${chunk.file}`);
    for (const route of preloads) {
      expect(route.scripts.length, route.path).toBeGreaterThan(0);
      expect(
        route.scripts.filter((file) => entry.includes(file)),
        route.path,
      ).toEqual([]);
    }
    const dex = preloads.find((route) => route.path === '/DEX');
    expect(dex?.scripts[0]).toMatch(/^\/assets\/dex-screen-[\w-]+\.js$/);
  });
});
