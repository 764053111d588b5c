/**
 * The build's prerender entry (build/prerender.ts): each route's first frame as HTML, rendered
 * with the real components in the state a first visit sees (no session, no data yet: the
 * layout, the page's title and description, its skeletons). The server puts it inside #root of
 * that path's HTML, and main.tsx hydrates it. Runs in Node at build time, never in the browser.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { loadRoute } from './app/route-prefetch';

/** The markup of `pathname`'s first frame, for inside `<div id="root">`. */
export async function renderPage(pathname: string): Promise<string> {
  // The screen's code first, as main.tsx does before hydrating: the same tree on both sides.
  await loadRoute(pathname);
  const { prelude } = await prerender(
    <StrictMode>
      <App router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>} />
    </StrictMode>,
    // One piece of HTML: React would otherwise move a boundary larger than this (12.8 kB by
    // default) out of the page, to be put in place by an inline script, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
