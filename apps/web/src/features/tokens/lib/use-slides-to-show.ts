import { useSyncExternalStore } from 'react';
import { slidesToShow, type SlidesToShow } from './slider';

/**
 * The window's width as of the last resize. Reading `window.innerWidth` can force the browser
 * to lay the page out; the lists re-render every second (market refresh), and a snapshot read
 * on each render made that a layout per slider per second on a phone. It is read once, when
 * this module loads (before the lists are drawn, while there is little to lay out), and on each
 * resize; a slider that subscribes reads it from here, not from the window, since a read in its
 * mount effect laid out the freshly drawn lists there and then.
 */
let windowWidth = typeof window === 'undefined' ? 1280 : window.innerWidth;
const listeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('resize', () => {
    windowWidth = window.innerWidth;
    for (const listener of listeners) listener();
  });
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Slides in view for the current window width, following resizes (spec breakpoints). */
export function useSlidesToShow(): SlidesToShow {
  return useSyncExternalStore(
    subscribe,
    () => slidesToShow(windowWidth),
    () => slidesToShow(1280),
  );
}
