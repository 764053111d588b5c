import { ROUTE_SCRIPTS_ID } from '@vaultscope/core';
import { useEffect } from 'react';
import { matchRoutes } from 'react-router';
import type { RouteHandle } from './layout/document-title';
import { routeTable } from './route-table';

/**
 * Starts fetching the code of the screens that `pathname` shows (see `lazyScreen`). Unknown
 * paths and screens already fetched cost nothing. A failed fetch is left for the navigation
 * itself to retry and report.
 */
export function preloadRoute(pathname: string): void {
  loadRoute(pathname).catch(() => {});
}

/**
 * The code of the screens that `pathname` shows, settled once all of it has arrived: the page
 * prerendered into the HTML (build/prerender.ts) is hydrated only then, so that the screen
 * renders at once instead of suspending. A failed fetch rejects.
 */
export async function loadRoute(pathname: string): Promise<void> {
  const loads = (matchRoutes(routeTable(), pathname) ?? []).map((match) =>
    (match.route.handle as RouteHandle | undefined)?.preload?.(),
  );
  await Promise.all(loads);
}

/**
 * Starts the downloads of the screen's code that a token detail's loading frame holds in its
 * head's `<template>` (the server's, apps/server/src/lib/plugins/route-preload.ts): its modulepreload
 * links, moved into the head, fetch every file at once, so that the screen's modules, imported
 * one after another, wait for none. A page without one is left as it is.
 */
export function startRouteDownloads(): void {
  const held = document.getElementById(ROUTE_SCRIPTS_ID);
  if (held instanceof HTMLTemplateElement) document.head.append(held.content);
}

function linkPathname(target: EventTarget | null): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const anchor = target.closest('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin) {
    return undefined;
  }
  return anchor.pathname;
}

/**
 * Prefetch on intent: a pointer over a link, a touch on it or keyboard focus fetches the code of
 * the route it leads to, in the 100-300 ms before the click lands. Listening on the document
 * covers every link of every feature without each one knowing about it. Returns the remover.
 */
export function installIntentPrefetch(): () => void {
  const onIntent = (event: Event) => {
    const pathname = linkPathname(event.target);
    if (pathname) preloadRoute(pathname);
  };
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const name of events) document.addEventListener(name, onIntent, { passive: true });
  return () => {
    for (const name of events) document.removeEventListener(name, onIntent);
  };
}

/** requestIdleCallback where there is one (not in Safari), a timer elsewhere. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * After the load event, a page still fetches its data and renders it: prefetching waits this long
 * past it so as not to compete for the network and the main thread of a slow phone. Fetching a
 * route evaluates its code (and zod's schemas with it: tasks of 25-60 ms at Lighthouse's 4x
 * slowdown), so it waits until a phone has drawn the page; a link used before then is fetched
 * on intent (hover, touch, focus) as the finger comes down.
 */
const SETTLE_MS = 5000;

/**
 * Prefetch on idle: once a page has rendered and the browser has nothing else to do, fetch the
 * code of the routes its links lead to, so that the likely next step never waits for its code.
 * One route per idle period, so that evaluating the fetched code never makes a long task.
 * `alsoLoad` is other code the page may soon need (the side menu).
 */
export function useIdlePrefetch(pathname: string, alsoLoad?: () => Promise<unknown>): void {
  useEffect(() => {
    let cancelled = false;
    let cancelStep = () => {};
    const step = (queue: (() => void)[]) => {
      const next = queue.shift();
      if (cancelled || !next) return;
      cancelStep = whenIdle(() => {
        next();
        step(queue);
      });
    };
    const start = () => {
      const timer = window.setTimeout(() => {
        const queue: (() => void)[] = [];
        if (alsoLoad) queue.push(() => void alsoLoad().catch(() => {}));
        const seen = new Set<string>();
        for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
          if (anchor.origin !== window.location.origin || seen.has(anchor.pathname)) continue;
          seen.add(anchor.pathname);
          queue.push(() => preloadRoute(anchor.pathname));
        }
        step(queue);
      }, SETTLE_MS);
      cancelStep = () => window.clearTimeout(timer);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      cancelStep();
    };
  }, [pathname, alsoLoad]);
}
