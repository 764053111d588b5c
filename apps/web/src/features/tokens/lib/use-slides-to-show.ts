import { useSyncExternalStore } from 'react';
import { slidesToShow, type SlidesToShow } from './slider';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Slides in view for the current window width, following resizes (spec breakpoints). */
export function useSlidesToShow(): SlidesToShow {
  return useSyncExternalStore(
    subscribe,
    () => slidesToShow(window.innerWidth),
    () => slidesToShow(1280),
  );
}
