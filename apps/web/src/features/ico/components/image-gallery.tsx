import { useId, useState, type KeyboardEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { ProjectImage } from './project-image';
import styles from './image-gallery.module.css';

/**
 * The project's pictures as thumbnails; each opens a modal slider (Previous/Next buttons, arrow
 * keys, Escape or Close to leave). The slider wraps around at both ends.
 */
export function ImageGallery({ name, images }: { name: string; images: readonly string[] }) {
  const [open, setOpen] = useState<number | null>(null);

  if (images.length === 0) {
    return <p className={styles.none}>No images for this project yet.</p>;
  }

  return (
    <>
      <ul className={styles.gallery} aria-label={`${name} images`}>
        {images.map((src, index) => (
          <li key={`${src}-${index}`}>
            <button
              type="button"
              className={styles.thumb}
              onClick={() => setOpen(index)}
              aria-label={`Open image ${index + 1} of ${images.length}`}
            >
              <ProjectImage src={src} alt="" className={styles.image} />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <ImageSlider name={name} images={images} start={open} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

function ImageSlider({
  name,
  images,
  start,
  onClose,
}: {
  name: string;
  images: readonly string[];
  start: number;
  onClose: () => void;
}) {
  const titleId = useId();
  const [index, setIndex] = useState(start);
  const count = images.length;
  const move = (delta: number) => setIndex((current) => (current + delta + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    }
  }

  return (
    <Dialog onClose={onClose} labelledBy={titleId} className={styles.dialog}>
      {/* Arrow keys pressed on any control of the slider move it. */}
      <div
        className={styles.slider}
        onKeyDown={onKeyDown}
        role="group"
        aria-roledescription="carousel"
      >
        <div className={styles.sliderHead}>
          <h2 id={titleId} className={`dialog__title ${styles.sliderTitle}`}>
            {name} images
          </h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className={styles.stage}>
          <ProjectImage
            key={index}
            src={images[index]}
            alt={`${name} image ${index + 1} of ${count}`}
            className={styles.slide}
          />
        </div>
        <div className={styles.controls}>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => move(-1)}
            disabled={count < 2}
          >
            ‹ Previous
          </button>
          <p className={styles.count} aria-live="polite" data-testid="slider-count">
            {index + 1} / {count}
          </p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => move(1)}
            disabled={count < 2}
          >
            Next ›
          </button>
        </div>
      </div>
    </Dialog>
  );
}
