import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A part of a screen drawn once its place comes into view, or once a keyboard or screen-reader
 * user reaches it: until then, a box of `placeholderHeight` holds its place, with a visually
 * hidden button (`showLabel`) that draws the part when focused or pressed, so that Tab and a
 * screen reader's next item lead into it as they would into the part itself. Home's lists sit
 * under its menu, below the first screen of a phone, and drawing them at load (three lists'
 * rows, their layout and paint, and the schemas that check their answers) was most of Home's
 * main-thread work after its first paint, which a phone pays in blocking time while its user
 * looks at the menu. On a wide screen, where the part is in view from the start, it is drawn at
 * once.
 *
 * The part stays drawn once drawn. The box is what the prerendered page holds too, so that
 * hydration matches. Where the browser has no `IntersectionObserver` (jsdom in the unit tests),
 * the part is drawn right after.
 */
export function NearScreen({
  children,
  placeholderHeight,
  label,
  showLabel,
}: {
  children: ReactNode;
  /** The box's height before the part is drawn (any CSS length). */
  placeholderHeight: string;
  /** What the box stands for, for tests and the curious: `data-near-screen`. */
  label: string;
  /** The hidden button's text, e.g. "Show the token lists". */
  showLabel: string;
}) {
  const [near, setNear] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      // A transition, which React draws in slices: the part is a screen's worth of lists.
      startTransition(() => setNear(true));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (near) return children;
  const show = () => setNear(true);
  return (
    <div ref={box} data-near-screen={label} style={{ minHeight: placeholderHeight }}>
      <button type="button" className="visually-hidden" onFocus={show} onClick={show}>
        {showLabel}
      </button>
    </div>
  );
}
