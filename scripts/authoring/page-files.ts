/**
 * The files the editor may touch, and how it touches them. A page file is named as the content
 * check names it (`pages/etabs.yaml`); only a page file inside pages/ is ever read, written or
 * deleted, and the site document read and written (never deleted or copied): no `..`, no absolute
 * path, no link on the way from the content root (./no-links.ts), nothing else (the templates, other files). Writes are atomic: a reader (the dev
 * server's watcher, an open text editor) sees the old file or the new one, never half of one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, lstatSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlias, isMap, isNode, parseDocument, visit } from 'yaml';
import type { ContentError } from '../../src/content/errors';
import { isPageFile, routeOf } from '../../src/content/routes';
import { decodeSource } from '../../src/content/source';
import type { Json } from '../../src/lib/json';
import { SITE_DOCUMENT_FILE } from '../../src/content/routes';
import { linkRefusal, readWithoutLinks } from './no-links';
import { AUTHORING } from '../errors/authoring';

/** Where the content is: pages/ and public/ of the content root. */
export interface ContentPaths {
  contentRoot: string;
  pagesDir: string;
  publicDir: string;
}

export function contentPaths(contentRoot: string): ContentPaths {
  return { contentRoot, pagesDir: path.join(contentRoot, 'pages'), publicDir: path.join(contentRoot, 'public') };
}

export interface PageFile {
  /** As errors name it: `pages/etabs.yaml`. */
  file: string;
  /** Inside pages/: `etabs.yaml`. */
  relative: string;
  absolute: string;
  route: string;
  /** The folder pages/ is in: the file is read from there down, no step a link. */
  contentRoot: string;
}

const PAGES_PREFIX = 'pages/';

export interface ResolveOptions {
  mustExist: boolean;
  /**
   * The site document (SITE_DOCUMENT_FILE) is accepted too: it is opened, checked and saved as a
   * page is, but never deleted, copied or created from here.
   */
  site?: boolean;
}

/** `pages/a/b.yaml` → its place on disk, or a refusal; with `mustExist`, the file must be there. */
export function resolvePageFile(paths: ContentPaths, file: string, { mustExist, site = false }: ResolveOptions): PageFile {
  const refuse = () =>
    AUTHORING.refusal('EDITOR_NOT_A_PAGE_FILE', { file });
  // A backslash, a NUL or a percent sign (an encoded separator or dot, `%2e%2e`, `%2f`) is in no page's name.
  if (!file.startsWith(PAGES_PREFIX) || file.includes('\\') || file.includes('\0') || file.includes('%')) throw refuse();
  const relative = file.slice(PAGES_PREFIX.length);
  const parts = relative.split('/');
  const isSite = site && file === SITE_DOCUMENT_FILE;
  if (parts.some((part) => part === '' || part === '.' || part === '..') || !(isSite || isPageFile(relative))) throw refuse();
  const absolute = path.join(paths.pagesDir, ...parts);
  // A link (pages/ itself, a folder in it, the file) could lead anywhere on the disk: none is followed.
  const steps = ['pages', ...parts];
  for (let length = 1; length <= steps.length; length++) {
    const stat = lstatOrUndefined(path.join(paths.contentRoot, ...steps.slice(0, length)));
    if (!stat) break;
    const last = length === steps.length;
    if (stat.isSymbolicLink()) throw linkRefusal(steps.slice(0, length).join('/'), last ? 'file' : 'folder');
    if (last ? !stat.isFile() : !stat.isDirectory()) throw refuse();
  }
  if (mustExist && !existsSync(absolute)) {
    throw AUTHORING.refusal('EDITOR_PAGE_GONE', { file });
  }
  // The site document's preview is the home page.
  return { file, relative, absolute, route: isSite ? '/' : routeOf(relative), contentRoot: paths.contentRoot };
}

function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/** What a save names as the file it edits: a hash of the file's bytes. */
export function versionOf(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

export interface FileOnDisk {
  text: string;
  version: string;
  /** The text's data, or null when the form cannot hold it without losing something (editableDataOf). */
  data: Json;
  /** Why the bytes are not text the validator reads (not UTF-8, too large): the file's one error. */
  unreadable?: ContentError;
}

export function readPageFile(page: PageFile): FileOnDisk {
  let bytes: Buffer;
  try {
    bytes = readWithoutLinks(page.contentRoot, page.file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw AUTHORING.refusal('EDITOR_PAGE_GONE_MEANWHILE', { file: page.file });
  }
  const decoded = decodeSource(page.file, bytes);
  // A file that is not UTF-8 is still shown (its errors say why) as well as it can be read, but not
  // offered to the form: its unreadable bytes became �, and a save would write those over them.
  const text = decoded.ok ? decoded.text : bytes.toString('utf8');
  const version = versionOf(bytes);
  return decoded.ok ? { text, version, data: editableDataOf(text) } : { text, version, data: null, unreadable: decoded.error };
}

/**
 * The data the form may edit, or null when editing it would change more than the editor shows:
 * YAML that does not parse, a document that is not a map of keys (a list, a lone value), or one
 * with anchors, aliases or tags (the validator refuses them, and the form would write an alias out
 * in full or drop a tag without saying so). A file with nothing in it (or only comments) is an
 * empty page, to be filled in.
 */
export function editableDataOf(text: string): Json {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) return null;
  if (document.contents === null) return {};
  if (!isMap(document.contents)) return null;
  let marked = false;
  visit(document, (_key, node) => {
    if (isAlias(node) || (isNode(node) && (node.anchor !== undefined || node.tag !== undefined))) {
      marked = true;
      return visit.BREAK;
    }
  });
  return marked ? null : ((document.toJS() ?? {}) as Json);
}

/** The data of a YAML text, or null when it does not parse (the editor then offers the text only). */
export function dataOf(text: string): Json {
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) return null;
  // YAML 1.2's core schema gives JSON values only (and maps as objects, the default).
  return (document.toJS({ maxAliasCount: 100 }) ?? null) as Json;
}

/** A name beside `file` that nothing reads as content: hidden, and not ending in .yaml. */
function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Replaces `file` with `text` at once (written beside it, then renamed over it), keeping its
 * permissions. The caller has looked at the way to it (resolvePageFile); a link found at `file` now
 * is refused all the same (`shownAs` names it), rather than its permissions taken from where it leads.
 */
export function replaceAtomically(file: string, text: string, shownAs = path.basename(file)): void {
  const temporary = temporaryBeside(file);
  try {
    // `wx` opens with O_EXCL, which never follows a link put at the temporary's name.
    writeFileSync(temporary, text, { flag: 'wx' });
    const stat = lstatOrUndefined(file);
    if (stat?.isSymbolicLink()) throw linkRefusal(shownAs, 'file');
    if (stat) chmodSync(temporary, stat.mode & 0o7777);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Creates `file` with `contents` at once; false, writing nothing, when the file (or a link) already
 * exists: neither the temporary (O_EXCL) nor the hard link made to `file` follows a link at its name.
 */
export function createAtomically(file: string, contents: string | Uint8Array): boolean {
  const temporary = temporaryBeside(file);
  writeFileSync(temporary, contents, { flag: 'wx' });
  try {
    // A link fails when the name is taken: never replaces a file that appeared meanwhile.
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}
