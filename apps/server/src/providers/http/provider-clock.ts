/**
 * Time as a provider client sees it. Injected so that tests decide when back-offs, rate waits and
 * time-outs end instead of waiting for them.
 */
export interface ProviderClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` (back-off and rate-limit waits); rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Runs `run` after `ms` (a call's time-out); the returned function cancels it. */
  setTimer(ms: number, run: () => void): () => void;
}

export const systemProviderClock: ProviderClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason as Error);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  setTimer: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};
