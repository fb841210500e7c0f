/**
 * What a shared link and a phone's home screen show, made by the build with sharp:
 *
 * - a card for every page, 1200 × 630 (the size Facebook, LinkedIn, WhatsApp and X show above a
 *   link): the picture the page names in `meta.social.image`, else its hero photo, cropped to fill
 *   the card; else a card in the site's colours with the logo and the page's title (a course page:
 *   the course's name and duration). A JPEG for a photo, a PNG for a title card; never over 300 KB.
 * - the PNG icons (32 px for old browsers, 180 px for iPhones' home screens, 192 and 512 px for the
 *   web app manifest), from the site's icon, or its logo centred on white; and the manifest itself.
 *
 * Each file is named by the hash of everything it is made from and kept under
 * node_modules/.cache/cesa-social/, like the processed photos: a rebuild makes only the cards whose
 * page changed, and a new title is a new file name, so a link previewer's copy of the old card is never
 * mistaken for the new one. Text is laid out by Pango (sharp's text input) in the system's sans-serif
 * font: wrapped at word boundaries, made smaller until it fits its box, and never drawn outside it.
 */
import { BytesLru } from '../../src/lib/bytes-lru';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { loadSharp, SHARP_VERSION, type SharpModule } from '../images/vips';
import type { SharedMedia, SocialCard } from '../../src/app/data';
import { problem } from '../../src/content/error-codes';
import type { ContentError } from '../../src/content/errors';
import { PROCESSED_IMAGE } from '../../src/content/images';
import { errorsWhereShown, type Content } from '../../src/content/load';
import type { Page } from '../../src/content/page-schema';
import { ICON_FILES, SOCIAL_DIR } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { HashMemo, limiter, reasonOf, writeAtomically, type Limiter } from '../images/images';
import { BUILD } from '../errors/build';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** What a card may weigh: WhatsApp leaves out a preview picture over about 300 KB. */
export const MAX_CARD_BYTES = 300 * 1024;

/**
 * Everything that decides what a file holds besides its inputs (and LAYOUT): a change here makes every
 * file again. A change to how a card or an icon is drawn must bump `version`.
 */
/** sharp, loaded before any picture is made (scripts/images/vips.ts). */
let sharp: SharpModule;

const SETTINGS = { version: 4, sharp: SHARP_VERSION, jpeg: { quality: 82, minQuality: 50, step: 8 } };

/** Cached files unused this long are removed. */
const UNUSED_DAYS = 30;

/** Cards looked for in the cache one by one before it is listed instead (makeSharedMedia). */
const LOOKS_BEFORE_LISTING = 64;

export function socialCacheDir(root: string): string {
  return path.join(root, 'node_modules/.cache/cesa-social');
}

/** The site's colours: the design tokens of src/styles/base.css, read so that the card and the pages agree. */
export interface SiteColours {
  brand: string;
  brandDark: string;
  accent: string;
}

export function siteColours(root: string): SiteColours {
  const css = readFileSync(path.join(root, 'src/styles/base.css'), 'utf8');
  const token = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(css)?.[1];
    if (!value) throw new Error(BUILD.text('BUILD_STYLE_COLOUR_MISSING', { name }));
    return value.toLowerCase();
  };
  return { brand: token('brand'), brandDark: token('brand-dark'), accent: token('accent') };
}

/** What a page's card shows: a picture of the content, or the page's title on the site's colours. */
export type CardSpec =
  | { kind: 'picture'; src: string; alt: string }
  | { kind: 'title'; title: string; subtitle?: string | undefined; alt: string };

/**
 * The card of a page (null: the 404 page, which gets the site's name). A picture the page names
 * for its shared link comes first (any image: an SVG is drawn); then its hero's photo (a drawing in
 * SVG is an illustration, not a photo: the title says more).
 */
