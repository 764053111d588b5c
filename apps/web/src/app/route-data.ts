import { webRoutes } from '@vaultscope/core';
import { matchPath } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { selectUser, useSessionStore } from '@/stores/session-store';

const DETAIL_PATHS = [webRoutes.details, webRoutes.newDetail];

/**
 * The first data request of a page, started as soon as the session is known instead of once
 * React has rendered its screen (after the screen's code is in, the shell and the screen rendered
 * or hydrated, and its effects run: about 150 ms of a fast machine, more on a phone). Only the
 * token detail does this: its data is the page, and its frame in the HTML only the loading text. The module with
 * the request is one of the route's chunks, which the HTML names (build/route-preload.ts), so
 * the dynamic import adds no request. A failed import is left to the screen.
 */
export function prefetchRouteData({
  pathname,
  search,
}: {
  pathname: string;
  search: string;
}): void {
  const match = DETAIL_PATHS.map((path) =>
    matchPath({ path, caseSensitive: true, end: true }, pathname),
  ).find((found) => found !== null);
  if (!match) return;
  const viewer = selectUser(useSessionStore.getState())?._id;
  import('@/features/tokens/api/token-detail')
    .then(({ prefetchTokenDetail }) => {
      prefetchTokenDetail(queryClient, {
        address: match.params.tokenAddress ?? '',
        search: new URLSearchParams(search),
        viewer,
      });
    })
    .catch(() => {});
}
