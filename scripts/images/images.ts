/**
 * The build's image step: every photo the content shows (JPEG, PNG, WebP, AVIF in public/) becomes
 * AVIF and WebP files at the widths of the slots it is shown in (src/content/images.ts), never wider
 * than the original, written to `/_img/<id>-<width>.<format>`; the original is not copied into the site.
 * SVG and GIF are served as they are.
 *
 * Processed files are cached by the hash of the original's bytes and of the settings, under
 * node_modules/.cache/cesa-images/<id>/: a rebuild with unchanged photos decodes and encodes nothing
 * (an original whose size, times and inode are unchanged is not even read again). Sharp works in
 * libuv's threads; one operation per core runs at a time, each on one libvips thread.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { loadSharp, SHARP_VERSION, type SharpModule } from './vips';
import { problem } from '../../src/content/error-codes';
import type { ContentError } from '../../src/content/errors';
import type { ImageSize } from '../../src/content/fields';
import { IMAGE_DIR, IMAGE_SLOTS, MAX_VARIANT_BYTES, tintOf, variantWidths, type ImageFormat, type ImageSlot, type ImageVariants } from '../../src/content/images';
import { errorsWhereShown, photosShown, type Content } from '../../src/content/load';

/** sharp, once processPhoto has loaded it (only for a photo whose files are not all in the cache). */
let sharp: SharpModule;

/** Everything that decides what a processed file holds: a change here gives every photo a new id. */
const SETTINGS = {
  version: 2,
  sharp: SHARP_VERSION,
  avif: { quality: 50, minQuality: 30, effort: 3 },
  webp: { quality: 75, minQuality: 40, effort: 4 },
  /** Down by 10, or by 20 when the file is over the limit by more than 15 %. */
  qualityStep: 10,
  maxBytes: MAX_VARIANT_BYTES,
};

const FORMATS: readonly ImageFormat[] = ['avif', 'webp'];

/** Cache entries unused this long are removed. */
const UNUSED_DAYS = 30;

export function imageCacheDir(root: string): string {
  return path.join(root, 'node_modules/.cache/cesa-images');
}

export interface ImageStepOptions {
  /** Where pages/ and public/ are. */
  contentRoot: string;
  /** The validated content (no errors). */
  content: Pick<Content, 'site' | 'facts' | 'images'>;
  cacheDir: string;
  /** Where its operations wait for a slot: shared with the other steps that draw pictures (default: one slot per core). */
  run?: Limiter;
}

export interface ImageStats {
  photos: number;
  /** Photos decoded because a width they need was not in the cache. */
  processed: number;
  /** Files encoded (each width in each format). */
  encoded: number;
  /** The originals' bytes, and those of every file the site serves for them. */
  bytesIn: number;
  bytesOut: number;
  seconds: number;
}

export type ImageStepResult =
  | {
      ok: true;
      /** `content.images`, each processed photo with the size of its largest file and its variants. */
      images: Map<string, ImageSize>;
      /** What to write into the site: its path in the output (`_img/…`) → the file in the cache. */
      files: Map<string, string>;
      /** Site paths of the photos the documents name: not copied into the site (served processed, or only read by the build). */
      originals: Set<string>;
      /**
       * When every file of `files` is in the cache. The sizes above are known once each photo is decoded;
       * its files are encoded after (an AVIF takes up to a second), while the pages that show it are
       * rendered: their HTML needs the sizes, not the bytes.
       */
      finished: Promise<ImageStepEnd>;
    }
  | { ok: false; errors: ContentError[] };

export type ImageStepEnd = { ok: true; stats: ImageStats } | { ok: false; errors: ContentError[] };

/** What the cache keeps of a photo besides its files. */
interface Entry {
  /** Shown size of the original (EXIF orientation applied). */
  width: number;
  height: number;
  tint: string | null;
  /** Width → the height of the files of that width and their bytes per format. */
  variants: Record<string, { height: number; bytes: Record<ImageFormat, number> }>;
}