export function cardSpecOf(site: Site, page: Page | null): CardSpec {
  if (!page) return { kind: 'title', title: site.name, alt: site.name };
  const { meta } = page;
  const linkTitle = meta.social?.title ?? meta.title;
  const chosen = meta.social?.image;
  if (chosen) return { kind: 'picture', src: chosen.src, alt: chosen.alt || linkTitle };
  const hero = page.sections[0]?.type === 'hero' ? page.sections[0] : undefined;
  const photo = [hero?.image, hero?.video?.poster].find((image) => image && PROCESSED_IMAGE.test(image.src));
  if (photo) return { kind: 'picture', src: photo.src, alt: photo.alt || linkTitle };
  const title = meta.course?.name ?? hero?.title ?? meta.title;
  const subtitle = meta.course?.duration?.text;
  return { kind: 'title', title, subtitle, alt: `${title}${subtitle ? `, ${subtitle}` : ''}: ${site.name}` };
}

export interface SharedStepOptions {
  /** The project: its styles give the colours. */
  root: string;
  /** Where pages/ and public/ are. */
  contentRoot: string;
  content: Pick<Content, 'site' | 'facts'> & { site: Site };
  /** Each route's card (cardSpecOf), the 404 page's under /404. */
  cards: ReadonlyMap<string, CardSpec>;
  cacheDir: string;
  /** Where its drawing waits for a slot: shared with the photos' step (default: one slot per core). */
  run?: Limiter;
}

export interface SharedStepResult {
  /** Route → its card and icons; the 404 page's under /404. */
  pages: Map<string, SharedMedia>;
  /** Path in the output → the file in the cache, and the key it is written under (its content's hash). */
  files: Map<string, { cached: string; key: string }>;
  /** The web app manifest's text (ICON_FILES.manifest). */
  manifest: string;
  /**
   * When every file of `files` is in the cache, or what could not be drawn. What the pages say of their
   * cards (address, size) is known before a card is drawn: the cards are drawn while the pages render.
   */
  finished: Promise<SharedStepEnd>;
}

/** The cards and icons drawn now (not found in the cache), or the pictures that could not be read. */
export type SharedStepEnd = { ok: true; made: number } | { ok: false; errors: ContentError[] };

