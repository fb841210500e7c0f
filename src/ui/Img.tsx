import { useImageSize } from '../app/image-sizes';
import type { Image } from '../content/fields';

// For sections that show an image otherwise (a video's poster): importing it from here keeps the
// sizes' context in the app's chunk, with <Img>, instead of a chunk of its own for every page.
export { useImageSize };

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
  const size = useImageSize(image.src);
  return (
    <img
      src={image.src}
      alt={image.alt ?? fallbackAlt}
      width={size?.width}
      height={size?.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  );
}
