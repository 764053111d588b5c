/**
 * Layout rules of the DEX sliders (spec sections 2 and 9): cards are grouped two per slide, and
 * the number of slides in view follows the width breakpoints 320, 480, 768 and 1080.
 *
 * The breakpoints are read the way carousel libraries read them: a breakpoint's setting holds for
 * widths up to and including it, the narrowest matching one wins, and wider screens use the
 * default. So: up to 480 px one slide, up to 768 px two, and three from there on.
 */
export const SLIDER_BREAKPOINTS = [
  { maxWidth: 320, slides: 1 },
  { maxWidth: 480, slides: 1 },
  { maxWidth: 768, slides: 2 },
  { maxWidth: 1080, slides: 3 },
] as const;

/** Slides in view above the widest breakpoint. */
export const DEFAULT_SLIDES_TO_SHOW = 3;

/** Cards per slide. */
export const CARDS_PER_SLIDE = 2;

export type SlidesToShow = 1 | 2 | 3;

/** How many slides are in view at a window `width` in CSS pixels. */
export function slidesToShow(width: number): SlidesToShow {
  const match = SLIDER_BREAKPOINTS.find((breakpoint) => width <= breakpoint.maxWidth);
  return match ? match.slides : DEFAULT_SLIDES_TO_SHOW;
}

/** Groups items into slides of `size` (the last slide may hold fewer). */
export function groupIntoSlides<T>(items: readonly T[], size: number = CARDS_PER_SLIDE): T[][] {
  if (size < 1) throw new Error('A slide holds at least one card.');
  const slides: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    slides.push(items.slice(index, index + size));
  }
  return slides;
}
