import { startTransition, useEffect, useState } from 'react';

/**
 * The steps waiting to be drawn, over every progressive list on the page. One step is taken a
 * frame, in the order they asked, and the next only once the last is committed: DEX draws three
 * lists (two sliders and the table) whose answers land together, and when each list took its own
 * step every frame (or a step's transition was still rendering when the next came, and React drew
 * both in one go) the steps' layout and paint were one task of the frame (17-31 ms at no
 * slowdown, 67-127 ms at a phone's 4x: blocking time each), where one list's step is a third.
 */
const waiting: Array<() => void> = [];
let booked = false;
/** The step taken whose commit has not been seen yet (its hook's effect clean-up says so). */
let taken: (() => void) | null = null;

function book(): void {
  booked = true;
  // The next step after the browser has drawn the last one: a frame, then a task after it.
  requestAnimationFrame(() => {
    setTimeout(() => {
      booked = false;
      if (taken) return;
      taken = waiting.shift() ?? null;
      taken?.();
    }, 0);
  });
}

/** Queues `step` to run on a frame of its own; returns what its hook calls once it is over. */
function takeStep(step: () => void): () => void {
  waiting.push(step);
  if (!booked && !taken) book();
  return () => {
    const at = waiting.indexOf(step);
    if (at >= 0) waiting.splice(at, 1);
    if (taken === step) taken = null;
    if (!booked && !taken && waiting.length > 0) book();
  };
}

/**
 * How many of `total` items to draw: the first `first` at once, then `step` more a frame until
 * all are drawn. A list answer drawn in one go was one long task on a phone (the rows' render,
 * then the layout of all of them: 0.2-0.4 s at 4x slowdown) while most rows were below the fold;
 * drawn a screenful first and the rest a few at a time, each step is a render (in a transition,
 * so React yields within it) and a layout of its own, after the browser has painted the one
 * before. The lists of a page share the frames: one list's step a frame (`takeStep`). The count
 * only grows: a list that gets longer (Show More, a refresh) goes on from what is drawn; one that
 * gets shorter draws what it has.
 */
export function useProgressiveCount(total: number, first: number, step = first): number {
  const [drawn, setDrawn] = useState(first);
  const shown = Math.min(total, Math.max(drawn, first));

  useEffect(() => {
    // A step of none would never commit a new count, and the page's lists wait for each commit.
    if (shown >= total || !(step > 0)) return;
    // The clean-up comes with the commit of the step (`shown` moved on) or the list's unmount.
    return takeStep(() => startTransition(() => setDrawn(shown + step)));
  }, [shown, total, step]);

  return shown;
}
