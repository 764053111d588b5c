import type { UseQueryResult } from '@tanstack/react-query';
import { tokenMessages, type TokenListItem, type TokenListResponse } from '@vaultscope/core';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { messageOf } from '@/lib/api-client';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { switchingList } from '../lib/switching-list';
import { CARDS_PER_SLIDE, groupIntoSlides } from '../lib/slider';
import { useSlidesToShow } from '../lib/use-slides-to-show';
import { TokenCard, TokenCardSkeleton } from './token-card';
import styles from './token-slider.module.css';

const LIST_ERROR_TEXT = 'Could not load tokens. Please try again.';

interface TokenSliderProps {
  title: string;
  headingId: string;
  query: UseQueryResult<TokenListResponse>;
  linkFor: (token: TokenListItem) => string | undefined;
  testId: string;
}

/**
 * A DEX slider (spec section 2): cards two per slide, 1, 2 or 3 slides in view by width, previous
 * and next buttons, 'No data found' when empty. Built on CSS scroll snapping: touch, trackpad and
 * keyboard scrolling work natively; the buttons move one slide.
 *
 * An answer is drawn in a transition, as the token table's is (`TokenListTable`): the render that
 * the query's store starts keeps the slider as it was, and React draws the cards in slices.
 */
export function TokenSlider({ query, ...props }: TokenSliderProps) {
  const deferred = useDeferredValue(query);
  // The cards drawn may be another filter's while the new list is drawn (see switchingList).
  return <TokenSliderBody {...props} query={deferred} switching={switchingList(query, deferred)} />;
}

const TokenSliderBody = memo(function TokenSliderBody({
  title,
  headingId,
  query,
  linkFor,
  testId,
  switching,
}: TokenSliderProps & { switching: boolean }) {
  const show = useSlidesToShow();
  const trackRef = useRef<HTMLDivElement>(null);
  const tokens = query.data?.tokenDetails ?? [];
  const slides = groupIntoSlides(tokens, CARDS_PER_SLIDE);
  const now = new Date();
  // The slides in view and the next one at once, the rest a frame later (useProgressiveCount):
  // on a phone one slide of ten is in view.
  const drawnSlides = useProgressiveCount(slides.length, show + 1, 3);

  // Whether the track is at its start or end. Until it is scrolled the track is at its start, and
  // its end is in view when every slide is: that follows from the counts. Measuring it instead
  // (scroll sizes, in an effect after each new list) forced a layout of the freshly drawn page
  // there and then, 0.2-0.4 s at a phone's 4x slowdown. Once scrolled, the scroll events measure
  // it (the layout is done by then), and a new list or width is measured on the next frame.
  const [measured, setMeasured] = useState<{ start: boolean; end: boolean } | null>(null);
  const edges = measured ?? { start: true, end: slides.length <= show };

  const updateEdges = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const max = track.scrollWidth - track.clientWidth;
    const start = track.scrollLeft <= 1;
    const end = track.scrollLeft >= max - 1;
    setMeasured((current) =>
      current?.start === start && current.end === end ? current : { start, end },
    );
  }, []);

  const scrolled = measured !== null;
  useEffect(() => {
    if (!scrolled) return;
    const frame = requestAnimationFrame(updateEdges);
    return () => cancelAnimationFrame(frame);
  }, [updateEdges, scrolled, slides.length, show]);

  function move(direction: 1 | -1) {
    const track = trackRef.current;
    // By its role, not its class: a CSS module's class names are hashed.
    const slide = track?.querySelector<HTMLElement>('[aria-roledescription="slide"]');
    if (!track || !slide) return;
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({ left: direction * (slide.offsetWidth + gap), behavior: 'smooth' });
  }

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div className={styles.track} style={{ '--slides': show } as CSSProperties}>
        {Array.from({ length: show }, (_, index) => (
          <div key={index} className={styles.slide}>
            <TokenCardSkeleton />
            <TokenCardSkeleton />
          </div>
        ))}
      </div>
    );
  } else if (query.isError && tokens.length === 0) {
    content = (
      <p className={`list-error ${styles.message}`} role="alert">
        {messageOf(query.error, LIST_ERROR_TEXT)}
      </p>
    );
  } else if (slides.length === 0) {
    content = <p className={styles.message}>{tokenMessages.noDataFound}</p>;
  } else {
    content = (
      <div
        ref={trackRef}
        className={styles.track}
        style={{ '--slides': show } as CSSProperties}
        onScroll={updateEdges}
        // A scrollable region must be reachable by keyboard (arrow keys scroll it).
        tabIndex={0}
        role="region"
        aria-roledescription="carousel"
        aria-label={`${title} cards`}
      >
        {slides.slice(0, drawnSlides).map((pair, index) => (
          <div
            key={pair.map((token) => token.id).join('+')}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {pair.map((token) => (
              <TokenCard key={token.id} token={token} to={linkFor(token)} now={now} />
            ))}
          </div>
        ))}
      </div>
    );
  }

  const canScroll = slides.length > show;
  return (
    <section
      className={
        query.isPlaceholderData || switching ? `${styles.slider} ${styles.stale}` : styles.slider
      }
      aria-labelledby={headingId}
      data-testid={testId}
      data-slides-to-show={show}
      aria-busy={query.isFetching || switching || undefined}
    >
      <div className={styles.head}>
        <h2 id={headingId} className={`section-title ${styles.title}`} tabIndex={-1}>
          {title}
        </h2>
        {canScroll && (
          <div className={styles.nav}>
            <button
              type="button"
              className="icon-btn"
              aria-label={`Previous ${title}`}
              disabled={edges.start}
              onClick={() => move(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={`Next ${title}`}
              disabled={edges.end}
              onClick={() => move(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      {content}
    </section>
  );
});
