/**
 * How images are served, the parts that need no Node and no React: shared by the content check
 * (src/content/load.ts), the build's image step (scripts/images/images.ts) and the pages (src/ui/Img.tsx).
 *
 * Photos (JPEG, PNG, WebP, AVIF) are never served as they are: the build writes AVIF and WebP copies
 * at the widths their slots need, never wider than the original, under /_img/, and the pages pick one
 * with <picture>, srcset and sizes. SVG (and GIF, whose animation a conversion would lose) is served
 * as it is, so it has a weight limit of its own.
 */

/** Files the build converts to AVIF and WebP; their originals are not copied into the site. */
export const PROCESSED_IMAGE = /\.(jpe?g|png|webp|avif)$/i;

/** Images served as they are. */
export const SERVED_AS_IS_IMAGE = /\.(svg|gif)$/i;

/** A photo's file may weigh this much: a camera's largest JPEG is 20–40 MB, a 50 MP raw-converted PNG more. */
export const MAX_PHOTO_BYTES = 50 * 1024 * 1024;

/**
 * What an image served as it is (SVG, GIF) may weigh: nothing makes it lighter for phones. A drawing
 * saved as SVG weighs a few KB; one over 400 KB is usually a photo wrapped in an SVG.
 */
export const MAX_SERVED_AS_IS_BYTES = 400 * 1024;

/** No processed file weighs more: the quality is lowered step by step until it fits. */
export const MAX_VARIANT_BYTES = 250 * 1024;

/** Where the processed files are in the site: `/_img/<id>-<width>.<format>`. */
export const IMAGE_DIR = '_img';

export type ImageFormat = 'avif' | 'webp';

/**
 * Where an image is shown decides how wide it must be and which widths are made of it. Declared on
 * the field (`inSlot(ImageSchema, 'hero')` in the section's schema), used by the component (`<Img slot="hero">`).
 */
export interface SlotSpec {
  /** In words, for messages: "a hero banner". */
  label: string;
  /**
   * The narrowest photo this slot can show well: about as wide as the slot is shown on a computer
   * screen (CSS pixels), so the photo is never enlarged there. Narrower photos are refused.
   */
  minWidth: number;
  /**
   * The widths made of a photo in this slot (only those narrower than the photo, and the photo's own
   * width up to the largest). None: the photo is not shown in pages, only the build reads it.
   */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the slot is shown at each screen width (the browser then picks a width). */
  sizes: string | ((aspect: number) => string);
}

/*
 * Layout facts behind the figures (src/styles/base.css and the sections' CSS): the content column is
 * at most 72rem wide less the gaps (about 68.5rem, 1,096 px); two-column layouts start at 48rem.
 */
export const IMAGE_SLOTS = {
  hero: {
    label: 'a hero banner',
    // Half the content column on computers (534 px), the full width on tablets (up to 730 px).
    minWidth: 800,
    widths: [480, 800, 1200, 1600],
    sizes: '(min-width: 72rem) 34rem, (min-width: 48rem) 46vw, 100vw',
  },
  cover: {
    label: 'a video poster',
    // Behind a full-screen video, under a dark scrim; one file (a poster has no srcset).
    minWidth: 960,
    widths: [1600],
    sizes: '100vw',
  },
  card: {
    label: 'a card or text image',
    // A course card's image column (2/5 of the column, 440 px), a grid card, an image beside text.
    minWidth: 480,
    widths: [480, 800, 1200],
    sizes: '(min-width: 72rem) 28rem, (min-width: 48rem) 40vw, 100vw',
  },
  gallery: {
    label: 'a gallery photo',
    // The gallery's columns say how wide a photo is shown: its component gives the sizes.
    minWidth: 480,
    widths: [480, 800, 1200],
    sizes: '(min-width: 48rem) 33vw, (min-width: 30rem) 50vw, 100vw',
  },
  portrait: {
    label: 'a faculty photo',
    minWidth: 320,
    widths: [320, 480, 800],
    sizes: '(min-width: 72rem) 22rem, (min-width: 48rem) 33vw, 100vw',
  },
  avatar: {
    label: 'a testimonial photo',
    // 3.5rem (56 px) round: twice that, so it is sharp on phones.
    minWidth: 112,
    widths: [112, 168],
    sizes: '3.5rem',
  },
  logo: {
    label: 'a logo',
    // At most 5rem (80 px) high: as wide as its proportions make it.
    minWidth: 120,
    widths: [160, 320, 480],
    sizes: (aspect) => `${Math.max(1, Math.round(5 * aspect * 10) / 10)}rem`,
  },
  social: {
    label: 'the picture of a shared link',
    // Never shown in a page: the build crops it to the 1200 × 630 card that link previews show
    // (scripts/builder/social.ts), so it is made into no other width.
    minWidth: 1200,
    widths: [],
    sizes: '100vw',
  },
  icon: {
    label: 'the site icon',
    // Never shown in a page: the build makes the PNG icons of phones' home screens from it, up to 512 px.
    minWidth: 512,
    widths: [],
    sizes: '100vw',
  },
} as const satisfies Record<string, SlotSpec>;

