/**
 * How long a page waits for its first paint before it goes on without one. A prerendered frame
 * paints as soon as its HTML is parsed, well within this on a phone; the wait only bounds how
 * late a browser that never reports the paint hydrates.
 */
export const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the page's first contentful paint has been shown (the Paint Timing entry, which
 * comes when the frame is presented, not when it is drawn), at once in a tab that is not visible
 * (it does not paint), once the tab is hidden, and at the latest after `waitMs`. Where the
 * browser reports no paint entries, after the next frame and a task.
 *
 * A token detail's loading frame waits for this before the page fetches its screen's code
 * (main.tsx): what it paints needs none of it, and the paint does not then race the downloads.
 */
export function afterFirstPaint(waitMs = FIRST_PAINT_WAIT_MS): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.visibilityState !== 'visible') {
      resolve();
      return;
    }
    const reportsPaints =
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('paint') === true;
    // Every way out goes through `done`, which is only ever called from a later task.
    const observer = reportsPaints
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : undefined;
    const timer = setTimeout(done, waitMs);
    function done() {
      observer?.disconnect();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', done);
      resolve();
    }
    // Hidden before it painted: it will not paint until shown again.
    document.addEventListener('visibilitychange', done);
    // `buffered`: a paint that came before this call is reported too.
    if (observer) observer.observe({ type: 'paint', buffered: true });
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}