/** Every page's card, the icons and the manifest, from the cache where they were made before. */
export function makeSharedMedia({ root, contentRoot, content, cards: specs, cacheDir, run = limiter(availableParallelism()) }: SharedStepOptions): SharedStepResult {
  const { site } = content;
  const publicDir = path.join(contentRoot, 'public');
  const fileOf = (src: string) => path.join(publicDir, ...src.split('/').slice(1));
  mkdirSync(cacheDir, { recursive: true });
  const colours = siteColours(root);
  const hashes = new HashMemo(cacheDir);
  const used = new UseLog(cacheDir);
  const failures = new Map<string, string>();
  const stats = { made: 0 };

  const hashed = new Map<string, string>();
  const hashOf = (src: string) => {
    let known = hashed.get(src);
    if (known === undefined) {
      const file = fileOf(src);
      hashed.set(src, (known = hashes.of(file, statSync(file))));
    }
    return known;
  };
  const tryOn = async <T,>(src: string, make: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await make();
    } catch (error) {
      if (!failures.has(src)) failures.set(src, reasonOf(error));
      return undefined;
    }
  };

  // The logo, drawn once for every title card.
  const logoSrc = site.logo.src;
  // Drawn once, when the first title card is made (none when every card is in the cache).
  let logo: Promise<Layer | undefined> | undefined;
  const drawLogo = () => (logo ??= loadSharp().then((loaded) => ((sharp = loaded), tryOn(logoSrc, () => run(() => logoLayer(fileOf(logoSrc)))))));
  const host = new URL(site.url).host;

  // The cards in the cache: looked for one by one for the first few, then listed once (a look per card
  // cost 50 ms at 5,000 pages; listing a cache of 10,000 cards 45 ms, for a site with one card).
  let listed: Set<string> | undefined;
  let looks = 0;
  const inCache = (name: string) => (looks++ < LOOKS_BEFORE_LISTING ? existsSync(path.join(cacheDir, name)) : (listed ??= new Set(readdirSync(cacheDir))).has(name));
  // One job per different card: pages that would show the same card share its file.
  const jobs = new Map<string, { card: SocialCard; drawn: Promise<unknown> }>();
  // The files the output takes from the cache: each card once, then the icons.
  const files = new Map<string, { cached: string; key: string }>();
  // The job of a card by what varies from page to page (the colours, the host and the logo are the
  // build's): each page's inputs written out as JSON were 40 of 90 ms at 5,000 pages with one page changed.
  const byPage = new Map<string, { card: SocialCard; drawn: Promise<unknown> }>();
  const cardOf = (spec: CardSpec): { card: SocialCard; drawn: Promise<unknown> } => {
    const varies = spec.kind === 'picture' ? `picture ${spec.src}` : `title ${spec.title.length} ${spec.title}${spec.subtitle === undefined ? '' : ` ${spec.subtitle}`}`;
    let known = byPage.get(varies);
    if (!known) byPage.set(varies, (known = jobOf(spec)));
    return known;
  };
  // A card's name: the hash of what it is made from, `JSON.stringify({ SETTINGS, LAYOUT, inputs })` to
  // the character, with what every card of this build shares hashed once. Most pages have a title card
  // of their own: each one's inputs written whole as JSON, then hashed, were 80 of 100 ms at 5,000 pages.
  const head = createHash('sha256').update(`{"SETTINGS":${JSON.stringify(SETTINGS)},"LAYOUT":${JSON.stringify(LAYOUT)},"inputs":`);
  let titleTail: string | undefined;
  const idOf = (spec: CardSpec): string => {
    const inputs = head.copy();
    if (spec.kind === 'picture') inputs.update(`{"kind":"picture","src":${JSON.stringify(hashOf(spec.src))}}}`);
    else {
      titleTail ??= `,"colours":${JSON.stringify(colours)},"host":${JSON.stringify(host)},"logo":${JSON.stringify(hashOf(logoSrc))}}}`;
      const subtitle = spec.subtitle === undefined ? '' : `,"subtitle":${JSON.stringify(spec.subtitle)}`;
      inputs.update(`{"kind":"title","title":${JSON.stringify(spec.title)}${subtitle}${titleTail}`);
    }
    return inputs.digest('hex').slice(0, 20);
  };
  const jobOf = (spec: CardSpec): { card: SocialCard; drawn: Promise<unknown> } => {
    const extension = spec.kind === 'picture' ? 'jpg' : 'png';
    const id = idOf(spec);
    let job = jobs.get(id);
    if (!job) {
      const name = `${id}.${extension}`;
      const cached = `${cacheDir}${path.sep}${name}`;
      used.mark(cached);
      const card = { src: `/${SOCIAL_DIR}/${id}.${extension}`, width: CARD_WIDTH, height: CARD_HEIGHT, type: extension === 'jpg' ? 'image/jpeg' : 'image/png', alt: '' } satisfies SocialCard;
      const draw = async () => {
        sharp = await loadSharp();
        const drawn = spec.kind === 'title' ? await drawLogo() : undefined;
        if (spec.kind === 'title' && !drawn) return; // the logo failed: reported
        const data = await tryOn(spec.kind === 'picture' ? spec.src : logoSrc, () =>
          run(() => (spec.kind === 'picture' ? pictureCard(fileOf(spec.src)) : titleCard(spec, { colours, host, logo: drawn! }))),
        );
        if (!data) return;
        writeAtomically(cached, data);
        stats.made++;
      };
      job = { card, drawn: inCache(name) ? Promise.resolve() : draw() };
      jobs.set(id, job);
      files.set(card.src.slice(1), { cached, key: card.src });
    }
    return job;
  };

  const pages = new Map<string, SharedMedia>();
  const there = new Set<string>();
  for (const [route, spec] of specs) {
    if (spec.kind === 'picture' && !there.has(spec.src) && !existsSync(fileOf(spec.src))) throw new Error(`${spec.src} is not in public/: the content check should have said so`);
    if (spec.kind === 'picture') there.add(spec.src);
    const { card } = cardOf(spec);
    pages.set(route, { card: { ...card, alt: spec.alt }, icons: true });
  }
  const iconSrc = site.icon?.src ?? logoSrc;
  const icons = iconsOf(fileOf(iconSrc), { hash: hashOf(iconSrc), padded: !site.icon }, cacheDir, used);
  for (const [name, icon] of icons.files) files.set(name, icon);
  const drawn = [...[...jobs.values()].map((job) => job.drawn), tryOn(iconSrc, () => icons.draw(run))];

  const finished = Promise.all(drawn).then((): SharedStepEnd => {
    hashes.save();
    used.save();
    if (failures.size === 0) return { ok: true, made: stats.made };
    const errors = [...failures]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([src, reason]) =>
        errorsWhereShown({ root: contentRoot }, content, src, problem('image-unreadable', { case: 'card-picture', src, reason })),
      );
    return { ok: false, errors };
  });
  return { pages, files, manifest: manifestText(site, colours), finished };
}

