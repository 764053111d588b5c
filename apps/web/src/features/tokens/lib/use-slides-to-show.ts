import { useSyncExternalStore } from 'react';
import { slidesToShow, type SlidesToShow } from './slider';

/**
 * The window's width as of the last resize. Reading `window.innerWidth` can force the browser
 * to lay the page out; the lists re-render every second (market refresh), and a snapshot read
 * on each render made that a layout per slider per second on a phone. It is read when a slider
 * subscribes and on each resize only.
 */
let windowWidth = typeof window === 'undefined' ? 1280 : window.innerWidth;

function subscribe(onChange: () => void): () => void {
  const listener = () => {
    windowWidth = window.innerWidth;
    onChange();
  };
  windowWidth = window.innerWidth;
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** Slides in view for the current window width, following resizes (spec breakpoints). */
export function useSlidesToShow(): SlidesToShow {
  return useSyncExternalStore(
    subscribe,
    () => slidesToShow(windowWidth),
    () => slidesToShow(1280),
  );
}
