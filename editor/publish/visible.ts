/**
 * A changed file as the publishers' screen shows it: as a visitor sees it, not as a file. A page by
 * its name (its heading, else its course's name, else its search title's first part) and address,
 * with its visible text live and as it would be published (the words a visitor reads, in order: no
 * section types, addresses or settings); its photos that change, as small pictures of each side; the
 * site document as "the whole site" with the parts that change named (menu, footer, contacts…); a
 * photo file by its name, as pictures. Read-only, from the publish clone's objects.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import { routeOf } from '../../src/content/routes';
import type { PhotoChange, VisibleChange } from '../protocol/publish';
import type { PublishClone } from './clone';
import { resolveFacts } from '../../src/content/course-facts';

const SITE_FILE = 'pages/_site.yaml';

/** Keys whose values a visitor never reads as text: kinds, addresses, settings. */
const UNSEEN_KEYS = new Set(['type', 'src', 'href', 'url', 'id', 'icon', 'variant', 'layout', 'columns', 'group', 'order', 'map', 'embed', 'style', 'align', 'theme', 'anchor', 'form', 'firebase', 'keywords', 'country', 'logo', 'width', 'height', 'redirects', 'menu']);
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

type Data = Record<string, unknown>;

function parsed(text: string | null | undefined): Data | null {
  if (text == null) return null;
  try {
    // As a visitor reads it: the course's facts a text names ("{software}") replaced by what the page states.
    const value = resolveFacts(parse(text) as unknown).value;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Data) : null;
  } catch {
    return null;
  }
}

const isAddress = (text: string) => /^(\/|https?:|mailto:|#)/.test(text.trim());

/** The strings of `value` a visitor reads, in the order the page shows them. */
function textsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text !== '' && !isAddress(text)) into.push(...text.split(/\n\s*\n/).map((part) => part.replace(/\s+/g, ' ').trim()).filter(Boolean));
  } else if (Array.isArray(value)) {
    for (const item of value) textsOf(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!UNSEEN_KEYS.has(key)) textsOf(item, into);
  }
  return into;
}

/** The photos a document shows (`src` of a picture), with their descriptions, in order. */
function photosOf(value: unknown, into: { src: string; alt: string }[] = []): { src: string; alt: string }[] {
  if (Array.isArray(value)) for (const item of value) photosOf(item, into);
  else if (value !== null && typeof value === 'object') {
    const record = value as Data;
    if (typeof record.src === 'string' && PHOTO.test(record.src)) into.push({ src: record.src, alt: typeof record.alt === 'string' ? record.alt : '' });
    for (const [key, item] of Object.entries(record)) if (key !== 'src') photosOf(item, into);
  }
  return into;
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

/** Small pictures of photo files, by blob id: a review asked again makes none again. */
const thumbnails = new Map<string, string | null>();

function blobBytes(repo: PublishClone, blob: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile('git', ['cat-file', 'blob', blob], { cwd: repo.dir, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => (error ? reject(new Error(`git cat-file ${blob}: ${error.message}`)) : resolve(stdout)));
  });
}

/** A small picture (a data: URL) of the photo file at `file` in `commit`; null when there is none or it cannot be read. */
async function thumbnail(repo: PublishClone, commit: string, file: string): Promise<string | null> {
  const blob = await repo.objectAt(commit, file);
  if (!blob) return null;
  if (!thumbnails.has(blob)) {
    let made: string | null = null;
    try {
      const bytes = await sharp(await blobBytes(repo, blob)).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
      made = `data:image/webp;base64,${bytes.toString('base64')}`;
    } catch {
      // A file no decoder reads: named, not pictured.
    }
    if (thumbnails.size > 500) thumbnails.clear();
    thumbnails.set(blob, made);
  }
  return thumbnails.get(blob) ?? null;
}

/** A photo's file in the content from the address a page gives it (`/images/x.jpg` → public/images/x.jpg). */
const photoFile = (src: string) => `public/${src.replace(/^\/+/, '')}`;

export interface Sides {
  /** main as reviewed, and the draft's reviewed commit (its photos go live). */
  main: string;
  draft: string;
}

/**
 * One changed file as a visitor would see the change. `live` and `published`: a page's text on each
 * side (null: no page there).
 */
export async function visibleChange(repo: PublishClone, sides: Sides, file: string, live: string | null, published: string | null): Promise<VisibleChange> {
  const photoSide = async (side: 'live' | 'published', src: string) => {
    const target = photoFile(src);
    if (side === 'live') return thumbnail(repo, sides.main, target);
    return (await thumbnail(repo, sides.draft, target)) ?? thumbnail(repo, sides.main, target);
  };
  if (file === SITE_FILE) {
    const [before, after] = [parsed(live), parsed(published)];
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    const parts = [...new Set(keys.filter((key) => !same(before?.[key], after?.[key])).map((key) => SITE_PARTS[key] ?? `the site's ${key}`))];
    return { name: 'The whole site', route: null, kind: 'site', before: before ? textsOf(before) : null, after: after ? textsOf(after) : null, photos: [], what: parts.length > 0 ? parts : ['the site document'] };
  }
  if (/^pages\/.+\.ya?ml$/.test(file)) {
    const route = routeOf(file.slice('pages/'.length));
    const [before, after] = [parsed(live), parsed(published)];
    const [textBefore, textAfter] = [before ? textsOf(before.sections) : null, after ? textsOf(after.sections) : null];
    const what: string[] = [];
    if (!before) what.push('new page');
    else if (!after) what.push('page removed');
    else if (!same(textBefore, textAfter)) what.push('text');
    // Photos that change place by place: the first photo of each side, the second…
    const [photosBefore, photosAfter] = [photosOf(before?.sections ?? []), photosOf(after?.sections ?? [])];
    const photos: PhotoChange[] = [];
    for (let index = 0; index < Math.max(photosBefore.length, photosAfter.length); index++) {
      const [was, is] = [photosBefore[index], photosAfter[index]];
      if (was?.src === is?.src) continue;
      photos.push({
        label: is?.alt || was?.alt || path.basename(is?.src ?? was?.src ?? ''),
        before: was ? await photoSide('live', was.src) : null,
        after: is ? await photoSide('published', is.src) : null,
      });
    }
    if (photos.length > 0 && before && after) what.push(photos.length === 1 ? 'photo' : 'photos');
    const meta = (data: Data | null) => ({ ...((data?.meta ?? {}) as Data), course: undefined });
    if (before && after && !same(meta(before), meta(after))) what.push('search and sharing');
    if (before && after && !same((before.meta as Data | undefined)?.course, (after.meta as Data | undefined)?.course)) what.push("the course's facts");
    return { name: nameOf(after ?? before, route), route, kind: 'page', before: textBefore, after: textAfter, photos, what: what.length > 0 ? what : ['layout'] };
  }
  const name = path.basename(file);
  if (PHOTO.test(file)) {
    const [before, after] = [await thumbnail(repo, sides.main, file), await thumbnail(repo, sides.draft, file)];
    return { name, route: null, kind: 'photo', before: null, after: null, photos: [{ label: name, before, after }], what: [before && after ? 'photo replaced' : after ? 'new photo' : 'photo removed'] };
  }
  return { name, route: null, kind: 'file', before: null, after: null, photos: [], what: ['file'] };
}
