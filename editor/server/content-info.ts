/**
 * What the editor lists and offers, from the content as the dev server loaded it (the same content
 * `npm run check` reports on): the pages with their errors, the routes and files the pickers offer,
 * what the preview needs besides the page, and which pages link to a page about to be deleted.
 */
import { courseIndexOf } from '../../src/content/course-facts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findFields } from '../../src/content/field-kinds';
import { PROCESSED_IMAGE, SERVED_AS_IS_IMAGE } from '../../src/content/images';
import { listPageFiles, SITE_FILE, type Content, type PageEntry } from '../../src/content/load';
import { PageSchema } from '../../src/content/page-schema';
import { normaliseRoute, routeOf } from '../../src/content/routes';
import { SiteSchema } from '../../src/content/site-schema';
import type { ContentResponse, LinksResponse, PageListEntry } from '../protocol/api';
import type { ContentError } from '../../src/content/errors';
import { publicFilesOf } from '../../scripts/codegen/json-schema';
import { dataOf, type ContentPaths } from '../../scripts/authoring/page-files';
import { indiaDateOf, type IsoDate } from '../../src/content/calendar';
import { contentDateWarnings } from '../../src/content/date-warnings';

/** `pages/etabs.yaml` for `etabs.yaml`: how errors name a page file. */
export function fileName(paths: ContentPaths, relative: string): string {
  return path.relative(paths.contentRoot, path.join(paths.pagesDir, relative)).split(path.sep).join('/');
}

const pagesByFile = new WeakMap<Content, Map<string, PageEntry>>();

/** The valid pages of the loaded content, by file (`pages/etabs.yaml`). */
function validPage(content: Content, file: string): PageEntry | undefined {
  let pages = pagesByFile.get(content);
  if (!pages) {
    pages = new Map(content.pages.map((entry) => [entry.file, entry]));
    pagesByFile.set(content, pages);
  }
  return pages.get(file);
}

/** A page's title: meta.title as validated, or as written in a file with mistakes, or the file's name. */
function titleOf(paths: ContentPaths, content: Content, relative: string): string {
  const file = fileName(paths, relative);
  const valid = validPage(content, file);
  if (valid) return valid.page.meta.title;
  try {
    const data = dataOf(readFileSync(path.join(paths.pagesDir, relative), 'utf8'));
    const meta = typeof data === 'object' && data !== null && !Array.isArray(data) ? data.meta : undefined;
    const title = typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? meta.title : undefined;
    if (typeof title === 'string' && title.trim()) return title.trim();
  } catch {
    // Unreadable: named by its file.
  }
  return file;
}

const textAt = (value: unknown, ...keys: string[]): string | undefined => {
  let current = value;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current.trim() !== '' ? current.trim() : undefined;
};

/**
 * A page's name as its editors call it: its menu entry's label, else the course's name, else the
 * first part of its search title ("Contact us" of "Contact us | CESA, …"), else its hero's title.
 */
function nameOf(paths: ContentPaths, content: Content, relative: string): string | undefined {
  const valid = validPage(content, fileName(paths, relative));
  let data: unknown = valid?.page;
  if (!valid) {
    try {
      data = dataOf(readFileSync(path.join(paths.pagesDir, relative), 'utf8'));
    } catch {
      return undefined;
    }
  }
  const sections = typeof data === 'object' && data !== null ? (data as { sections?: unknown }).sections : undefined;
  const first = Array.isArray(sections) ? (sections[0] as unknown) : undefined;
  const titleHead = textAt(data, 'meta', 'title')?.split(' | ')[0]?.trim();
  return textAt(data, 'meta', 'course', 'menu', 'label') ?? textAt(data, 'meta', 'course', 'name') ?? (titleHead || undefined) ?? textAt(first, 'title');
}

/** The day the editor judges the content for (what is past, what is due): today in India, by the server's clock. */
export function editorToday(): IsoDate {
  return indiaDateOf(new Date());
}

/** The content's warnings for the editor's day (src/content/date-warnings.ts), each located in its file. */
export function contentWarnings(paths: ContentPaths, content: Content): ContentError[] {
  return contentDateWarnings(content, fileName(paths, SITE_FILE), editorToday(), (file) => readFileSync(path.join(paths.contentRoot, file), 'utf8'));
}

