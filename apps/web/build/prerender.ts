import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions, type Plugin, type ResolvedConfig } from 'vite';
// A relative import, as in vite.config.ts (see there).
import { routeParamNames, webRoutes } from '../../../packages/core/src/routes/web-routes.ts';
import { ROUTE_PRELOAD_FILE, type RoutePreload } from './route-preload.ts';

/**
 * The paths whose first frame is the same for every first visit, and so is put in their HTML:
 * Home, the DEX, CEX and private-sale lists (with the routes that reuse them), the legal pages,
 * and the wallet. The wallet is a logged-in user's page, but its frame is the dashboard as it
 * looks while its figures load (buttons, skeletons), drawn without a session and so the same for
 * everyone: nothing in it is anyone's data. After hydration a logged-in user's figures fill it
 * in, and a visitor who is not logged in gets the Log in prompt in its place (WalletScreen).
 * A token's detail (/details/:tokenAddress, /newdetail/:tokenAddress) is the one path with a
 * parameter: its frame is the loading text with the address asked for, which is the page's
 * largest paint on a phone. It is rendered once with a marker for the address (`paramMarker`),
 * and the server writes the path's address in its place per request, if it is made of letters
 * and digits only (a path with anything else gets no frame).
 * Left out: the pages with a form to fill in (login, signup, the scam check: what is typed
 * before the app has hydrated the page can be lost, as an e2e run showed on signup's first name),
 * the other pages of a logged-in user (profile, notifications, watch list, history: their first
 * frame is a logged-out one, which would flash before theirs), the reset steps (kept in session
 * storage), and the other paths with parameters.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  webRoutes.home,
  webRoutes.dex,
  webRoutes.newPools,
  webRoutes.dexxxx,
  webRoutes.listView,
  webRoutes.card,
  webRoutes.filter,
  webRoutes.cex,
  webRoutes.exchange,
  webRoutes.privateSale,
  webRoutes.activeCoin,
  webRoutes.upcomingCoin,
  webRoutes.terms,
  webRoutes.privacy,
  webRoutes.wallet,
  webRoutes.details,
  webRoutes.newDetail,
];

/**
 * What a prerendered frame holds in place of a path parameter's value, for the server to replace
 * with the requested one: letters and underscores, so neither HTML nor a URL ever escapes it.
 */
export const paramMarker = (name: string): string => `__vaultscope_param_${name}__`;

/** The path rendered for a route: each parameter's segment is its marker. */
export const markedPath = (routePath: string): string =>
  routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? paramMarker(segment.slice(1)) : segment))
    .join('/');

/**
 * A route of ROUTE_PRELOAD_FILE with, for a prerendered path, the markup for inside #root, and
 * for a path with parameters the marker that stands for each one's value in it.
 */
export type PrerenderedRoute = RoutePreload & { html?: string; params?: Record<string, string> };

/**
 * Adds each prerendered path's markup to the route map (`html`), and an entry for a path the
 * map did not have (a path whose code is all the entry's).
 */
export function withPrerendered(
  routes: readonly RoutePreload[],
  pages: ReadonlyMap<string, string>,
): PrerenderedRoute[] {
  const known = new Set(routes.map((route) => route.path));
  const added = [...pages.keys()]
    .filter((page) => !known.has(page))
    .map((page) => ({ path: page, scripts: [], styles: [] }));
  return [...added, ...routes].map((route) => {
    const html = pages.get(route.path);
    if (html === undefined) return route;
    const names = routeParamNames(route.path);
    if (names.length === 0) return { ...route, html };
    return { ...route, html, params: Object.fromEntries(names.map((n) => [n, paramMarker(n)])) };
  });
}

/**
 * The first frame of each of `paths`, rendered by src/prerender.tsx: a Vite build of it for Node
 * (the same sources, so the same CSS module class names) into a temporary folder, loaded and run
 * here, then removed. A path with parameters is rendered with their markers (`markedPath`).
 */
export async function prerenderPages(
  root: string,
  alias: AliasOptions,
  paths: readonly string[] = PRERENDERED_PATHS,
): Promise<Map<string, string>> {
  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      resolve: { alias },
      plugins: [react()],
      // Everything bundled: the core package's entry is TypeScript, which Node cannot load.
      ssr: { noExternal: true },
      build: {
        ssr: 'src/prerender.tsx',
        outDir: serverDir,
        emptyOutDir: true,
        sourcemap: false,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const entry = (await import(pathToFileURL(path.join(serverDir, 'prerender.mjs')).href)) as {
      renderPage: (pathname: string) => Promise<string>;
    };
    const pages = new Map<string, string>();
    for (const page of paths) pages.set(page, await entry.renderPage(markedPath(page)));
    return pages;
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

/**
 * Renders the first frame of PRERENDERED_PATHS after the client build (`prerenderPages`) and
 * writes it into ROUTE_PRELOAD_FILE, from which the server serves each path's HTML. Without it
 * the HTML is an empty #root: nothing paints until the entry, React and the screen's chunk have
 * downloaded and run (FCP 2.0-2.2 s on Lighthouse's phone). A build kept in memory (the size
 * budget's) prerenders nothing.
 */
export function prerenderRoutes(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vaultscope:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After route-preload.ts has written the map, and before precompress.ts reads the folder.
      sequential: true,
      async handler() {
        if (config.build.write === false) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const mapFile = path.join(outDir, ROUTE_PRELOAD_FILE);
        if (!fs.existsSync(mapFile)) return;
        const pages = await prerenderPages(config.root, config.resolve.alias);
        const { routes } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as {
          routes: RoutePreload[];
        };
        fs.writeFileSync(
          mapFile,
          `${JSON.stringify({ routes: withPrerendered(routes, pages) }, null, 2)}\n`,
        );
      },
    },
  };
}
