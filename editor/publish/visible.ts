/**
 * The changed files as the publishers' screen shows them: as a visitor meets them, not as files. A
 * page by its name (its heading, else its course's name, else its search title's first part) and
 * address; of a new page everything a visitor meets (visible-content.ts: its words, every link with
 * its address, every frame of another site, its files and photos, then its settings in words: search
 * and sharing, the course's facts, its menu entry, its other addresses); of a changed page what
 * changes (the words, each link and frame with its old and new address, the photos); the site
 * document as "the whole site" with the parts that change named; a photo file as pictures; any other
 * file as what it is ("a PDF document"). Read-only, from the publish clone's objects.
 *
 * Its cost follows the size of what changed, never how often a thing repeats: the same change in
 * many places is one entry with its count, the pictures are read by one git process and drawn once
 * each (at most MAX_PICTURES a review), and the words, links and photos shown are bounded, what is
 * left out counted and said.
 */
import path from 'node:path';
import sharp from 'sharp';
import { routeOf } from '../../src/content/routes';
import type { AddressChange, ChangedFile, LeftOut, PhotoChange, VisibleChange } from '../protocol/publish';
import { blobSizes, filesUnder, readBlobs } from './blobs';
import type { PublishClone } from './clone';
import { SITE_FILE } from './merge-plan';
import { pageContent, siteContent, type Address, type Documents, type Photo, type VisibleContent } from './visible-content';
import { FILE_KIND_WORDS, fileKindOf } from '../../scripts/hosting/file-kinds';

/** The site document's parts, in the words the summary uses. */
const SITE_PARTS: Record<string, string> = {
  name: "the site's name",
  shortName: "the site's name",
  url: "the site's address",
  logo: 'the logo',
  icon: 'the icon',
  menu: 'the menu',
  form: 'the enquiry form',
  brochure: 'the brochure',
  contact: 'the contacts',
  branches: 'the branches and their contacts',
  social: 'the social links',
  footer: 'the footer',
  firebase: 'the sign-in settings',
  country: 'the country',
};
const PHOTO = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
/** The small pictures' width, in pixels. */
const THUMB_WIDTH = 240;
/** Words and settings a review shows, both sides of every page together (characters); the rest is counted. */
export const MAX_TEXT_CHARS = 1_000_000;
/** Photo changes and address changes a page shows each; the rest is counted. */
export const MAX_ENTRIES = 200;
/** Different pictures a review draws; photo changes beyond them are counted. */
export const MAX_PICTURES = 120;
/** A picture file larger than this is named, not drawn; and the pictures a review reads together. */
const MAX_PICTURE_BYTES = 25 * 1024 * 1024;
const MAX_PICTURES_READ_BYTES = 96 * 1024 * 1024;
/** A page whose file is larger than this on either side has no line-by-line view (its words are shown). */
const MAX_LINES_CHARS = 256 * 1024;
/** Files up to this size are read to tell what they are. */
const SNIFFED_BYTES = 2 * 1024 * 1024;

type Data = Record<string, unknown>;
type Side = 'live' | 'published';

export interface Sides {
  /** main as reviewed, and the draft's reviewed commit (its photos go live). */
  main: string;
  draft: string;
}

/** Small pictures of photo files, by blob id: a review asked again makes none again. Bounded by their bytes. */
const thumbnails = new Map<string, string | null>();
let thumbnailChars = 0;
const MAX_THUMBNAIL_CHARS = 8 * 1024 * 1024;

function remember(blob: string, made: string | null): void {
  thumbnailChars += made?.length ?? 0;
  thumbnails.set(blob, made);
  for (const [oldest, picture] of thumbnails) {
    if (thumbnailChars <= MAX_THUMBNAIL_CHARS) break;
    thumbnails.delete(oldest);
    thumbnailChars -= picture?.length ?? 0;
  }
}

