import { useState, type ImgHTMLAttributes } from 'react';

export interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** The image to show; `null` or empty shows the fallback at once. */
  src: string | null | undefined;
  /** Shown instead when there is no image or it fails to load. */
  fallback: string;
  alt: string;
}

/** An image that falls back to a default one when it is missing or fails to load. */
export function FallbackImage({ src, fallback, alt, ...rest }: FallbackImageProps) {
  // Remember which source failed, so a new `src` gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = src && src.trim() !== '' ? src : null;
  const shown = wanted === null || failed === wanted ? fallback : wanted;
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      src={shown}
      alt={alt}
      data-fallback={shown === fallback ? 'true' : undefined}
      onError={() => {
        if (shown !== fallback) setFailed(shown);
      }}
    />
  );
}
