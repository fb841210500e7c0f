/**
 * What a visitor meets in a page or the site document, read from its data for the publishers'
 * review: the words they read (in the order the page shows them), every place a visitor can be sent
 * to (a link or button with its address), everything loaded from another site (a map, with its
 * origin), the site's files a visitor downloads or plays, the photos, and after the content the
 * settings a visitor meets elsewhere (in a search engine, in a shared link, in the menu, the course's
 * facts, the other addresses that lead to the page), each in plain words. Pure: no git, no files.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import { quickYaml } from '../../src/content/quick-yaml';
import { resolveFacts } from '../../src/content/course-facts';
import { isRecord } from '../../src/lib/is-record';

type Data = Record<string, unknown>;

/** Where a visitor is sent or what a page loads: a link or button, a frame of another site, a file of this site. */
export type AddressKind = 'link' | 'embed' | 'file';

export interface Address {
  kind: AddressKind;
  /** Its words ("Enquire now"), a map's title; else what it is ("Chat"). */
  label: string;
  /** Where it goes, as a visitor's browser is told ("https://…", "/contact", "the enquiry form"). */
  address: string;
}

export interface Photo {
  src: string;
  alt: string;
}

export interface VisibleContent {
  /** The words a visitor reads, one entry per heading, paragraph or list item, then the settings, each as "Search title: …". */
  texts: string[];
  addresses: Address[];
  photos: Photo[];
}

/**
 * A page's data as a visitor reads it: read as the build reads it (src/content/validate.ts: the quick
 * reader, else js-yaml), the course's facts a text names replaced by what the page states; null when
 * it is no document.
 */
export function readDocument(text: string | null | undefined): Data | null {
  if (text == null) return null;
  let value: unknown;
  try {
    value = quickYaml(text) ?? load(text, { schema: CORE_SCHEMA });
  } catch {
    return null;
  }
  try {
    value = resolveFacts(value).value;
  } catch {
    // Facts that cannot be put in (too much text once they are): the page as written, braces and all.
  }
  return isRecord(value) ? value : null;
}

