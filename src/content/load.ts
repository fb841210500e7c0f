/**
 * Loads the whole content tree: reads every YAML file under pages/, validates it, then checks what
 * no single file can know: links point to routes that exist, files exist in public/, no two files
 * claim a route. Collects every error of every file. Node only (file system); no React.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type * as z from 'zod';
import { ONLINE_CENTRE } from './batches';
import { checkCourseCards } from './course-facts';
import { problem, type Problem } from './error-codes';
import { nearest, type ContentError, type PathSegment } from './errors';
import { distinctReferences, factsOf, filesShownBy, isPlaceOf, referencesOf, type PageFacts, type Reference } from './facts';
import type { ImageSize } from './fields';
import { DEFAULT_SLOT, IMAGE_SLOTS, MAX_PHOTO_BYTES, MAX_SERVED_AS_IS_BYTES, PROCESSED_IMAGE, type ImageSlot } from './images';
import { PageSchema, type Page } from './page-schema';
import { BUILD_DIRS, BUILD_FILES, fileNameProblem, isPageFile, normaliseRoute, routeOf } from './routes';
import { assembleMenu } from './menu';
import { SiteSchema, type MenuItem, type Site } from './site-schema';
import type { ContentCache } from './cache';
import { decodeSource } from './source';
import { lazyLocator, locateFile, type Locator } from './locate';
import { validateYaml } from './validate';

export const SITE_FILE = '_site.yaml';

export interface PageEntry {
  route: string;
  /** Relative to the project root, e.g. pages/etabs.yaml. */
  file: string;
  page: Page;
}

export interface Content {
  site: Site | undefined;
  pages: PageEntry[];
  /** Alias → canonical route. */
  redirects: Map<string, string>;
  /**
   * Width and height of every image the documents show, by site path (`/images/etabs.svg`), read
   * from the files. Beside the pages, never in them: a page is what validation returned.
   */
  images: Map<string, ImageSize>;
  /**
   * The header menu every page shows: the site document's menu with each course page in its group
   * (src/content/menu.ts). Beside the site, never in it. Empty without a valid site document.
   */
  menu: MenuItem[];
  /** What the rest of the site needs to know of each page in `pages`, in the same order (src/content/facts.ts). */
  facts: PageFacts[];
  errors: ContentError[];
}

export interface LoadOptions {
  /** Project root: holds pages/ and public/. */
  root: string;
  /** Folder of the YAML files; default `<root>/pages`. */
  pagesDir?: string;
  /** Validated pages of unchanged files, from an earlier run. */
  cache?: ContentCache;
  /**
   * The site document's text, checked in place of `_site.yaml` on disk: the visual editor checks a
   * draft of the site settings with the pages as they are. `npm run check` and the build never set it.
   */
  siteSource?: string;
}

/** Every page file, relative to the pages folder, sorted. */
export function listPageFiles(pagesDir: string): string[] {
  return walk(pagesDir).filter((entry) => entry.kind === 'file' && isPageFile(entry.relative)).map((entry) => entry.relative);
}

type Walked = { relative: string; kind: 'file' | 'link' | 'other' };

