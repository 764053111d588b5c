import { ROUTE_DATA_ID, webRoutes } from '@vaultscope/core';
import { matchPath } from 'react-router';
import { nextTask } from '@/lib/next-task';
import { queryClient } from '@/lib/query-client';
import { selectUser, useSessionStore } from '@/stores/session-store';

const DETAIL_PATHS = [webRoutes.details, webRoutes.newDetail];

const detailMatch = (pathname: string) =>
  DETAIL_PATHS.map((path) => matchPath({ path, caseSensitive: true, end: true }, pathname)).find(
    (found) => found !== null,
  );

/**
 * The modules of a token detail's first load that build zod schemas when they run, in the order
 * the detail's code needs them: zod with core's token schemas (every list's, 100 ms at
 * Lighthouse's 4x slowdown), the detail's answer schema, the address checks and the lists' API
 * module. As one module graph, the screen's, they ran in one task of 290 ms after the page had
 * painted; each import here runs only what is not yet run, so each is a task of its own. The
 * HTML names their files (build/route-preload.ts), and main.tsx has them all downloading before
 * the first step, so the steps wait for no download of their own.
 */
const DETAIL_MODULES: readonly (() => Promise<unknown>)[] = [
  // Each names one module of the core package (its index would bring all of it; so would
  // zod's, which is why zod is not a step of its own: it runs with the first, in 10 ms).
  () => import('./first-load/token-schemas').then((m) => m.chainCodeSchema),
  () => import('./first-load/detail-schemas').then((m) => m.tokenDetailResponseSchema),
  () => import('@/features/tokens/lib/detail-route'),
  () => import('@/features/tokens/api/token-lists'),
];

let prepared: Promise<void> | undefined;

/**
 * Runs the modules of the first load's path (`pathname`) that are costly to run, one task each,
 * before its screen's code runs them all in one (`loadRoute` waits for this). Once per page
 * load: a later call gets the first one's promise, whatever its path. Only the token detail has
 * such a list; other paths resolve at once. A failed import is left to the screen's own.
 */
export function prepareRouteModules(pathname: string): Promise<void> {
  prepared ??= (async () => {
    if (!detailMatch(pathname)) return;
    for (const load of DETAIL_MODULES) {
      await load().catch(() => {});
      await nextTask();
    }
  })();
  return prepared;
}

/**
 * The text of the page's data block, if it has one (the server writes it: apps/server/src/lib/
 * plugins/route-preload.ts): a token detail's answer for a visitor.
 */
const routeData = (): string | undefined =>
  document.getElementById(ROUTE_DATA_ID)?.textContent ?? undefined;

/**
 * The first data of a page, once the session is known and the detail's schema modules have run
 * (`prepareRouteModules`, a few tasks), instead of once React has rendered its screen (after the
 * screen's code is in, the shell and the screen rendered or hydrated, and its effects run: about
 * 150 ms of a fast machine, more on a phone). Only the token detail does this: its data is the
 * page, and its frame in the HTML only the loading text.
 *
 * A visitor who is not logged in gets the detail from the page itself: the server writes the
 * answer into the HTML (a data block), and it fills the screen's query (`seedTokenDetail`,
 * checked by the answer's schema), so no request waits. Otherwise (a logged-in viewer, whose
 * answer has its own heart; no block; a block that does not check out) the request starts here.
 * The request's module parses the answer with those schemas, so it waits for them rather than
 * run them all in one task. The module with the request is one of the route's chunks, which the
 * HTML names (build/route-preload.ts), so the dynamic import adds no request. A failed import is
 * left to the screen.
 *
 * Resolves once the query is filled or its request started (at once for other paths): the
 * hydration waits for it, so that the screen's query finds the data rather than ask for it.
 */
export function prefetchRouteData({
  pathname,
  search,
}: {
  pathname: string;
  search: string;
}): Promise<void> {
  if (pathname === webRoutes.wallet) {
    // The wallet's calls for a logged-in user, beside the hydration rather than after it; the
    // module is the screen's own, which the HTML names.
    const userId = selectUser(useSessionStore.getState())?._id;
    if (userId !== undefined) {
      void import('@/features/wallet/api/portfolio')
        .then(({ prefetchWalletDashboard }) => prefetchWalletDashboard(queryClient, userId))
        .catch(() => {});
    }
    return Promise.resolve();
  }
  const match = detailMatch(pathname);
  if (!match) return Promise.resolve();
  const viewer = selectUser(useSessionStore.getState())?._id;
  const block = viewer === undefined ? routeData() : undefined;
  return prepareRouteModules(pathname)
    .then(() => import('@/features/tokens/api/token-detail'))
    .then(({ prefetchTokenDetail, seedTokenDetail }) => {
      const page = {
        address: match.params.tokenAddress ?? '',
        search: new URLSearchParams(search),
      };
      if (block !== undefined && seedTokenDetail(queryClient, { ...page, json: block })) return;
      prefetchTokenDetail(queryClient, { ...page, viewer });
    })
    .catch(() => {});
}