export async function processImages({ contentRoot, content, cacheDir, run = limiter(availableParallelism()) }: ImageStepOptions): Promise<ImageStepResult> {
  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  const publicDir = path.join(contentRoot, 'public');
  const hashes = new HashMemo(cacheDir);
  // A photo in progress holds its decoded pixels (up to 1600 px wide, 8 MB): a few at a time, enough to keep every core busy.
  const photoSlots = limiter(availableParallelism() + 1);
  const shown = photosShown(content);
  // Photos that pages show; one only the build reads (a shared link's picture, the site icon) needs no widths.
  const photos = new Map([...shown].filter(([, slots]) => [...slots].some((slot) => IMAGE_SLOTS[slot].widths.length > 0)));
  const images = new Map(content.images);
  const files = new Map<string, string>();
  const stats: ImageStats = { photos: photos.size, processed: 0, encoded: 0, bytesIn: 0, bytesOut: 0, seconds: 0 };
  const failures: { src: string; reason: string }[] = [];

  const failed = (src: string, error: unknown) => failures.push({ src, reason: reasonOf(error) });
  const errors = () =>
    failures
      .sort((a, b) => a.src.localeCompare(b.src))
      .flatMap(({ src, reason }) =>
        errorsWhereShown({ root: contentRoot }, content, src, problem('image-unreadable', { case: 'photo', src, reason })),
      );
  // Each photo in a slot until its files are written; its size as soon as it is known.
  const sized: Promise<void>[] = [];
  const done = [...photos].map(([src, slots]) => {
    const file = path.join(publicDir, ...src.split('/').slice(1));
    let markSized!: () => void;
    sized.push(new Promise<void>((resolve) => (markSized = resolve)));
    const known = (result: { size: ImageSize; files: Map<string, string> }) => {
      images.set(src, result.size);
      for (const [name, cached] of result.files) files.set(`${IMAGE_DIR}/${name}`, cached);
      markSized();
    };
    return photoSlots(() => processPhoto(file, slots, { cacheDir, hashes, run, stats }, known))
      .catch((error: unknown) => failed(src, error))
      .finally(markSized);
  });
  const finish = async (): Promise<ImageStepEnd> => {
    await Promise.all(done);
    hashes.save();
    pruneCache(cacheDir);
    if (failures.length > 0) return { ok: false, errors: errors() };
    for (const cached of files.values()) stats.bytesOut += statSync(cached).size;
    stats.seconds = (performance.now() - started) / 1000;
    return { ok: true, stats };
  };
  await Promise.all(sized);
  // A photo the decoder cannot read stops the build here, with every other photo's failure.
  if (failures.length > 0) {
    const end = await finish();
    return { ok: false, errors: end.ok ? [] : end.errors };
  }
  return { ok: true, images, files, originals: new Set(shown.keys()), finished: finish() };
}

/**
 * One photo: its variants from the cache, the missing ones made (decoded once, at the largest width
 * missing). `known` gets its size and files as soon as they are known: before the missing files are
 * encoded, which this waits for.
 */
async function processPhoto(
  file: string,
  slots: ReadonlySet<ImageSlot>,
  { cacheDir, hashes, run, stats }: { cacheDir: string; hashes: HashMemo; run: Limiter; stats: ImageStats },
  known: (result: { size: ImageSize; files: Map<string, string> }) => void,
): Promise<void> {
  const stat = statSync(file);
  stats.bytesIn += stat.size;
  const id = createHash('sha256').update(JSON.stringify(SETTINGS)).update(hashes.of(file, stat)).digest('hex').slice(0, 20);
  const dir = path.join(cacheDir, id);
  const metaFile = path.join(dir, 'meta.json');
  let entry = readEntry(metaFile);
  const fileOf = (width: number, format: ImageFormat) => path.join(dir, `${width}.${format}`);

  const input = () => sharp(file, { failOn: 'error' }).rotate();
  // sharp only for a photo to look at (scripts/images/vips.ts): none when every file is in the cache.
  if (!entry) {
    sharp = await loadSharp();
    const meta = await run(() => input().metadata(), RANK.decode);
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    if (!width || !height) throw new Error('no width or height');
    entry = { width, height, tint: null, variants: {} };
  }
  const widths = variantWidths(entry.width, slots);
  const largest = widths[widths.length - 1]!;
  const missing = widths.filter((width) => !entry.variants[width] || FORMATS.some((format) => !existsSync(fileOf(width, format))));
  const files = new Map<string, string>();
  for (const width of widths) for (const format of FORMATS) files.set(`${id}-${width}.${format}`, fileOf(width, format));
  const sizeOf = (made: Entry, largestHeight: number): ImageSize => ({
    width: largest,
    height: largestHeight,
    variants: { id, widths, ...(made.tint ? { tint: made.tint } : {}) } satisfies ImageVariants,
  });

  if (missing.length === 0) {
    // Used: kept by the pruning for another UNUSED_DAYS.
    const now = new Date();
    utimesSync(metaFile, now, now);
    known({ size: sizeOf(entry, entry.variants[largest]!.height), files });
    return;
  }
  sharp = await loadSharp();
  stats.processed++;
  mkdirSync(dir, { recursive: true });
  const { data, info } = await run(
    () => input().resize({ width: Math.max(...missing), withoutEnlargement: true }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }),
    RANK.decode,
  );
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  entry.tint ??= tintOfPixels(data, info.channels);
  const made = entry;
  // The largest file, when missing, is encoded from these very pixels (decoded at its width): its height is theirs.
  known({ size: sizeOf(made, missing.includes(largest) ? info.height : made.variants[largest]!.height), files });
  await Promise.all(
    missing.flatMap((width) =>
      FORMATS.map(async (format) => {
        const encoded = await encode(() => sharp(data, raw).resize({ width }), format, run);
        stats.encoded++;
        writeAtomically(fileOf(width, format), encoded.data);
        const variant = (made.variants[width] ??= { height: encoded.height, bytes: { avif: 0, webp: 0 } });
        variant.bytes[format] = encoded.data.length;
      }),
    ),
  );
  writeAtomically(metaFile, JSON.stringify(entry));
}

