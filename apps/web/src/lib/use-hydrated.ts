import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders the markup of a page the build prerendered (on the server side and
 * while hydrating it), true from then on and on every render of a page it drew itself. A frame
 * in the HTML is painted before its script runs: what must wait for the script (a form's
 * submission) asks this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
