import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a screen whose code is a chunk of its own (the lists under Home's menu, the DEX and
 * CEX lists, the bell), fetched once the screen around it has been drawn; `fallback` shows
 * meanwhile, as with `React.lazy` under `Suspense`.
 *
 * Why not `React.lazy`: a screen that suspends on a part of itself while it is revealed (the
 * route's own code having just arrived) is not shown at once: React holds the reveal, up to
 * 300 ms, to spare a flash of the part's fallback, so the page's title or menu (its largest
 * paint on a phone) waited for the part's code. Here nothing suspends: the screen is drawn with
 * the fallback, and the part replaces it when its code is in. A part whose code has arrived
 * before renders at once. A failed fetch reaches the route's error boundary, as a lazy one's
 * does, and is tried again on the next mount.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & { fallback: ReactNode }> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchPart = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));

  function LazyPart({ fallback, ...props }: P & { fallback: ReactNode }) {
    const [Part, setPart] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Part) return;
      let live = true;
      // In a task of its own, not in React's effects: an import() runs Vite's preload helper,
      // which looks up and adds a <link> per chunk it needs, and a screen's parts started
      // together made one task of 60-110 ms at a phone's 4x slowdown (Home, after hydration).
      const timer = setTimeout(() => {
        fetchPart().then(
          // Drawn in a transition, which React splits into slices of a few milliseconds: set
          // from a promise, the part (Home's lists with their skeletons) was drawn in one task.
          (component) => live && startTransition(() => setPart(() => component)),
          (error: unknown) => live && setFailure({ error }),
        );
      }, 0);
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }, [Part]);
    if (failure) throw failure.error;
    return Part ? <Part {...(props as P)} /> : fallback;
  }
  return LazyPart;
}