/**
 * The placeholder colour of a photo (sRGB pixels, `channels` a pixel): the mean of each colour
 * channel, none ('') for a photo with transparent pixels (what is behind them shows instead). Summed
 * here: sharp's `stats()` measures far more than the means (100 ms a poster while the pages wait, 2 here).
 */
export function tintOfPixels(data: Uint8Array, channels: number): string {
  if (channels < 3) return '';
  let red = 0;
  let green = 0;
  let blue = 0;
  for (let at = 0; at < data.length; at += channels) {
    if (channels === 4 && data[at + 3] !== 255) return '';
    red += data[at]!;
    green += data[at + 1]!;
    blue += data[at + 2]!;
  }
  const pixels = data.length / channels;
  return tintOf([red / pixels, green / pixels, blue / pixels]);
}

/**
 * One file: at the format's quality, lowered step by step while it weighs more than MAX_VARIANT_BYTES
 * (a noisy or very detailed photo), down to the format's lowest; the last try is kept whatever it weighs.
 */
async function encode(pipeline: () => Sharp, format: ImageFormat, run: Limiter): Promise<{ data: Buffer; height: number }> {
  const settings = SETTINGS[format];
  for (let quality = settings.quality; ; ) {
    const { data, info } = await run(
      () =>
        (format === 'avif'
          ? pipeline().avif({ quality, effort: settings.effort, chromaSubsampling: '4:2:0' })
          : pipeline().webp({ quality, effort: settings.effort })
        ).toBuffer({ resolveWithObject: true }),
      RANK.encode,
    );
    if (data.length <= SETTINGS.maxBytes || quality <= settings.minQuality) return { data, height: info.height };
    quality = Math.max(settings.minQuality, quality - SETTINGS.qualityStep * (data.length > SETTINGS.maxBytes * 1.15 ? 2 : 1));
  }
}

function readEntry(file: string): Entry | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    return typeof entry.width === 'number' && typeof entry.variants === 'object' ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside and renamed into place: another build reading the cache meanwhile sees a whole file or none. */
export function writeAtomically(file: string, data: string | Uint8Array): void {
  const temporary = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** sharp's message, without its stack: "VipsJpeg: Premature end of input file". */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.replace(/^Error: /, '').trim() || 'unknown error';
}

/**
 * The hash of an original's bytes, read again only when its size, modification time or inode changed
 * (like the content store of src/content/cache.ts): a rebuild reads no photo.
 */
export class HashMemo {
  private readonly file: string;
  private entries: Record<string, { size: number; mtimeMs: number; ino: number; hash: string }> = {};
  private changed = false;

  constructor(cacheDir: string) {
    this.file = path.join(cacheDir, 'hashes.json');
    try {
      this.entries = JSON.parse(readFileSync(this.file, 'utf8')) as typeof this.entries;
    } catch {
      this.entries = {};
    }
  }

  of(file: string, stat: { size: number; mtimeMs: number; ino: number }): string {
    const known = this.entries[file];
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ino === stat.ino) return known.hash;
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    this.entries[file] = { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, hash };
    this.changed = true;
    return hash;
  }

  /** Saved with the files that still exist only. */
  save(): void {
    if (!this.changed) return;
    const kept = Object.fromEntries(Object.entries(this.entries).filter(([file]) => existsSync(file)));
    writeAtomically(this.file, JSON.stringify(kept));
  }
}

/** Removes the cache entries no build used for UNUSED_DAYS (edited or deleted photos). */
function pruneCache(cacheDir: string): void {
  const oldest = Date.now() - UNUSED_DAYS * 24 * 3600 * 1000;
  for (const name of readdirSync(cacheDir)) {
    if (!/^[0-9a-f]{20}$/.test(name)) continue;
    try {
      if (statSync(path.join(cacheDir, name, 'meta.json')).mtimeMs < oldest) rmSync(path.join(cacheDir, name), { recursive: true, force: true });
    } catch {
      // Being written by another build (no meta.json yet): left alone.
    }
  }
}

/**
 * Runs a task when a slot is free: of those waiting, the one of the lowest rank first, then the first
 * asked for. A photo's decoding (which the pages wait for) is rank 0, encoding its files 1, drawing a
 * card 2 (the longest work is a photo's AVIF: begun first, it ends with the cards).
 */
export type Limiter = <T>(task: () => Promise<T>, rank?: number) => Promise<T>;

export const RANK = { decode: 0, encode: 1, card: 2 } as const;

/** Runs at most `count` tasks at a time. */
export function limiter(count: number): Limiter {
  let running = 0;
  const waiting: { rank: number; start: () => void }[] = [];
  return async (task, rank = RANK.card) => {
    if (running < count) running++;
    else {
      // Given its slot by a task that ends.
      await new Promise<void>((start) => {
        const at = waiting.findIndex((other) => other.rank > rank);
        waiting.splice(at === -1 ? waiting.length : at, 0, { rank, start });
      });
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next.start();
      else running--;
    }
  };
}