function walk(dir: string): Walked[] {
  // A folder's entries name it as given, those of the folders inside it joined to it (normalized): a
  // relative path is cut from either without path.relative (a third of a 50,000-page walk).
  const inside = path.join(dir, '_').slice(0, -1);
  const relativeOf = (parent: string, name: string) =>
    parent === dir ? name : parent.startsWith(inside) ? `${parent.slice(inside.length)}${path.sep}${name}` : path.relative(dir, path.join(parent, name));
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry): Walked => ({
      relative: path.sep === '/' ? relativeOf(entry.parentPath, entry.name) : relativeOf(entry.parentPath, entry.name).split(path.sep).join('/'),
      kind: entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'other' : 'link',
    }))
    .filter((entry) => !(entry.kind === 'other'))
    .sort((a, b) => (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
}

/**
 * Files in pages/ that the build would skip or could not link to: an editor who saved `x.YAML`,
 * `New Course.yaml` or a photo here would otherwise wonder why the page never appears.
 * Hidden files (.DS_Store) and the `_` folders are not pages and are left alone.
 */
export function strayPageFiles(root: string, pagesDir: string): ContentError[] {
  const errors: ContentError[] = [];
  for (const entry of walk(pagesDir)) {
    // A page file with a fine name, nearly every entry, needs nothing more.
    if (entry.kind === 'file' && isPageFile(entry.relative) && !fileNameProblem(entry.relative)) continue;
    const parts = entry.relative.split('/');
    if (parts.some((part) => part.startsWith('.') || part.startsWith('_'))) continue;
    const file = displayPath(root, pagesDir, entry.relative);
    if (entry.kind === 'link') {
      errors.push(locateFile(file, problem('ignored-file', { case: 'link', file })));
    } else if (!isPageFile(entry.relative)) {
      const yaml = /\.ya?ml$/i.test(entry.relative);
      const ignored = yaml
        ? problem('ignored-file', { case: 'uppercase-extension', file, renamed: entry.relative.replace(/\.ya?ml$/i, '.yaml') })
        : problem('ignored-file', { case: 'not-yaml', file });
      errors.push(locateFile(file, ignored));
    } else {
      const why = fileNameProblem(entry.relative);
      if (why) errors.push(locateFile(file, problem('bad-file-name', { file, route: routeOf(entry.relative), problem: why, suggestion: suggestFileName(entry.relative) })));
    }
  }
  return errors;
}

function suggestFileName(relative: string): string {
  return relative
    .split('/')
    .map((part) => part.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').replace(/-+(\.ya?ml)$/, '$1') || 'page')
    .join('/');
}

/** A content file's text, or why it cannot be read as text. */
function readSource(root: string, pagesDir: string, relative: string): { ok: true; text: string } | { ok: false; error: ContentError } {
  const decoded = decodeSource(displayPath(root, pagesDir, relative), readFileSync(path.join(pagesDir, relative)));
  return decoded.ok ? { ok: true, text: decoded.text } : decoded;
}

/** One page file after validation: plain data, so a worker thread can send it back. */
export type ValidatedPage = { relative: string; file: string; route: string } & (
  | { ok: true; page: Page }
  | { ok: false; errors: ContentError[] }
);

/** Reads and validates page files (no cross-file checks). The unit of work of the parallel build. */
export function validatePages(root: string, pagesDir: string, relatives: readonly string[], cache?: ContentCache, onSource?: (source: string) => void): ValidatedPage[] {
  const validated = relatives.map((relative): ValidatedPage => {
    const file = displayPath(root, pagesDir, relative);
    const route = routeOf(relative);
    // An unchanged file (same size, times and inode) is not even read: its page is in the cache.
    const stat = cache ? statSync(path.join(pagesDir, relative)) : undefined;
    const unchanged = stat && cache?.unchanged(pagesDir, relative, stat);
    if (unchanged) return { relative, file, route, ok: true, page: unchanged };
    const read = readSource(root, pagesDir, relative);
    if (!read.ok) return { relative, file, route, ok: false, errors: [read.error] };
    const source = read.text;
    onSource?.(source);
    const cached = stat && cache?.get(pagesDir, relative, stat, source);
    if (cached) return { relative, file, route, ok: true, page: cached };
    const result = validateYaml(PageSchema, file, source);
    if (!result.ok) return { relative, file, route, ok: false, errors: result.errors };
    if (stat) cache?.set(pagesDir, relative, stat, source, result.value);
    return { relative, file, route, ok: true, page: result.value };
  });
  return validated;
}

function displayPath(root: string, pagesDir: string, relative: string): string {
  return path.relative(root, path.join(pagesDir, relative)).split(path.sep).join('/');
}

export function loadContent({ root, pagesDir = path.join(root, 'pages'), cache }: LoadOptions): Content {
  const files = listPageFiles(pagesDir);
  const validated = validatePages(root, pagesDir, files, cache);
  cache?.save(pagesDir, files);
  return assembleContent({ root, pagesDir }, validated);
}

/**
 * Everything no single file can know: the site document, routes claimed twice, aliases, links to
 * routes that do not exist, files missing from public/, contact branches. Measures the images.
 */
export function assembleContent(options: LoadOptions, validated: readonly ValidatedPage[]): Content {
  const pages = new Map<string, Page>();
  const entries = validated.map((entry): FactsEntry => {
    if (!entry.ok) return entry;
    pages.set(entry.relative, entry.page);
    return { relative: entry.relative, file: entry.file, route: entry.route, ok: true, facts: factsOf(entry.route, entry.file, entry.page) };
  });
  const checked = checkAcross(options, entries);
  return {
    ...checked,
    pages: checked.accepted.map((entry) => ({ route: entry.route, file: entry.file, page: pages.get(entry.relative)! })),
    facts: checked.accepted.map((entry) => entry.facts),
  };
}

/** A page file after validation, by what others need to know of it (src/content/facts.ts). */
export type FactsEntry = { relative: string; file: string; route: string } & ({ ok: true; facts: PageFacts } | { ok: false; errors: ContentError[] });

export interface CheckedAcross {
  site: Site | undefined;
  /** The valid page files that claim their route (in file order): a second file claiming a route is an error. */
  accepted: (FactsEntry & { ok: true })[];
  redirects: Map<string, string>;
  images: Map<string, ImageSize>;
  menu: MenuItem[];
  errors: ContentError[];
}

/**
 * The checks across files, from each page's facts: what assembleContent does, without the pages
 * themselves (a build keeps the facts of unchanged files, scripts/builder/page-index.ts). An error is
 * located in its file, read again only then.
 */
export function checkAcross({ root, pagesDir = path.join(root, 'pages'), siteSource }: LoadOptions, validated: readonly FactsEntry[]): CheckedAcross {
  const errors: ContentError[] = strayPageFiles(root, pagesDir);
  const siteFile = displayPath(root, pagesDir, SITE_FILE);
  let site: Site | undefined;
  let siteLocate: Locator | undefined;
  if (siteSource === undefined && !existsSync(path.join(pagesDir, SITE_FILE))) {
    errors.push(locateFile(siteFile, problem('missing-site', { file: siteFile })));
  } else {
    const read = siteSource === undefined ? readSource(root, pagesDir, SITE_FILE) : ({ ok: true, text: siteSource } as const);
    const result = read.ok ? validateYaml(SiteSchema, siteFile, read.text) : ({ ok: false, errors: [read.error] } as const);
    if (result.ok) {
      site = result.value;
      siteLocate = result.locate;
    } else errors.push(...result.errors);
  }

  // What the checks below need of a page; the entries themselves are what is accepted (copying each
  // with these added, then without them, was 25 ms of 5,000 pages).
  type Accepted = { file: string; route: string; facts: PageFacts; locate: Locator; placesOf: PlacesOf };
  const pages: Accepted[] = [];
  const accepted: (FactsEntry & { ok: true })[] = [];
  const claimed = new Map<string, string>();
  for (const entry of validated) {
    const { file, route } = entry;
    if (!entry.ok) {
      errors.push(...entry.errors);
      claimed.set(route, file);
      continue;
    }
    // Errors in valid files are rare: the file is read and parsed with positions only when one is found.
    const source = () => {
      const read = readSource(root, pagesDir, entry.relative);
      return read.ok ? read.text : '';
    };
    const locate = lazyLocator(file, source);
    let page: unknown;
    const placesOf = placesIn(PageSchema, () => (page ??= validatedOrNull(PageSchema, file, source())));
    const other = claimed.get(route);
    if (other) {
      errors.push(locate([], problem('duplicate-route', { case: 'two-files', file, other, route })));
      continue;
    }
    claimed.set(route, file);
    pages.push({ file, route, facts: entry.facts, locate, placesOf });
    accepted.push(entry);
  }

  const redirects = new Map<string, string>();
  const aliasClaims = new Map<string, { entry: Accepted; index: number }[]>();
  for (const entry of pages) {
    entry.facts.aliases.forEach((alias, index) => aliasClaims.set(alias, [...(aliasClaims.get(alias) ?? []), { entry, index }]));
  }
  for (const [alias, claims] of aliasClaims) {
    const page = claimed.get(alias);
    for (const { entry, index } of claims) {
      const others = claims.filter((claim) => claim.entry !== entry).map((claim) => claim.entry.file);
      if (page) {
        errors.push(entry.locate(['meta', 'aliases', index], problem('duplicate-route', { case: 'alias-is-a-page', alias, page })));
      } else if (others.length > 0) {
        errors.push(entry.locate(['meta', 'aliases', index], problem('duplicate-route', { case: 'alias-twice', alias, file: entry.file, others })));
      } else redirects.set(alias, entry.route);
    }
  }

  const routes = new Set([...claimed.keys(), ...redirects.keys()]);
  const files = new FileChecker(path.join(root, 'public'));
  const outputs = new OutputMap(files.list(), site?.brochure.file);
  const outputsButBrochure = new OutputMap(files.list(), undefined);
  for (const entry of pages) {
    const clash = outputs.clash(entry.route);
    if (clash) errors.push(entry.locate([], problem('route-collision', { case: 'page', route: entry.route, clash })));
    entry.facts.aliases.forEach((alias, index) => {
      const aliasClash = outputs.clash(alias);
      if (aliasClash) errors.push(entry.locate(['meta', 'aliases', index], problem('route-collision', { case: 'alias', alias, clash: aliasClash })));
    });
  }
  if (site && siteLocate) errors.push(...checkBrochureFile(site.brochure.file, siteLocate, outputsButBrochure, routes));
  const images = new Map<string, ImageSize>();
  for (const entry of pages) errors.push(...checkReferences(entry.facts.references, entry.placesOf, entry.locate, routes, files, images));
  if (site && siteLocate) {
    const shown = site;
    errors.push(...checkReferences(distinctReferences(referencesOf(SiteSchema, site)), placesIn(SiteSchema, () => shown), siteLocate, routes, files, images));
  }
  if (site) for (const entry of pages) errors.push(...checkBranches(entry.facts, entry.locate, site), ...checkCentres(entry.facts, entry.locate, site));
  // A card naming a page with errors of its own is not judged until that page is mended.
  const courses = new Set(pages.flatMap((entry) => (entry.facts.course ? [entry.route] : [])));
  const validPages = new Set(pages.map((entry) => entry.route));
  for (const entry of pages) errors.push(...checkCourseCards(entry.facts.courseCards ?? [], entry.locate, courses, validPages));
  const menu = courseMenu(site, siteLocate, pages, errors);

  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { site, accepted, redirects, images, menu, errors };
}

/**
 * The files of public/, read once: whether a file exists, its size in bytes and, for images, its
 * width and height. A path is looked up as written (never URL-decoded) and only ever names a regular
 * file inside public/: `..`, links out of the folder and folders are "not in public/".
 */
class FileChecker {
  private files: Map<string, string> | undefined;
  private sizes = new Map<string, { width: number; height: number } | null>();
  private byteCounts = new Map<string, number>();
  constructor(private publicDir: string) {}

  /** Site path (`/images/a.svg`) → absolute path of the real file. */
  private index(): Map<string, string> {
    if (this.files) return this.files;
    this.files = new Map();
    if (!existsSync(this.publicDir)) return this.files;
    const realRoot = realpathSync(this.publicDir);
    for (const entry of readdirSync(this.publicDir, { recursive: true, withFileTypes: true })) {
      if (entry.isDirectory()) continue;
      const absolute = path.join(entry.parentPath, entry.name);
      let real: string;
      try {
        real = realpathSync(absolute);
      } catch {
        continue; // a dangling link
      }
      if (!real.startsWith(realRoot + path.sep) || !statSync(real).isFile()) continue;
      this.files.set(`/${path.relative(this.publicDir, absolute).split(path.sep).join('/')}`, real);
    }
    return this.files;
  }

  /** Every file of public/, as site paths. */
  list(): string[] {
    return [...this.index().keys()];
  }

  exists(src: string): boolean {
    return this.index().has(src);
  }

  /** The file's size in bytes, read once per build however many documents show it. */
  bytes(src: string): number {
    let bytes = this.byteCounts.get(src);
    if (bytes === undefined) this.byteCounts.set(src, (bytes = statSync(this.index().get(src)!).size));
    return bytes;
  }

  /**
   * Width and height as shown (a camera's rotated JPEG: turned the way its EXIF orientation says),
   * or null when the file is not an image it can read. Only the file's start is read, unless the
   * size is further in: a 40 MB photo is not read whole to be measured.
   */
  size(src: string): { width: number; height: number } | null {
    let size = this.sizes.get(src);
    if (size === undefined) {
      const file = this.index().get(src)!;
      size = measure(readStart(file, HEADER_BYTES)) ?? (this.bytes(src) > HEADER_BYTES ? measure(readFileSync(file)) : null);
      this.sizes.set(src, size);
    }
    return size;
  }
}

/** Enough of an image file for its size: JPEGs keep it after their EXIF block and embedded thumbnail. */
const HEADER_BYTES = 256 * 1024;

/**
 * One buffer for every file's start, filled and measured before the next is read: a new zeroed one per
 * image cost more than reading it (0.3 s of the real site's build on a loaded machine).
 */
let startBuffer: Buffer | undefined;

function readStart(file: string, bytes: number): Uint8Array {
  if (!startBuffer || startBuffer.length < bytes) startBuffer = Buffer.allocUnsafe(bytes);
  const buffer = startBuffer;
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

function measure(data: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height, orientation } = imageSize(data);
    if (!width || !height) return null;
    // EXIF orientations 5–8 turn the picture a quarter: it is shown height × width.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

/**
 * What the output folder holds besides the pages: the files of public/ (copied as they are) and what
 * the build writes itself. A route is a folder of the output (`/etabs` → etabs/index.html), so it
 * must not be one of those files, lie under one, or hold one.
 */
class OutputMap {
  private files = new Map<string, string>();
  private dirs = new Map<string, string>();

  constructor(publicFiles: readonly string[], brochure: string | undefined) {
    for (const file of publicFiles) this.files.set(file.slice(1), `the file public${file}`);
    for (const file of BUILD_FILES) this.files.set(file, `a file the build writes (${file})`);
    for (const dir of BUILD_DIRS) this.dirs.set(dir, `where the build writes its scripts and styles (/${dir}/)`);
    if (brochure) this.files.set(brochure.slice(1), `where the brochure PDF is written (brochure.file in _site.yaml)`);
  }

  /** What a route would collide with, in words, or undefined. */
  clash(route: string): string | undefined {
    if (route === '/') return undefined;
    const parts = route.slice(1).split('/');
    const reserved = this.dirs.get(parts[0]!);
    if (reserved) return reserved;
    for (let length = 1; length <= parts.length; length++) {
      const file = this.files.get(parts.slice(0, length).join('/'));
      if (file) return file;
    }
    return this.files.get(`${parts.join('/')}/index.html`);
  }
}

/** The brochure is written into the output: a PDF, at a path no page, public file or build file uses. */
function checkBrochureFile(file: string, locate: Locator, outputs: OutputMap, routes: ReadonlySet<string>): ContentError[] {
  const at = ['brochure', 'file'];
  if (!/\.pdf$/i.test(file)) return [locate(at, problem('invalid-format', { case: 'brochure', file }))];
  const parts = file.slice(1).split('/');
  for (let length = 1; length <= parts.length; length++) {
    const route = `/${parts.slice(0, length).join('/')}`;
    if (routes.has(route)) return [locate(at, problem('route-collision', { case: 'brochure-in-page', file, route }))];
  }
  const clash = outputs.clash(file);
  return clash ? [locate(at, problem('route-collision', { case: 'brochure', file, clash }))] : [];
}

const IMAGE = /\.(svg|webp|avif|png|jpe?g|gif)$/i;

/**
 * The fields of a validated document that point elsewhere, found by the kind their schema declares
 * (src/content/field-kinds.ts), whatever their key: a link to a page (`/…`) must name a route; a
 * public file must be in public/; an image must be readable, not too heavy and wide enough for its
 * slot, and its width and height go into `images`, beside the documents. The document itself is only read. Routes the document defines
 * (aliases) and files the build writes (the brochure) have checks of their own.
 */
function checkReferences(references: readonly Reference[], placesOf: PlacesOf, locate: Locator, routes: ReadonlySet<string>, files: FileChecker, images: Map<string, ImageSize>): ContentError[] {
  const errors: ContentError[] = [];
  for (const reference of references) {
    let found: Problem | undefined;
    if (reference.kind === 'link') {
      if (!reference.target.startsWith('/')) continue;
      const route = normaliseRoute(reference.target);
      if (!routes.has(route)) found = problem('broken-link', { route, suggestion: nearest(route, [...routes]) });
    } else {
      found = checkFile(reference.target, files, images, reference.slot);
    }
    // The same mistake at every place the document writes it.
    if (found) for (const at of placesOf(reference)) errors.push(locate(at, found));
  }
  return errors;
}

/** Where a document writes a reference (each place's path). */
type PlacesOf = (reference: Reference) => PathSegment[][];

/** The places of a validated document's references, found when asked. */
const placesIn =
  (schema: z.core.$ZodType, document: () => unknown): PlacesOf =>
  (reference) =>
    referencesOf(schema, document())
      .filter(isPlaceOf(reference))
      .map((located) => located.path);

/**
 * A file of public/ that a document names: it must exist. An image is measured and must be readable
 * and not too heavy: a photo (processed by the build) at most 50 MB and as wide as its slot needs; an
 * image served as it is (SVG, GIF) at most 400 KB.
 */
function checkFile(src: string, files: FileChecker, images: Map<string, ImageSize>, slot: ImageSlot = DEFAULT_SLOT): Problem | undefined {
  if (!files.exists(src)) return problem('missing-file', { src });
  if (!IMAGE.test(src)) return undefined;
  const photo = PROCESSED_IMAGE.test(src);
  const bytes = files.bytes(src);
  if (photo && bytes > MAX_PHOTO_BYTES) return problem('image-too-heavy', { case: 'photo', src, bytes, maxBytes: MAX_PHOTO_BYTES });
  if (!photo && bytes > MAX_SERVED_AS_IS_BYTES) return problem('image-too-heavy', { case: 'served-as-is', src, bytes, maxBytes: MAX_SERVED_AS_IS_BYTES });
  const size = files.size(src);
  // An SVG without a size is still shown (the browser gives it one); a photo the build cannot read is not.
  if (!size) return photo ? problem('image-unreadable', { case: 'header', src }) : undefined;
  images.set(src, size);
  const spec = IMAGE_SLOTS[slot];
  if (photo && size.width < spec.minWidth) return problem('image-too-small', { src, width: size.width, height: size.height, slot: spec.label, minWidth: spec.minWidth });
  return undefined;
}

/**
 * The sizes of the images a site document and a page show, by site path: the part of
 * `Content.images` their renderer needs, in the order they appear.
 */
export function imageSizesOf(images: ReadonlyMap<string, ImageSize>, { site, page }: { site?: Site | undefined; page?: Page | null | undefined }): Record<string, ImageSize> {
  return sizesOf(images, [...(site ? filesOf(SiteSchema, site) : []), ...(page ? filesOf(PageSchema, page) : [])]);
}

/** The sizes of these site paths' images (those measured), by site path, in this order. */
export function sizesOf(images: ReadonlyMap<string, ImageSize>, files: readonly string[]): Record<string, ImageSize> {
  const shown: Record<string, ImageSize> = {};
  for (const src of files) {
    const size = images.get(src);
    if (size) shown[src] = size;
  }
  return shown;
}

/** The public files a validated document shows, found once per document (the site is shown by every page). */
const filesShown = new WeakMap<object, string[]>();

function filesOf(schema: z.core.$ZodType, document: object): string[] {
  let files = filesShown.get(document);
  if (!files) {
    files = filesShownBy(referencesOf(schema, document));
    filesShown.set(document, files);
  }
  return files;
}

/** The site document and the facts of every page: what the steps after loading need of the content. */
export type ContentFacts = Pick<Content, 'site' | 'facts'>;

/**
 * The photos the documents show, each with the slots it is shown in: what the build processes
 * (an image served as it is, SVG or GIF, is not listed).
 */
export function photosShown({ site, facts }: ContentFacts): Map<string, Set<ImageSlot>> {
  const photos = new Map<string, Set<ImageSlot>>();
  const references = [...(site ? referencesOf(SiteSchema, site) : []), ...facts.flatMap((page) => page.references)];
  for (const reference of references) {
    if (reference.kind === 'link' || !PROCESSED_IMAGE.test(reference.target)) continue;
    const slots = photos.get(reference.target) ?? new Set<ImageSlot>();
    slots.add(reference.slot ?? DEFAULT_SLOT);
    photos.set(reference.target, slots);
  }
  return photos;
}

/**
 * The same error at every place the documents name `src`, located like the others: for what only
 * the build finds out about a file (a photo whose data is damaged after a readable header).
 */
export function errorsWhereShown({ root, pagesDir = path.join(root, 'pages') }: LoadOptions, { site, facts }: ContentFacts, src: string, error: Problem): ContentError[] {
  const errors: ContentError[] = [];
  const documents: { references: Reference[]; placesOf: (read: () => string) => PlacesOf; relative: string }[] = [
    ...(site ? [{ references: distinctReferences(referencesOf(SiteSchema, site)), placesOf: () => placesIn(SiteSchema, () => site), relative: SITE_FILE }] : []),
    ...facts.map((page) => ({
      references: page.references,
      placesOf: (read: () => string) => placesIn(PageSchema, () => validatedOrNull(PageSchema, page.file, read())),
      relative: path.relative(pagesDir, path.join(root, page.file)).split(path.sep).join('/'),
    })),
  ];
  for (const { references, placesOf, relative } of documents) {
    const shown = references.filter((reference) => reference.kind !== 'link' && reference.target === src);
    if (shown.length === 0) continue;
    const file = displayPath(root, pagesDir, relative);
    const read = () => {
      const source = readSource(root, pagesDir, relative);
      return source.ok ? source.text : '';
    };
    const locate = lazyLocator(file, read);
    const places = placesOf(read);
    for (const reference of shown) for (const at of places(reference)) errors.push(locate(at, error));
  }
  return errors;
}

/** A document validated again (to find where it writes something), or null if it no longer validates. */
function validatedOrNull(schema: typeof PageSchema, file: string, source: string): unknown {
  const result = validateYaml(schema, file, source);
  return result.ok ? result.value : null;
}

/**
 * The menu with the course pages in their groups, and its errors (a group declared twice, a course page
 * naming no group or an unknown one) added to `errors`. No menu without a valid site document.
 */
function courseMenu(site: Site | undefined, siteLocate: Locator | undefined, pages: readonly { facts: PageFacts; locate: Locator }[], errors: ContentError[]): MenuItem[] {
  if (!site || !siteLocate) return [];
  const assembled = assembleMenu(site, siteLocate, pages.map((entry) => ({ route: entry.facts.route, course: entry.facts.course, locate: entry.locate })));
  errors.push(...assembled.errors);
  return assembled.menu;
}

/** A contact section may pick branches by city: each must be a branch of the site document. */
/** Each batch is taught at a branch of the site (by its city) or online. */
function checkCentres(facts: PageFacts, locate: Locator, site: Site): ContentError[] {
  const cities = site.branches.map((branch) => branch.city);
  return (facts.centres ?? []).flatMap(({ centre, path }) =>
    centre === ONLINE_CENTRE || cities.includes(centre)
      ? []
      : [locate(path, problem('batch', { case: 'unknown-centre', centre, cities, suggestion: nearest(centre, [...cities, ONLINE_CENTRE]) }))],
  );
}

function checkBranches(facts: PageFacts, locate: Locator, site: Site): ContentError[] {
  const cities = site.branches.map((branch) => branch.city);
  return facts.branches.flatMap(({ city, path }) =>
    cities.includes(city) ? [] : [locate(path, problem('invalid-value', { case: 'branch', city, cities, suggestion: nearest(city, cities) }))],
  );
}
