import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: the first `first` at once, then `step` more a frame until
 * all are drawn. A list answer drawn in one go was one long task on a phone (the rows' render,
 * then the layout of all of them: 0.2-0.4 s at 4x slowdown) while most rows were below the fold;
 * drawn a screenful first and the rest a few at a time, each step is a render (in a transition,
 * so React yields within it) and a layout of its own, after the browser has painted the one
 * before. The count only grows: a list that gets longer (Show More, a refresh) goes on from what
 * is drawn; one that gets shorter draws what it has.
 */
export function useProgressiveCount(total: number, first: number, step = first): number {
  const [drawn, setDrawn] = useState(first);
  const shown = Math.min(total, Math.max(drawn, first));

  useEffect(() => {
    if (shown >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The next step after the browser has drawn this one: a frame, then a task after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() => setDrawn(shown + step));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [shown, total, step]);

  return shown;
}