async function thumbnailOf(bytes: Buffer): Promise<string | null> {
  try {
    const small = await sharp(bytes, { limitInputPixels: 100_000_000 }).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
    return `data:image/webp;base64,${small.toString('base64')}`;
  } catch {
    // A file no decoder reads: named, not pictured.
    return null;
  }
}

/** A photo's file in the content from the address a page gives it (`/images/x.jpg` → public/images/x.jpg). */
const photoFile = (src: string) => `public/${src.replace(/^\/+/, '').split(/[?#]/)[0]!}`;

/**
 * The pictures and file kinds of one review: each commit's public/ listed once, the distinct files
 * read by one git process, each picture drawn once.
 */
class Shelf {
  private trees = new Map<string, Promise<Map<string, string>>>();
  /** Blob → its picture; undefined: not drawn (beyond the review's bound). */
  private pictures = new Map<string, string | null>();
  private heads = new Map<string, Buffer>();
  private wantedPictures: string[] = [];
  private wantedHeads: string[] = [];

  constructor(
    private readonly repo: PublishClone,
    private readonly sides: Sides,
  ) {}

  private tree(commit: string): Promise<Map<string, string>> {
    let tree = this.trees.get(commit);
    if (!tree) this.trees.set(commit, (tree = filesUnder(this.repo, commit, 'public')));
    return tree;
  }

  /** The blob a side shows at `file`: the published side takes the draft's, else main's. */
  async blobAt(side: Side, file: string): Promise<string | null> {
    if (side === 'live') return (await this.tree(this.sides.main)).get(file) ?? null;
    return (await this.tree(this.sides.draft)).get(file) ?? (await this.tree(this.sides.main)).get(file) ?? null;
  }

  wantPicture(blob: string | null): void {
    if (blob) this.wantedPictures.push(blob);
  }

  wantHead(blob: string | null): void {
    if (blob) this.wantedHeads.push(blob);
  }

  /** Reads and draws what was asked for: at most MAX_PICTURES different pictures, in the order first asked. */
  async load(): Promise<void> {
    const distinct = [...new Set(this.wantedPictures)];
    const admitted = distinct.slice(0, MAX_PICTURES);
    const toRead = admitted.filter((blob) => !thumbnails.has(blob));
    const sizes = await blobSizes(this.repo, [...new Set([...toRead, ...this.wantedHeads])]);
    let total = 0;
    const read = toRead.filter((blob) => {
      const size = sizes.get(blob) ?? Infinity;
      if (size > MAX_PICTURE_BYTES || total + size > MAX_PICTURES_READ_BYTES) return false;
      total += size;
      return true;
    });
    const heads = [...new Set(this.wantedHeads)].filter((blob) => (sizes.get(blob) ?? Infinity) <= SNIFFED_BYTES);
    const bytes = await readBlobs(this.repo, [...read, ...heads]);
    for (const blob of admitted) {
      if (!thumbnails.has(blob)) remember(blob, bytes.has(blob) && read.includes(blob) ? await thumbnailOf(bytes.get(blob)!) : null);
      this.pictures.set(blob, thumbnails.get(blob) ?? null);
    }
    for (const blob of heads) if (bytes.has(blob)) this.heads.set(blob, bytes.get(blob)!.subarray(0, 1024));
  }

  /** A blob's picture; null when there is none to draw; undefined when the review draws no more. */
  picture(blob: string | null): string | null | undefined {
    if (blob === null) return null;
    return this.pictures.has(blob) ? this.pictures.get(blob)! : undefined;
  }

  head(blob: string | null): Buffer {
    return (blob && this.heads.get(blob)) || Buffer.alloc(0);
  }
}