/** Keys whose values are settings, not words a visitor reads or addresses they follow. */
const SETTING_KEYS = new Set(['type', 'id', 'icon', 'variant', 'layout', 'columns', 'group', 'order', 'style', 'align', 'theme', 'anchor', 'width', 'height', 'imageSide', 'splitAt', 'wideLast', 'ordered', 'seconds', 'social', 'firebase', 'country', 'keywords', 'redirects']);
/** Keys whose string is an address a visitor is sent to or a file they get, whatever it looks like. */
const ADDRESS_KEYS = new Set(['href', 'url', 'src', 'file', 'chat', 'poster', 'course']);
const PHOTO = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
const LOOKS_LIKE_ADDRESS = /^(\/|https?:|mailto:|tel:|#|\/\/)/i;
/** Words for a thing named by its key alone (a link without words of its own). */
const KEY_WORDS: Record<string, string> = {
  chat: 'Chat',
  url: 'Web address',
  form: 'The enquiry form',
  file: 'File',
  poster: 'Still picture of the video',
  course: 'Course card',
  qr: 'QR code',
};

/** "wideLast" → "Wide last". */
function words(key: string): string {
  const text = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a thing at `key` inside `record` is called: its own words, else its key's. */
function labelIn(record: Data, key: string, parentKey: string | number | undefined): string {
  for (const name of ['label', 'title', 'name', 'alt', 'text']) {
    const value = record[name];
    if (name !== key && typeof value === 'string' && value.trim() !== '') return oneLine(value);
  }
  const from = typeof parentKey === 'string' && (key === 'href' || key === 'url' || key === 'src') ? parentKey : key;
  return KEY_WORDS[from] ?? words(from);
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A string the page gives a visitor as an address: what kind, and where it goes in plain words. */
function addressOf(key: string | number | undefined, value: string): { kind: AddressKind; address: string } | null {
  const text = value.trim();
  if (key === 'href' && text === 'form') return { kind: 'link', address: 'the enquiry form' };
  if (key === 'course' && text.startsWith('/')) return { kind: 'link', address: text };
  if (!(typeof key === 'string' && ADDRESS_KEYS.has(key)) && !LOOKS_LIKE_ADDRESS.test(text)) return null;
  if (text === '') return null;
  // A frame: the page loads it from the other site as soon as a visitor comes near.
  if (key === 'src' && /^https?:|^\/\//i.test(text)) return { kind: 'embed', address: text };
  if (text.startsWith('/') && !text.startsWith('//') && /\.[A-Za-z0-9]+$/.test(text.split(/[?#]/)[0]!)) return { kind: 'file', address: text };
  return { kind: 'link', address: text };
}

/** The origin a frame loads from ("https://maps.example.com"); null for an address that is none. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address.startsWith('//') ? `https:${address}` : address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Everything of `value` a visitor meets, in the order the page shows it. */
function walk(value: unknown, into: VisibleContent, key?: string | number, parent?: Data, parentKey?: string | number): void {
  if (typeof value === 'string') {
    const address = addressOf(key, value);
    if (address?.kind === 'file' && PHOTO.test(address.address)) {
      // A picture: shown as one, with its description.
      into.photos.push({ src: value.trim(), alt: parent && typeof parent.alt === 'string' ? parent.alt : '' });
    } else if (address) {
      into.addresses.push({ ...address, label: parent && typeof key === 'string' ? labelIn(parent, key, parentKey) : KEY_WORDS[String(parentKey)] ?? words(String(parentKey ?? 'link')) });
    } else {
      const text = value.trim();
      if (text !== '') into.texts.push(...text.split(/\n\s*\n/).map(oneLine).filter(Boolean));
    }
  } else if (typeof value === 'number' && key !== undefined && typeof key === 'string' && !SETTING_KEYS.has(key)) {
    into.texts.push(String(value));
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) walk(value[index], into, typeof key === 'string' ? key : index, parent, parentKey);
  } else if (isRecord(value)) {
    for (const [name, item] of Object.entries(value)) if (!SETTING_KEYS.has(name) && name !== 'alt') walk(item, into, name, value, key);
  }
}

/** The settings of a page a visitor meets outside it, in plain words, in this order; any other is named by its key in words. */
const SETTINGS: [path: string, words: string][] = [
  ['title', 'Search title'],
  ['description', 'Search description'],
  ['keywords', 'Search words'],
  ['social.title', 'Shared link title'],
  ['social.description', 'Shared link text'],
  ['course.name', 'Course name'],
  ['course.group', 'Brochure chapter'],
  ['course.duration', 'Course duration'],
  ['course.software', 'Software taught'],
  ['course.mode', 'How it is taught'],
  ['course.certificate', 'Certificate'],
  ['course.menu.group', 'Menu group'],
  ['course.menu.label', 'Words in the menu'],
  ['course.menu.order', 'Place in the menu group'],
  ['aliases', 'Other addresses that lead here'],
];
const SETTING_WORDS = new Map(SETTINGS);

/** A setting's value on one line: a list joined with commas, `false` as "not listed". */
function settingValue(value: unknown): string | null {
  if (value === false) return 'not listed';
  if (value === true) return 'yes';
  if (typeof value === 'string') return value.trim() === '' ? null : oneLine(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(settingValue).filter((item): item is string => item !== null);
    return items.length > 0 ? items.join(', ') : null;
  }
  return null;
}

/** The page's settings as lines ("Search title: ETABS course"), and the photos among them (a shared link's picture). */
function settingsOf(meta: unknown, into: VisibleContent): void {
  const lines = new Map<string, string>();
  const visit = (value: unknown, path: string[]) => {
    const at = path.join('.');
    if (isRecord(value) && !(path.at(-1) === 'image')) {
      for (const [name, item] of Object.entries(value)) visit(item, [...path, name]);
      return;
    }
    if (path.at(-1) === 'image') {
      const src = isRecord(value) ? value.src : value;
      if (typeof src === 'string') into.photos.push({ src, alt: isRecord(value) && typeof value.alt === 'string' ? value.alt : 'Shared link picture' });
      return;
    }
    const text = settingValue(value);
    if (text !== null) lines.set(at, `${SETTING_WORDS.get(at) ?? path.map(words).join(', ')}: ${text}`);
  };
  visit(meta, []);
  const known = SETTINGS.map(([at]) => at).filter((at) => lines.has(at));
  for (const at of [...known, ...[...lines.keys()].filter((at) => !SETTING_WORDS.has(at))]) into.texts.push(lines.get(at)!);
}

/** What a visitor meets of a page: its sections, then its settings. */
export function pageContent(data: Data): VisibleContent {
  const content: VisibleContent = { texts: [], addresses: [], photos: [] };
  walk(data.sections ?? [], content, 'sections');
  settingsOf(data.meta, content);
  for (const [name, value] of Object.entries(data)) if (name !== 'sections' && name !== 'meta') walk(value, content, name);
  return content;
}

/** What a visitor meets of the site document (menu, footer, contacts, the enquiry form…). */
export function siteContent(data: Data): VisibleContent {
  const content: VisibleContent = { texts: [], addresses: [], photos: [] };
  walk(data, content);
  return content;
}

/** The origins a page or the site document makes the site's policy admit (its frames: maps, the sign-in's page). */
export function framedOrigins(data: Data | null, site: boolean): string[] {
  if (!data) return [];
  const origins = new Set<string>();
  for (const address of (site ? siteContent(data) : pageContent(data)).addresses) {
    const origin = address.kind === 'embed' ? originOf(address.address) : null;
    if (origin) origins.add(origin);
  }
  if (site && isRecord(data.firebase) && typeof data.firebase.authDomain === 'string') origins.add(`https://${data.firebase.authDomain.trim()}`);
  return [...origins].sort();
}

/** The documents of one review read once each, whoever asks (the merge plan, then the review's words). */
export class Documents {
  private readonly known = new Map<string, Data | null>();

  read(text: string | null | undefined): Data | null {
    if (text == null) return null;
    if (!this.known.has(text)) this.known.set(text, readDocument(text));
    return this.known.get(text) ?? null;
  }
}

/** The origins the live site's policy lets its pages frame (`frame-src` of its firebase.json); none when it cannot be read. */
export function framedByPolicy(firebaseJson: string | undefined): Set<string> {
  const sources = new Set<string>();
  if (firebaseJson === undefined) return sources;
  try {
    const hosting = (JSON.parse(firebaseJson) as { hosting?: { headers?: { headers?: { key?: unknown; value?: unknown }[] }[] } }).hosting;
    for (const rule of hosting?.headers ?? []) {
      for (const header of rule.headers ?? []) {
        if (typeof header.key !== 'string' || header.key.toLowerCase() !== 'content-security-policy' || typeof header.value !== 'string') continue;
        for (const directive of header.value.split(';')) {
          const [name, ...tokens] = directive.trim().split(/\s+/);
          if (name === 'frame-src') for (const token of tokens) sources.add(token.replace(/\/$/, ''));
        }
      }
    }
  } catch {
    // A policy that cannot be read admits nothing: every origin the draft frames is new.
  }
  return sources;
}
