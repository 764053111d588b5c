import { webRoutes } from '@vaultscope/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import styles from './home.module.css';

/** How long a jump waits for the lists to be drawn: their code and answers, on a slow phone. */
export const DRAW_WAIT_MS = 10_000;

/** What a user does to go elsewhere: a jump still waiting for the lists gives way to it. */
const MOVING_ON = ['pointerdown', 'keydown', 'wheel', 'touchmove'] as const;

/**
 * The element with `id` once it is drawn inside `section`, or null after `DRAW_WAIT_MS`, once
 * `section` has left the document (the user went to another page, which may hold that id too),
 * once the user moves on (`MOVING_ON`: a late jump would take their focus from where they went),
 * or once `signal` aborts (a newer jump, or the strip gone).
 */
export function whenDrawn(
  id: string,
  section: HTMLElement,
  signal: AbortSignal,
): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    const stop = new AbortController();
    const observer = new MutationObserver(() => {
      if (!section.isConnected) return finish(null);
      const element = document.getElementById(id);
      if (element && section.contains(element)) finish(element);
    });
    const timer = setTimeout(() => finish(null), DRAW_WAIT_MS);
    function finish(element: HTMLElement | null) {
      observer.disconnect();
      clearTimeout(timer);
      stop.abort();
      resolve(element);
    }
    if (signal.aborted) return finish(null);
    signal.addEventListener('abort', () => finish(null), { signal: stop.signal });
    for (const name of MOVING_ON) {
      document.addEventListener(name, () => finish(null), {
        capture: true,
        passive: true,
        signal: stop.signal,
      });
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Home's top strip (spec section 2): a way to the scam check labelled 'Check Scammer Identifier',
 * and 'New Pools' and 'Top Gainers' buttons that scroll to the top-gainers heading.
 */
export function HomeStrip({
  topGainersHeadingId,
  researchId,
}: {
  topGainersHeadingId: string;
  /** The section the lists are drawn in, scrolled to while the heading is not drawn yet. */
  researchId: string;
}) {
  // The jump waiting for the lists to be drawn, if any: one at a time, and none after the strip.
  const waiting = useRef<AbortController | null>(null);
  useEffect(() => () => waiting.current?.abort(), []);

  function scrollToTopGainers() {
    waiting.current?.abort();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const scrollTo = (element: HTMLElement) =>
      element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    const jumpTo = (heading: HTMLElement) => {
      scrollTo(heading);
      // Keyboard and screen-reader users land where the eye does.
      heading.focus({ preventScroll: true });
    };
    const heading = document.getElementById(topGainersHeadingId);
    if (heading) {
      jumpTo(heading);
      return;
    }
    // On a phone the lists are drawn once they come into view: bring their place into view, and
    // jump to the heading once it is drawn.
    const research = document.getElementById(researchId);
    if (!research) return;
    scrollTo(research);
    const jump = new AbortController();
    waiting.current = jump;
    void whenDrawn(topGainersHeadingId, research, jump.signal).then(
      (drawn) => drawn && jumpTo(drawn),
    );
  }

  return (
    <nav className={styles.strip} aria-label="Research shortcuts">
      <Link to={webRoutes.checkScam} className={`btn btn--primary ${styles.scam}`}>
        <span aria-hidden="true">⚠</span> Check Scammer Identifier
      </Link>
      <div className={styles.jumps}>
        <button type="button" className="btn btn--secondary" onClick={scrollToTopGainers}>
          New Pools
        </button>
        <button type="button" className="btn btn--secondary" onClick={scrollToTopGainers}>
          Top Gainers
        </button>
      </div>
    </nav>
  );
}
