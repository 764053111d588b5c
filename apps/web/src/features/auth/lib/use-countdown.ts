import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/**
 * A countdown of `durationSeconds` that keeps time by the clock, not by counting ticks, so a
 * throttled background tab still ends on time. `restart` starts it again from the full duration.
 */
export function useCountdown(durationSeconds: number) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [left, setLeft] = useState(durationSeconds);

  useEffect(() => {
    const id = setInterval(() => {
      const next = secondsLeft(durationSeconds, startedAt, Date.now());
      setLeft(next);
      if (next === 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [durationSeconds, startedAt]);

  const restart = useCallback(() => {
    setStartedAt(Date.now());
    setLeft(durationSeconds);
  }, [durationSeconds]);

  return { secondsLeft: left, done: left === 0, restart };
}