/** What a visitor calls the page: its first heading, else its course's name, else its search title's first part. */
function nameOf(data: Data | null, route: string): string {
  const sections = Array.isArray(data?.sections) ? (data.sections as unknown[]) : [];
  for (const section of sections) {
    const title = (section as Data | null)?.title;
    if (typeof title === 'string' && title.trim()) return title.trim();
  }
  const meta = (data?.meta ?? {}) as Data;
  const course = (meta.course ?? {}) as Data;
  if (typeof course.name === 'string' && course.name.trim()) return course.name.trim();
  if (typeof meta.title === 'string' && meta.title.trim()) return meta.title.split('|')[0]!.trim();
  return route === '/' ? 'Home' : route;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each different thing once, with how many times it is there, in the order first met. */
function counted<T>(items: readonly T[], key: (item: T) => string): Map<string, { item: T; count: number }> {
  const counts = new Map<string, { item: T; count: number }>();
  for (const item of items) {
    const at = key(item);
    const known = counts.get(at);
    if (known) known.count++;
    else counts.set(at, { item, count: 1 });
  }
  return counts;
}

/**
 * What changes between two lists of things (links, photos) as entries: a thing added or removed, or
 * one of the same `pairKey` replaced by another ("Enquire now": its old address → its new); the same
 * change made in many places once, with its count.
 */
function changesOf<T>(before: readonly T[], after: readonly T[], key: (item: T) => string, pairKey: (item: T) => string): { was: T | null; is: T | null; times: number }[] {
  const [was, is] = [counted(before, key), counted(after, key)];
  const removed: { item: T; count: number }[] = [];
  const added: { item: T; count: number }[] = [];
  for (const [at, { item, count }] of was) {
    const left = count - (is.get(at)?.count ?? 0);
    if (left > 0) removed.push({ item, count: left });
  }
  for (const [at, { item, count }] of is) {
    const more = count - (was.get(at)?.count ?? 0);
    if (more > 0) added.push({ item, count: more });
  }
  const changes: { was: T | null; is: T | null; times: number }[] = [];
  // Replaced: the first removed of a kind and words with the first added of the same.
  const waiting = new Map<string, { item: T; count: number }[]>();
  for (const entry of removed) waiting.set(pairKey(entry.item), [...(waiting.get(pairKey(entry.item)) ?? []), entry]);
  for (const entry of added) {
    const queue = waiting.get(pairKey(entry.item)) ?? [];
    while (entry.count > 0 && queue.length > 0) {
      const old = queue[0]!;
      const times = Math.min(old.count, entry.count);
      changes.push({ was: old.item, is: entry.item, times });
      old.count -= times;
      entry.count -= times;
      if (old.count === 0) queue.shift();
    }
    if (entry.count > 0) changes.push({ was: null, is: entry.item, times: entry.count });
  }
  for (const entry of removed) if (entry.count > 0) changes.push({ was: entry.item, is: null, times: entry.count });
  return changes;
}

/** The words shown of two sides: of a changed page, from the first changed entry to the last, within the review's budget. */
class TextBudget {
  left = MAX_TEXT_CHARS;

  /** As many entries of `texts` as the budget takes; how many it left out. */
  take(texts: readonly string[]): { shown: string[]; leftOut: number } {
    const shown: string[] = [];
    for (const text of texts) {
      if (text.length > this.left) break;
      this.left -= text.length;
      shown.push(text);
    }
    return { shown, leftOut: texts.length - shown.length };
  }
}

function trimmed(before: readonly string[], after: readonly string[]): { before: string[]; after: string[]; head: number; tail: number } {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { before: before.slice(head, before.length - tail), after: after.slice(head, after.length - tail), head, tail };
}

const ADDRESS_ORDER: Record<Address['kind'], number> = { embed: 0, link: 1, file: 2 };

/** A file's change, before its photos are drawn. */
interface Pending {
  file: Omit<ChangedFile, 'shown'>;
  shown: Omit<VisibleChange, 'photos'>;
  /** The photo changes, with the blob each side shows. */
  photos: { label: string; before: string | null; after: string | null; hasBefore: boolean; hasAfter: boolean; times: number }[];
  /** The blob a file that is no page nor photo has, published (else live): what it is comes from its bytes. */
  kindOf?: { blob: string | null; name: string };
}

const noneLeftOut = (): LeftOut => ({ paragraphs: 0, photos: 0, addresses: 0 });

/** A page or the site document: its words, links and photos live and as published. */
async function documentChange(shelf: Shelf, budget: TextBudget, file: Omit<ChangedFile, 'shown'>, documents: Documents): Promise<Pending> {
  const site = file.file === SITE_FILE;
  const [before, after] = [documents.read(file.live), documents.read(file.published)];
  const contentOf = (data: Data | null): VisibleContent | null => (data ? (site ? siteContent(data) : pageContent(data)) : null);
  const [was, is] = [contentOf(before), contentOf(after)];
  const leftOut = noneLeftOut();

  // Words: of a changed document the part that changes; of a new one, all of it.
  const sides = was && is ? trimmed(was.texts, is.texts) : { before: was?.texts ?? [], after: is?.texts ?? [], head: 0, tail: 0 };
  const [textBefore, textAfter] = [budget.take(sides.before), budget.take(sides.after)];
  leftOut.paragraphs = Math.max(textBefore.leftOut, textAfter.leftOut);

  // Links, frames and files: each change once, frames first.
  const addressKey = (address: Address) => `${address.kind}\0${address.label}\0${address.address}`;
  const addressChanges = changesOf(was?.addresses ?? [], is?.addresses ?? [], addressKey, (address) => `${address.kind}\0${address.label}`)
    .map(({ was: old, is: now, times }): AddressChange => ({ kind: (now ?? old)!.kind, label: (now ?? old)!.label, before: old?.address ?? null, after: now?.address ?? null, times }))
    .sort((a, b) => ADDRESS_ORDER[a.kind] - ADDRESS_ORDER[b.kind]);
  leftOut.addresses = Math.max(0, addressChanges.length - MAX_ENTRIES);

  // Photos: each change once, the pictures asked for now and drawn together.
  const photoKey = (photo: Photo) => `${photo.src}\0${photo.alt}`;
  const photoChanges = changesOf(was?.photos ?? [], is?.photos ?? [], photoKey, () => '');
  leftOut.photos = Math.max(0, photoChanges.length - MAX_ENTRIES);
  const photos: Pending['photos'] = [];
  for (const { was: old, is: now, times } of photoChanges.slice(0, MAX_ENTRIES)) {
    const [blobBefore, blobAfter] = [old ? await shelf.blobAt('live', photoFile(old.src)) : null, now ? await shelf.blobAt('published', photoFile(now.src)) : null];
    shelf.wantPicture(blobBefore);
    shelf.wantPicture(blobAfter);
    photos.push({ label: now?.alt || old?.alt || path.basename((now ?? old)!.src), before: blobBefore, after: blobAfter, hasBefore: old !== null, hasAfter: now !== null, times });
  }

  const what: string[] = [];
  const kinds = (kind: Address['kind']) => addressChanges.filter((change) => change.kind === kind).length;
  if (site) {
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    what.push(...new Set(keys.filter((key) => !same(before?.[key], after?.[key])).map((key) => SITE_PARTS[key] ?? `the site's ${key}`)));
    if (what.length === 0) what.push('the site document');
  } else {
    if (!before) what.push('new page');
    else if (!after) what.push('page removed');
    else {
      const sectionWords = (data: Data) => pageContent({ sections: data.sections }).texts;
      if (!same(sectionWords(before), sectionWords(after))) what.push('text');
      if (kinds('link') > 0) what.push(kinds('link') === 1 ? 'link' : 'links');
      if (kinds('embed') > 0) what.push('content from another site');
      if (kinds('file') > 0) what.push(kinds('file') === 1 ? 'file' : 'files');
      if (photos.length > 0) what.push(photos.length === 1 ? 'photo' : 'photos');
      const meta = (data: Data) => ({ ...((data.meta ?? {}) as Data), course: undefined, aliases: undefined });
      if (!same(meta(before), meta(after))) what.push('search and sharing');
      if (!same((before.meta as Data | undefined)?.course, (after.meta as Data | undefined)?.course)) what.push("the course's facts");
      if (!same((before.meta as Data | undefined)?.aliases, (after.meta as Data | undefined)?.aliases)) what.push('other addresses');
      if (what.length === 0) what.push('layout');
    }
  }
  const route = site ? null : routeOf(file.file.slice('pages/'.length));
  return {
    file,
    shown: {
      name: site ? 'The whole site' : nameOf(after ?? before, route!),
      route,
      kind: site ? 'site' : 'page',
      before: was ? textBefore.shown : null,
      after: is ? textAfter.shown : null,
      unchanged: { head: sides.head, tail: sides.tail },
      addresses: addressChanges.slice(0, MAX_ENTRIES),
      leftOut,
      what,
    },
    photos,
  };
}

/** A file that is no page: a photo as pictures, any other as what it is. */
async function fileChange(shelf: Shelf, file: Omit<ChangedFile, 'shown'>): Promise<Pending> {
  const name = path.basename(file.file);
  const [before, after] = [await shelf.blobAt('live', file.file), file.change === 'removed' ? null : await shelf.blobAt('published', file.file)];
  const base = { name, route: null, before: null, after: null, unchanged: { head: 0, tail: 0 }, addresses: [], leftOut: noneLeftOut() };
  if (PHOTO.test(file.file)) {
    shelf.wantPicture(before);
    shelf.wantPicture(after);
    return {
      file,
      shown: { ...base, kind: 'photo', what: [before && after ? 'photo replaced' : after ? 'new photo' : 'photo removed'] },
      photos: [{ label: name, before, after, hasBefore: before !== null, hasAfter: after !== null, times: 1 }],
      kindOf: { blob: after ?? before, name },
    };
  }
  shelf.wantHead(after ?? before);
  return { file, shown: { ...base, kind: 'file', what: [] }, photos: [], kindOf: { blob: after ?? before, name } };
}

/**
 * The changed files of a review as a visitor would meet them. `documents`: the pages the merge plan
 * read (each read once).
 */
export async function visibleChanges(repo: PublishClone, sides: Sides, review: readonly Omit<ChangedFile, 'shown'>[], documents: Documents): Promise<ChangedFile[]> {
  const shelf = new Shelf(repo, sides);
  const budget = new TextBudget();
  const pending: Pending[] = [];
  for (const file of review) pending.push(file.page ? await documentChange(shelf, budget, file, documents) : await fileChange(shelf, file));
  await shelf.load();
  return pending.map(({ file, shown, photos, kindOf }): ChangedFile => {
    const drawn: PhotoChange[] = [];
    let notDrawn = 0;
    for (const photo of photos) {
      const [before, after] = [shelf.picture(photo.before), shelf.picture(photo.after)];
      // Beyond the pictures a review draws: counted, never shown as "no photo".
      if ((photo.hasBefore && before === undefined) || (photo.hasAfter && after === undefined)) notDrawn++;
      else drawn.push({ label: photo.label, before: before ?? null, after: after ?? null, times: photo.times });
    }
    const what = shown.kind === 'file' && kindOf ? [FILE_KIND_WORDS[fileKindOf(kindOf.name, shelf.head(kindOf.blob))]] : shown.what;
    // A page too long to read line by line is shown by its words only.
    const lines = !file.page || ((file.live?.length ?? 0) <= MAX_LINES_CHARS && (file.published?.length ?? 0) <= MAX_LINES_CHARS);
    return {
      ...file,
      ...(lines ? {} : { live: null, published: null }),
      shown: { ...shown, what, photos: drawn, leftOut: { ...shown.leftOut, photos: shown.leftOut.photos + notDrawn } },
    };
  });
}
