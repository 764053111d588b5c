import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// A relative import, as in vite.config.ts: the config runs in Node, which cannot load the core
// package's TypeScript entry through node_modules; this one file has no imports of its own.
import { webRoutes } from '../../../packages/core/src/routes/web-routes.ts';
import { entryKey, staticClosure, type Manifest } from './bundle-budget.ts';

/** Where the build writes the route -> files map that the server reads (web-app.ts). */
export const ROUTE_PRELOAD_FILE = '.vite/route-preload.json';

/** A path of the app (react-router syntax, `:param` segments) and the modules its first screen runs. */
export interface RouteModules {
  path: string;
  /** Manifest keys (source paths under apps/web) of the lazy modules the route renders at once. */
  modules: string[];
}

/** What the server names in the HTML of one path: the files besides the entry's. */
export interface RoutePreload {
  path: string;
  /** `/assets/….js`, for `<link rel="modulepreload">`. */
  scripts: string[];
  /** `/assets/….css`, for `<link rel="preload" as="style">`. */
  styles: string[];
}

const tokens = 'src/features/tokens/components';
const wallet = 'src/features/wallet/components';
const auth = 'src/features/auth/components';
const ico = 'src/features/ico/components';

/**
 * The lazy screens each path of router.tsx renders. A path left out (the login page, whose code
 * is the entry) gets the plain index.html. Home's lists, a lazy chunk fetched when Home renders,
 * are not named: preloaded, their 60 kB would share the phone's bandwidth with the entry and
 * Home's menu, which is the page's largest paint.
 */
export const ROUTE_MODULES: readonly RouteModules[] = [
  ...[webRoutes.signup].map((path) => ({ path, modules: [`${auth}/signup-screen.tsx`] })),
  ...[webRoutes.forgotPassword, webRoutes.forgotPasswordLower].map((path) => ({
    path,
    modules: [`${auth}/forgot-password-screen.tsx`],
  })),
  { path: webRoutes.verification, modules: [`${auth}/verification-screen.tsx`] },
  { path: webRoutes.changePassword, modules: [`${auth}/change-password-screen.tsx`] },
  { path: webRoutes.profile, modules: ['src/features/profile/components/profile-screen.tsx'] },
  {
    path: webRoutes.notifications,
    modules: ['src/features/notifications/components/notifications-screen.tsx'],
  },
  { path: webRoutes.home, modules: ['src/app/routes/home.tsx'] },
  ...[
    webRoutes.dex,
    webRoutes.newPools,
    webRoutes.dexxxx,
    webRoutes.listView,
    webRoutes.card,
    webRoutes.filter,
  ].map((path) => ({ path, modules: [`${tokens}/dex-screen.tsx`] })),
  ...[webRoutes.cex, webRoutes.exchange].map((path) => ({
    path,
    modules: [`${tokens}/cex-screen.tsx`],
  })),
  ...[webRoutes.privateSale, webRoutes.activeCoin, webRoutes.upcomingCoin].map((path) => ({
    path,
    modules: [`${ico}/private-sale-screen.tsx`],
  })),
  { path: webRoutes.privateSaleDetail, modules: [`${ico}/private-sale-detail-screen.tsx`] },
  { path: webRoutes.checkScam, modules: ['src/features/scam/check-scam-screen.tsx'] },
  {
    path: webRoutes.watchList,
    modules: ['src/features/watchlist/components/watch-list-screen.tsx'],
  },
  // With the modules that app/route-data.ts runs one task each before the screen's.
  ...[webRoutes.details, webRoutes.newDetail].map((path) => ({
    path,
    modules: [
      `${tokens}/token-detail-screen.tsx`,
      'src/app/first-load/token-schemas.ts',
      'src/app/first-load/detail-schemas.ts',
    ],
  })),
  { path: webRoutes.price, modules: [`${tokens}/price-screen.tsx`] },
  { path: webRoutes.detailView, modules: [`${tokens}/detail-view-screen.tsx`] },
  // The wallet's own code only: a user whose wallet is not open is sent to /connect-wal on the
  // first call's 403, and the screen fetches that screen's code and the error answer's chunk once
  // hydrated when this browser has not entered the wallet password (`passwordVerified`), rather
  // than the HTML naming them for everyone, as bytes before the first paint.
  { path: webRoutes.wallet, modules: [`${wallet}/wallet-screen.tsx`] },
  { path: webRoutes.connectWallet, modules: [`${wallet}/connect-wallet-screen.tsx`] },
  { path: webRoutes.history, modules: [`${wallet}/history-screen.tsx`] },
  { path: webRoutes.transaction, modules: [`${wallet}/transaction-screen.tsx`] },
  { path: webRoutes.terms, modules: ['src/features/legal/terms-screen.tsx'] },
  { path: webRoutes.privacy, modules: ['src/features/legal/privacy-policy-screen.tsx'] },
];

/**
 * Each route's files that the entry does not already load: its modules and their static imports,
 * less the entry's own closure (index.html names those), and the stylesheets of those chunks.
 * Throws on a module the manifest does not have, so a renamed screen fails the build.
 */
export function routePreloads(
  manifest: Manifest,
  routes: readonly RouteModules[] = ROUTE_MODULES,
): RoutePreload[] {
  const entry = staticClosure(manifest, entryKey(manifest));
  const entryCss = new Set([...entry].flatMap((key) => manifest[key]?.css ?? []));
  return routes.map(({ path, modules }) => {
    const keys = new Set<string>();
    for (const module of modules) staticClosure(manifest, module, keys);
    const own = [...keys].filter((key) => !entry.has(key));
    const scripts = own
      .map((key) => manifest[key]?.file)
      .filter((file): file is string => file?.endsWith('.js') === true);
    const styles = [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter(
      (file) => !entryCss.has(file),
    );
    return { path, scripts: scripts.map((f) => `/${f}`), styles: styles.map((f) => `/${f}`) };
  });
}

/**
 * Writes ROUTE_PRELOAD_FILE from Vite's manifest. Without it a deep link runs the entry first
 * and only then learns which screen chunk to fetch (a waterfall of one round trip and the entry's
 * run time, 0.5-0.9 s of LCP on Lighthouse's phone); with it the server names the route's chunks
 * in the HTML (`<link rel="modulepreload">`) and they download beside the entry. A token
 * detail's loading frame holds them in a `<template>` until that frame has been shown
 * (apps/web/src/main.tsx says why), then downloads them all at once.
 */
export function routePreload(): Plugin {
  return {
    name: 'vaultscope:route-preload',
    apply: 'build',
    enforce: 'post',
    // Vite writes its manifest after the other plugins' generateBundle: read it from disk.
    writeBundle(options) {
      if (!options.dir) return;
      const manifestFile = path.join(options.dir, '.vite', 'manifest.json');
      if (!fs.existsSync(manifestFile)) return;
      const routes = routePreloads(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest);
      fs.writeFileSync(
        path.join(options.dir, ROUTE_PRELOAD_FILE),
        `${JSON.stringify({ routes }, null, 2)}\n`,
      );
    },
  };
}
