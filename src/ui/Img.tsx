import type { Image } from '../content/fields';
import { singleSrc, sizesOf, srcSetOf, tintClasses, variantUrl, type ImageSlot } from '../content/images';
import { useImageSize } from '../page/image-sizes';
import './img.css';

interface Props {
  image: Image;
  /** Where it is shown: the slot its field declares (`inSlot` in the section's schema). Gives `sizes`. */
  slot: ImageSlot;
  /** Used when the content gives no alt text, e.g. the card's title. */
  fallbackAlt?: string;
  /** In the first screen: loaded at once instead of lazily. */
  eager?: boolean;
  /** The page's main image (the first hero's): loaded at once, before other images. */
  priority?: boolean;
  /** How wide it is shown, when the component knows better than its slot (a gallery's columns). */
  sizes?: string | undefined;
  className?: string | undefined;
}

/**
 * An image with the width and height the build measured, so nothing shifts while it loads. A photo
 * the build processed is a <picture>: AVIF, then WebP, at every width made of it, for the browser to
 * pick by `sizes`, over its placeholder colour; any other image (SVG, and every image in the dev
 * server) is the file itself.
 */
export function Img({ image, slot, fallbackAlt = '', eager = false, priority = false, sizes, className }: Props) {
  const size = useImageSize(image.src);
  const variants = size?.variants;
  const common = {
    alt: image.alt ?? fallbackAlt,
    width: size?.width,
    height: size?.height,
    loading: eager || priority ? 'eager' : 'lazy',
    decoding: 'async',
    fetchPriority: priority ? 'high' : undefined,
  } as const;
  if (!size || !variants || variants.widths.length === 0) return <img src={image.src} {...common} className={className} />;

  const slotSizes = sizes ?? sizesOf(slot, size.width / size.height);
  // For a browser without srcset: the width nearest a typical phone's.
  const fallback = variants.widths.find((width) => width >= 800) ?? variants.widths[variants.widths.length - 1]!;
  const classes = [className, tintClasses(variants.tint)].filter(Boolean).join(' ') || undefined;
  return (
    <picture className="picture">
      <source type="image/avif" srcSet={srcSetOf(variants, 'avif')} sizes={slotSizes} />
      <img src={variantUrl(variants, fallback, 'webp')} srcSet={srcSetOf(variants, 'webp')} sizes={slotSizes} {...common} className={classes} />
    </picture>
  );
}

/** The one file to show where no srcset can be (a video's poster): the largest processed WebP, or the file itself. */
export function useSingleSrc(src: string): string {
  return singleSrc(src, useImageSize(src)?.variants);
}
