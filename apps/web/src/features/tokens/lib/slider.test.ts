import { describe, expect, it } from 'vitest';
import { groupIntoSlides, slidesToShow } from './slider';

describe('slidesToShow', () => {
  it.each([
    [280, 1],
    [320, 1],
    [360, 1],
    [480, 1],
    [481, 2],
    [768, 2],
    [769, 3],
    [1080, 3],
    [1280, 3],
    [2560, 3],
  ])('shows %i px wide as %i slide(s)', (width, slides) => {
    expect(slidesToShow(width)).toBe(slides);
  });

  it('never shows fewer slides on a wider screen', () => {
    let previous = 0;
    for (let width = 200; width <= 2000; width += 1) {
      const slides = slidesToShow(width);
      expect(slides).toBeGreaterThanOrEqual(previous);
      previous = slides;
    }
  });
});

describe('groupIntoSlides', () => {
  it('puts two cards on each slide', () => {
    expect(groupIntoSlides([1, 2, 3, 4, 5])).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('gives no slides for no cards', () => {
    expect(groupIntoSlides([])).toEqual([]);
  });

  it('refuses an empty slide size', () => {
    expect(() => groupIntoSlides([1], 0)).toThrow();
  });
});
