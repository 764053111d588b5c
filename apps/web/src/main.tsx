// Base styles first, so that feature stylesheets (imported by the screens) come after them.
import './styles/global.css';
import './styles/ui.css';
import { ROUTE_SCRIPTS_ID } from '@vaultscope/core';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { prefetchRouteData, prepareRouteModules } from './app/route-data';
import { loadRoute, startRouteDownloads } from './app/route-prefetch';
import { afterFirstPaint } from './lib/first-paint';
import { nextTask } from './lib/next-task';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A path the build prerendered arrives with its first frame inside #root (build/prerender.ts).
const prerendered = container.firstChild !== null;

// The screen's code (its costliest modules first, one task each) is fetched while the session
// store rehydrates, not after: in a task after the entry's evaluation, and the session in the
// next (bootstrap): the three in one task were 10.9-20.7 ms of CPU, over the 50 ms line at a
// phone's 4x in 4 loads of 9 (docs/speed-log.md, 2026-11-28, S's traces).
//
// A token detail's loading frame holds the screen's modulepreload links in a template of the
// head (the server's, for that frame only), and they are released, and any of the route's code
// imported, only once that frame has been shown: it needs none of it, and Lighthouse's estimate
// counts every download that ended before the observed first paint as holding that paint back,
// so the loading frame racing the screen's 33 files on localhost was estimated at 0.7 s or
// 2.9 s by which won (docs/speed-log.md, 2026-11-28, paint first). Nothing may import the
// route's code before this resolves, the session's and the route data's modules included: an
// import() starts its download at once, whatever the template holds.
const routeCodeReleased = (
  document.getElementById(ROUTE_SCRIPTS_ID) ? afterFirstPaint() : nextTask()
).then(startRouteDownloads);
const routeLoaded = routeCodeReleased
  .then(() => prepareRouteModules(window.location.pathname))
  .then(() => loadRoute(window.location.pathname))
  .catch(() => {});

// The session store is rehydrated before the app renders (like redux-persist's PersistGate).
// Components read it through useSyncExternalStore, whose server snapshot (the empty session)
// is what hydration renders, so a stored session changes the page right after, not mid-way.
// A stored session's check brings zod: after the detail's paint too. A prerendered page waits
// for its screen's code before it hydrates anyway.
void routeCodeReleased.then(bootstrap).then(async () => {
  // A token detail takes its data from the page, or asks for it (a logged-in viewer's), beside
  // its code, not after its first render (its frame in the HTML, if any, is the loading text);
  // the wallet asks for a logged-in user's balances. Both import the screen's modules.
  const routeData = prefetchRouteData(window.location);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition: React renders in slices of a few milliseconds and lets the browser handle
  // input between them, instead of one long task (the first render is blocking time on a phone).
  if (prerendered) {
    // The screen's code is awaited so that it hydrates at once instead of suspending, and the
    // data the page carried, so that its query does not ask again: the prerendered frame stays
    // on screen meanwhile.
    await Promise.all([routeLoaded, routeData]);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    startTransition(() => {
      createRoot(container).render(app);
    });
  }
});