/** Every page file (not the site document, not the templates), with its route, title, name and number of errors and of warnings. */
export function pageList(paths: ContentPaths, content: Content): PageListEntry[] {
  const counts = new Map<string, number>();
  for (const error of content.errors) counts.set(error.file, (counts.get(error.file) ?? 0) + 1);
  const warnings = new Map<string, number>();
  for (const warning of contentWarnings(paths, content)) warnings.set(warning.file, (warnings.get(warning.file) ?? 0) + 1);
  return listPageFiles(paths.pagesDir).map((relative) => {
    const file = fileName(paths, relative);
    const title = titleOf(paths, content, relative);
    const route = routeOf(relative);
    const name = route === '/' ? 'Home page' : (nameOf(paths, content, relative) ?? title);
    return { file, route, title, name, errors: counts.get(file) ?? 0, warnings: warnings.get(file) ?? 0 };
  });
}

const byRoute = (a: { route: string }, b: { route: string }) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0);

export function contentResponse(paths: ContentPaths, content: Content, today: IsoDate = indiaDateOf(new Date())): ContentResponse {
  const routes = new Map<string, string>();
  for (const relative of listPageFiles(paths.pagesDir)) {
    const route = routeOf(relative);
    if (!routes.has(route)) routes.set(route, titleOf(paths, content, relative));
  }
  for (const [alias, target] of content.redirects) if (!routes.has(alias)) routes.set(alias, routes.get(target) ?? target);
  const publicFiles = publicFilesOf(paths.contentRoot);
  const isImage = (file: string) => PROCESSED_IMAGE.test(file) || SERVED_AS_IS_IMAGE.test(file);
  const siteFile = fileName(paths, SITE_FILE);
  // As the dev server's pages: no site while the site document has mistakes (every page shows them instead).
  const siteBroken = content.errors.some((error) => error.file === siteFile || error.code === 'missing-site');
  return {
    routes: [...routes].map(([route, title]) => ({ route, title })).sort(byRoute),
    images: publicFiles.filter(isImage),
    files: publicFiles.filter((file) => !isImage(file)),
    site: siteBroken ? null : (content.site ?? null),
    menu: siteBroken ? [] : content.menu,
    imageSizes: Object.fromEntries(content.images),
    courses: courseIndexOf(content.facts),
    branches: siteBroken ? [] : (content.site?.branches.map((branch) => branch.city) ?? []),
    // The preview shows the page as it is today in India (what is past, what is upcoming), as the site does.
    today,
  };
}

/** Whether a link (`/etabs`, `/etabs/#fees`, `/etabs?x`) leads to one of `targets`. */
function leadsTo(href: string, targets: ReadonlySet<string>): boolean {
  return href.startsWith('/') && targets.has(normaliseRoute(href));
}

/** Text anywhere in raw data that is a link to one of `targets`: for files the validator refused. */
function mentions(value: unknown, targets: ReadonlySet<string>): boolean {
  if (typeof value === 'string') return leadsTo(value, targets);
  if (Array.isArray(value)) return value.some((item) => mentions(item, targets));
  if (typeof value === 'object' && value !== null) return Object.values(value).some((item) => mentions(item, targets));
  return false;
}

/**
 * The files whose links lead to `route` or to one of its aliases (they would lead nowhere once the
 * page is deleted): the site document's menu and footer, and the other pages.
 */
export function linksTo(paths: ContentPaths, content: Content, route: string): LinksResponse {
  const targets = new Set([route, ...[...content.redirects].filter(([, target]) => target === route).map(([alias]) => alias)]);
  const files = new Set<string>();
  if (content.site && findFields(SiteSchema, content.site, ['link']).some((field) => leadsTo(field.value, targets))) files.add(fileName(paths, SITE_FILE));
  for (const relative of listPageFiles(paths.pagesDir)) {
    if (routeOf(relative) === route) continue;
    const file = fileName(paths, relative);
    const valid = validPage(content, file);
    if (valid) {
      if (findFields(PageSchema, valid.page, ['link']).some((field) => leadsTo(field.value, targets))) files.add(file);
      continue;
    }
    try {
      if (mentions(dataOf(readFileSync(path.join(paths.pagesDir, relative), 'utf8')), targets)) files.add(file);
    } catch {
      // Unreadable: it links nowhere the editor can see.
    }
  }
  return { files: [...files].sort() };
}