/** The web app manifest: what a phone names and shows for the site saved to its home screen. */
export function manifestText(site: Site, colours: SiteColours): string {
  const manifest = {
    name: site.name,
    short_name: site.shortName,
    start_url: '/',
    // Opened like any page, with the browser's address bar: the site links to forms and other sites.
    display: 'browser',
    theme_color: colours.brand,
    background_color: '#ffffff',
    icons: [
      { src: `/${ICON_FILES.icon192}`, sizes: '192x192', type: 'image/png' },
      { src: `/${ICON_FILES.icon512}`, sizes: '512x512', type: 'image/png' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** sharp's input for an image file; an SVG drawn at `density` (dots per inch: 72 draws it at its own size). */
function input(file: string, density?: number): Sharp {
  return sharp(file, { failOn: 'error', ...(density ? { density } : {}) });
}

/** The density that draws an SVG at least `pixels` wide and high (1 for other images, which ignore it). */
async function densityFor(file: string, pixels: number): Promise<number | undefined> {
  if (!/\.svg$/i.test(file)) return undefined;
  const { width = pixels, height = pixels } = await input(file).metadata();
  return Math.min(2400, Math.ceil((72 * pixels) / Math.min(width, height)));
}

/** A picture cropped to fill the card (around what draws the eye), as a JPEG of at most MAX_CARD_BYTES. */
async function pictureCard(file: string): Promise<Buffer> {
  const density = await densityFor(file, CARD_WIDTH);
  const pixels = await input(file, density)
    .rotate()
    .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } } as const;
  const { quality, minQuality, step } = SETTINGS.jpeg;
  for (let q = quality; ; q = Math.max(minQuality, q - step)) {
    const data = await sharp(pixels.data, raw).jpeg({ quality: q, mozjpeg: true }).toBuffer();
    if (data.length <= MAX_CARD_BYTES || q === minQuality) return data;
  }
}

/** Where the title card's parts go (pixels). */
const LAYOUT = {
  margin: 80,
  band: 150, // the white band with the logo
  logo: { width: 640, height: 90 },
  // The title and subtitle are centred between the band and the footer, the title as large as fits.
  text: { top: 190, bottom: 520 },
  title: { sizes: [96, 84, 76, 68, 60, 54, 48, 42] },
  subtitle: { height: 56, gap: 16, sizes: [40, 34, 28] },
  footer: { size: 28, bottom: 48 },
};

/**
 * A layer of a title card: straight (not premultiplied) RGBA pixels, `width` × `height`. The layers stay
 * raw from drawing to blending: encoding each as a PNG for sharp's composite to decode again, and the
 * composite itself (libvips blends in floating point), were 33 of the 50 ms a card took.
 */
export interface Layer {
  data: Buffer;
  width: number;
  height: number;
}

/** What sharp made, as a Layer: four channels whatever the source had (a grey PNG logo has two). */
async function layerOf(image: Sharp): Promise<Layer> {
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The logo, drawn to fit the white band of a title card. */
async function logoLayer(file: string): Promise<Layer> {
  const density = await densityFor(file, LAYOUT.logo.height * 2);
  return layerOf(input(file, density).resize(LAYOUT.logo.width, LAYOUT.logo.height, { fit: 'inside' }));
}

/**
 * `layer` drawn over `base` (RGB, `baseWidth` pixels a row) with its top left corner at `left`, `top`:
 * "over" with straight alpha, rounded to the nearest level (what libvips' composite gives, within one
 * level). What would fall outside the base is left out.
 */
export function blend(base: Buffer, baseWidth: number, layer: Layer, left: number, top: number): void {
  const baseHeight = base.length / (3 * baseWidth);
  const { data, width, height } = layer;
  const fromX = Math.max(0, -left);
  const toX = Math.min(width, baseWidth - left);
  for (let y = Math.max(0, -top); y < Math.min(height, baseHeight - top); y++) {
    let to = ((top + y) * baseWidth + left + fromX) * 3;
    for (let from = (y * width + fromX) * 4, end = (y * width + toX) * 4; from < end; from += 4, to += 3) {
      const alpha = data[from + 3]!;
      if (alpha === 0) continue;
      if (alpha === 255) {
        base[to] = data[from]!;
        base[to + 1] = data[from + 1]!;
        base[to + 2] = data[from + 2]!;
        continue;
      }
      const rest = 255 - alpha;
      base[to] = ((data[from]! * alpha + base[to]! * rest + 127) / 255) | 0;
      base[to + 1] = ((data[from + 1]! * alpha + base[to + 1]! * rest + 127) / 255) | 0;
      base[to + 2] = ((data[from + 2]! * alpha + base[to + 2]! * rest + 127) / 255) | 0;
    }
  }
}

/** Pango markup for a line of text: content text is escaped, never read as markup. */
export function markup(text: string, colour: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  return `<span foreground="${colour}">${escaped}</span>`;
}

/**
 * Text drawn in a box `width` wide and at most `height` high: at the first of `sizes` (pixels) at which
 * it fits, wrapped at word boundaries (inside a word too long for a line); if none fits, as large as
 * fits (Pango picks the size). Whatever the text, the layer is never larger than the box.
 */
export async function textLayer(text: string, { colour, width, height, sizes, bold }: { colour: string; width: number; height: number; sizes: readonly number[]; bold: boolean }): Promise<Layer> {
  sharp = await loadSharp();
  const font = `sans-serif${bold ? ' bold' : ''}`;
  const draw = (options: { dpi?: number; height?: number; size?: number }) =>
    sharp({
      text: {
        text: markup(text, colour),
        font: options.size ? `${font} ${options.size}` : font,
        ...(options.dpi ? { dpi: options.dpi } : {}),
        ...(options.height ? { height: options.height } : {}),
        width,
        wrap: 'word-char',
        rgba: true,
      },
    });
  for (const size of sizes) {
    // At 72 dots per inch a point is a pixel.
    const layer = await layerOf(draw({ size, dpi: 72 }));
    if (layer.height <= height && layer.width <= width) return layer;
  }
  const fitted = await layerOf(draw({ height }));
  // Pango fits the box; a layer a pixel over it would fall outside the card's place for it, so it is made to fit whatever happens.
  if (fitted.width <= width && fitted.height <= height) return fitted;
  return layerOf(sharp(fitted.data, { raw: { width: fitted.width, height: fitted.height, channels: 4 } }).resize(width, height, { fit: 'inside' }));
}

/** A card in the site's colours: the logo on a white band, the title (and a course's duration) below it, the site's address at the foot. */
export async function titleCard(
  spec: Extract<CardSpec, { kind: 'title' }>,
  { colours, host, logo }: { colours: SiteColours; host: string; logo: Layer },
): Promise<Buffer> {
  sharp = await loadSharp();
  const { margin, band } = LAYOUT;
  const width = CARD_WIDTH - 2 * margin;
  const light = '#dbe8f5';
  const { background, footer } = await cardFrame(colours, host, light);
  const area = LAYOUT.text.bottom - LAYOUT.text.top;
  const subtitle = spec.subtitle ? await textLayer(spec.subtitle, { colour: light, width, height: LAYOUT.subtitle.height, sizes: LAYOUT.subtitle.sizes, bold: false }) : undefined;
  const below = subtitle ? LAYOUT.subtitle.gap + subtitle.height : 0;
  const title = await textLayer(spec.title, { colour: '#ffffff', width, height: area - below, sizes: LAYOUT.title.sizes, bold: true });
  const top = LAYOUT.text.top + Math.floor((area - title.height - below) / 2);
  const card = Buffer.from(background);
  blend(card, CARD_WIDTH, logo, margin, Math.round((band - logo.height) / 2));
  blend(card, CARD_WIDTH, title, margin, top);
  if (subtitle) blend(card, CARD_WIDTH, subtitle, margin, top + title.height + LAYOUT.subtitle.gap);
  blend(card, CARD_WIDTH, footer, margin, CARD_HEIGHT - LAYOUT.footer.bottom - footer.height);
  // A plain PNG at zlib's usual level: 12 ms and about 40 KB, where a palette PNG was 50 ms for 13 KB
  // (libimagequant): at thousands of pages the cards were most of a first build.
  return sharp(card, { raw: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * What every title card of a site shares, drawn once per build: the background (the site's colours,
 * the white band for the logo) and the site's address at the foot. Kept by their bytes, the ones used
 * last: a frame is 2.2 MB of pixels, and a server that builds many drafts' sites (each may change the
 * site's address or colours) would otherwise keep one for every address it ever drew, for good.
 */
const FRAME_BYTES = CARD_WIDTH * CARD_HEIGHT * 3;
/** The footer's pixels at most: its text layer, four channels, as wide as the card and two lines high. */
const FOOTER_BYTES = CARD_WIDTH * LAYOUT.footer.size * 2 * 4;
/** Four sites' frames: this site's, and a few drafts trying another address or colours at once. */
export const MAX_FRAME_CACHE_BYTES = 4 * (FRAME_BYTES + FOOTER_BYTES);
const frames = new BytesLru<string, Promise<{ background: Buffer; footer: Layer }>>(MAX_FRAME_CACHE_BYTES);

/** The frames kept now (tests: the cache stays within its bound). */
export const frameCache = {
  get bytes(): number {
    return frames.bytes;
  },
  get size(): number {
    return frames.size;
  },
};

function cardFrame(colours: SiteColours, host: string, light: string) {
  const key = JSON.stringify([colours, host, light]);
  let frame = frames.get(key);
  if (!frame) {
    const { margin, band } = LAYOUT;
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">` +
        `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${colours.brand}"/>` +
        `<path d="M${CARD_WIDTH - 330} ${CARD_HEIGHT}L${CARD_WIDTH} ${CARD_HEIGHT - 330}V${CARD_HEIGHT}Z" fill="${colours.brandDark}"/>` +
        `<rect width="${CARD_WIDTH}" height="${band}" fill="#ffffff"/>` +
        `<rect y="${band}" width="${CARD_WIDTH}" height="8" fill="${colours.accent}"/>` +
        `</svg>`,
    );
    const width = CARD_WIDTH - 2 * margin;
    frame = Promise.all([
      // RGB pixels, CARD_WIDTH × CARD_HEIGHT: every title card starts from a copy.
      sharp(svg).flatten({ background: colours.brand }).toColourspace('srgb').raw().toBuffer(),
      textLayer(host, { colour: light, width: width - 360, height: LAYOUT.footer.size * 2, sizes: [LAYOUT.footer.size], bold: false }),
    ]).then(([background, footer]) => ({ background, footer }));
    frames.set(key, frame, FRAME_BYTES + FOOTER_BYTES);
    // A frame that failed is not kept: the next card tries again.
    frame.catch(() => frames.delete(key));
  }
  return frame;
}

const ICON_SIZES: [keyof typeof ICON_FILES, number][] = [
  ['icon32', 32],
  ['appleTouchIcon', 180],
  ['icon192', 192],
  ['icon512', 512],
];

/**
 * The PNG icons, on white (a phone paints a transparent corner black). A logo that is no icon is
 * centred with a margin, as home screens crop icons to a rounded square.
 */
function iconsOf(
  file: string,
  { hash, padded }: { hash: string; padded: boolean },
  cacheDir: string,
  used: UseLog,
): { files: Map<string, { cached: string; key: string }>; draw: (run: Limiter) => Promise<void> } {
  const id = createHash('sha256').update(JSON.stringify({ SETTINGS, hash, padded, sizes: ICON_SIZES })).digest('hex').slice(0, 20);
  const dir = path.join(cacheDir, `icons-${id}`);
  const files = new Map<string, { cached: string; key: string }>();
  for (const [name, size] of ICON_SIZES) {
    const cached = path.join(dir, `${size}.png`);
    used.mark(cached);
    files.set(ICON_FILES[name], { cached, key: `${id}-${size}` });
  }
  const draw = async (run: Limiter) => {
    const missing = ICON_SIZES.filter(([, size]) => !existsSync(path.join(dir, `${size}.png`)));
    if (missing.length === 0) return;
    sharp = await loadSharp();
    const density = await densityFor(file, 512);
    await Promise.all(
      missing.map(async ([, size]) => {
        const inner = padded ? Math.round(size * 0.8) : size;
        const border = (size - inner) / 2;
        const data = await run(() =>
          input(file, density)
            .resize(inner, inner, { fit: 'contain', background: '#ffffff' })
            .extend({ top: Math.floor(border), bottom: Math.ceil(border), left: Math.floor(border), right: Math.ceil(border), background: '#ffffff' })
            .flatten({ background: '#ffffff' })
            .png({ compressionLevel: 9 })
            .toBuffer(),
        );
        mkdirSync(dir, { recursive: true });
        writeAtomically(path.join(dir, `${size}.png`), data);
      }),
    );
  };
  return { files, draw };
}

/**
 * When each cached file was last used, kept beside them: the files themselves are never touched, as
 * the output folder holds hard links to them, and a changed time would make the next build take its
 * files for changed ones. On saving, files no build used for UNUSED_DAYS are removed (cards of pages
 * since changed or removed).
 */
class UseLog {
  private readonly file: string;
  private used: Record<string, number> = {};
  /** When the cache was last swept for files unused too long. */
  private sweptAt = 0;

  constructor(private readonly cacheDir: string) {
    this.file = path.join(cacheDir, 'used.json');
    try {
      const stored = JSON.parse(readFileSync(this.file, 'utf8')) as { sweptAt?: number; used?: Record<string, number> };
      this.used = stored.used ?? {};
      this.sweptAt = stored.sweptAt ?? 0;
    } catch {
      this.used = {};
    }
  }

  mark(file: string): void {
    const name = file.startsWith(`${this.cacheDir}${path.sep}`) ? file.slice(this.cacheDir.length + 1) : path.relative(this.cacheDir, file);
    this.used[path.sep === '/' ? name : name.split(path.sep).join('/')] = Date.now();
  }

  /**
   * Records what was used; once a day also removes the files unused for UNUSED_DAYS (listing a cache of
   * thousands of cards on every build cost 50 ms).
   */
  save(): void {
    const now = Date.now();
    if (now - this.sweptAt < 24 * 3600 * 1000) {
      writeAtomically(this.file, JSON.stringify({ sweptAt: this.sweptAt, used: this.used }));
      return;
    }
    const oldest = now - UNUSED_DAYS * 24 * 3600 * 1000;
    const kept: Record<string, number> = {};
    for (const name of readdirSync(this.cacheDir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'))) {
      if (!/\.(png|jpg)$/.test(name)) continue;
      const file = path.join(this.cacheDir, name);
      try {
        const last = this.used[name] ?? statSync(file).mtimeMs;
        if (last < oldest) rmSync(file, { force: true });
        else kept[name] = last;
      } catch {
        // Being written or removed by another build: left alone.
      }
    }
    writeAtomically(this.file, JSON.stringify({ sweptAt: now, used: kept }));
  }
}
