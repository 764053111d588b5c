import { ICO_DEFAULT_IMAGE } from '@vaultscope/core';
import { FallbackImage } from '@/components/ui/fallback-image';

/** A project's logo or picture; the default image when it has none or it fails to load. */
export function ProjectImage({
  src,
  alt = '',
  size,
  className,
  testId,
}: {
  src: string | null | undefined;
  alt?: string;
  size?: number;
  className?: string;
  testId?: string;
}) {
  return (
    <FallbackImage
      src={src}
      fallback={ICO_DEFAULT_IMAGE}
      alt={alt}
      width={size}
      height={size}
      className={className}
      data-testid={testId}
    />
  );
}
