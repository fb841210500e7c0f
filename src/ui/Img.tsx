import type { Image } from '../content/fields';

interface Props {
  image: Image;
  /** Used when the content gives no alt text, e.g. the card's title. */
  fallbackAlt?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
  className?: string | undefined;
}

/** An image with the width and height the build read from the file, so nothing shifts while it loads. */
export function Img({ image, fallbackAlt = '', eager = false, className }: Props) {
  return (
    <img
      src={image.src}
      alt={image.alt ?? fallbackAlt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
}
