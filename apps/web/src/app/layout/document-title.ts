import { PAGE_HEADERS, PRODUCT_NAME } from '@vaultscope/core';
import { useEffect } from 'react';
import { matchRoutes } from 'react-router';
import { routeTable } from '../route-table';

export interface RouteHandle {
  /** Title of the page in the browser tab when the spec gives no page header for it. */
  title?: string;
  /** Fetches the code of a lazily loaded screen (router.tsx, route-prefetch.ts). */
  preload?: () => Promise<void>;
}

function handleTitle(handle: unknown): string | undefined {
  if (handle && typeof handle === 'object' && 'title' in handle) {
    const title = (handle as RouteHandle).title;
    if (typeof title === 'string') return title;
  }
  return undefined;
}

/** `My Profile · Vaultscope`: the spec's page header first, then the route's own title. */
export function documentTitleFor(pathname: string, routeTitle: string | undefined): string {
  const title = PAGE_HEADERS[pathname]?.title ?? routeTitle;
  return title && title !== PRODUCT_NAME ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(pathname: string): void {
  const matches = matchRoutes(routeTable(), pathname) ?? [];
  const routeTitle = matches
    .map((match) => handleTitle(match.route.handle))
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = documentTitleFor(pathname, routeTitle);
  }, [pathname, routeTitle]);
}
