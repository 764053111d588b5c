import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, type NavigateOptions, type To } from 'react-router';

/**
 * Navigates after a delay (the spec's 1 s after login, 300 ms after logout...). The timer is
 * cancelled if the screen goes away first, so a late redirect never yanks the user elsewhere.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (to: To, delayMs: number, options?: NavigateOptions) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void navigate(to, options);
      }, delayMs);
    },
    [navigate],
  );
}

/** Runs `fn` after a delay, cancelled on unmount. */
export function useDelayedCallback() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback((fn: () => void, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, delayMs);
  }, []);
}