export type ImageSlot = keyof typeof IMAGE_SLOTS;

/** The slot of an image field that declares none. */
export const DEFAULT_SLOT: ImageSlot = 'card';

/**
 * What the build made of a photo (beside its width and height in `Content.images`, and in the
 * page's data): the files `/_img/<id>-<w>.avif` and `.webp` for each of `widths`, ascending.
 */
export interface ImageVariants {
  /** Hash of the original's bytes and of the processing settings. */
  id: string;
  widths: number[];
  /** Placeholder colour while it loads (opaque photos only): red, green, blue levels 0–7, e.g. "534". */
  tint?: string | undefined;
}

export function variantUrl(variants: ImageVariants, width: number, format: ImageFormat): string {
  return `/${IMAGE_DIR}/${variants.id}-${width}.${format}`;
}

/** `srcset` of one format: every width the build made. */
export function srcSetOf(variants: ImageVariants, format: ImageFormat): string {
  return variants.widths.map((width) => `${variantUrl(variants, width, format)} ${width}w`).join(', ');
}

/** `sizes` for a slot and an image's proportions (width / height). */
export function sizesOf(slot: ImageSlot, aspect: number): string {
  const { sizes } = IMAGE_SLOTS[slot] as SlotSpec;
  return typeof sizes === 'function' ? sizes(aspect) : sizes;
}

/**
 * The one URL to use where an image cannot have a srcset (a video's poster, og:image, JSON-LD): the
 * largest WebP for a processed photo, the file itself otherwise (SVG, and in the dev server).
 */
export function singleSrc(src: string, variants: ImageVariants | undefined): string {
  const largest = variants?.widths[variants.widths.length - 1];
  return variants && largest ? variantUrl(variants, largest, 'webp') : src;
}

/**
 * The widths to make of a photo `width` pixels wide shown in `slots`: each slot's widths narrower
 * than the photo, and the photo's own width when it is narrower than a slot's largest (never enlarged).
 */
export function variantWidths(width: number, slots: Iterable<ImageSlot>): number[] {
  const widths = new Set<number>();
  for (const slot of slots) {
    const wanted: readonly number[] = IMAGE_SLOTS[slot].widths;
    if (wanted.length === 0) continue;
    for (const candidate of wanted) if (candidate < width) widths.add(candidate);
    if (wanted[wanted.length - 1]! >= width) widths.add(width);
  }
  return [...widths].sort((a, b) => a - b);
}

/** The levels of a placeholder colour, 0–7 per channel: `[158, 128, 108]` → "544". */
export function tintOf(mean: readonly [number, number, number]): string {
  return mean.map((value) => Math.max(0, Math.min(7, Math.round((value / 255) * 7)))).join('');
}

/**
 * The classes that paint a placeholder colour (src/ui/img.css): a class per channel level, so the
 * colour needs no inline style (the Content-Security-Policy allows none).
 */
export function tintClasses(tint: string | undefined): string | undefined {
  if (!tint || !/^[0-7]{3}$/.test(tint)) return undefined;
  return `tint tr${tint[0]} tg${tint[1]} tb${tint[2]}`;
}
