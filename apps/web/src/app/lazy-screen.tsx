import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen whose code is fetched the first time it is shown, or earlier by `preload`. */
export interface LazyScreen<P extends object> {
  Screen: ComponentType<P>;
  /** Fetches the screen's code (and its CSS) once; later calls return the same promise. */
  preload: () => Promise<void>;
}

/**
 * Route-level code splitting (`React.lazy` under the hood). The import is written at the call
 * site, `lazyScreen(() => import('…/dex-screen'), (m) => m.DexScreen)`, so that the bundler makes
 * one chunk per screen.
 *
 * Once the code has arrived, a screen mounted after that renders the component itself rather than
 * the lazy wrapper, so a prefetched route never suspends (no skeleton flash). The choice is made
 * once per mount: switching from one to the other would remount the screen and lose its state.
 */
export function lazyScreen<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        // A failed fetch (offline, a deploy replaced the chunk) may be tried again later.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Screen(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Screen, preload };
}
