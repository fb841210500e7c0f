/**
 * Loads the whole content tree: reads every YAML file under pages/, validates it, then checks what
 * no single file can know: links point to routes that exist, files exist in public/, no two files
 * claim a route. Collects every error of every file. Node only (file system); no React.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { nearest, type ContentError, type PathSegment } from './errors';
import type { Image } from './fields';
import { PageSchema, type Page } from './page-schema';
import { isPageFile, normaliseRoute, routeOf } from './routes';
import { SiteSchema, type Site } from './site-schema';
import type { ContentCache } from './cache';
import { lazyLocator, validateYaml, type Locator } from './validate';

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
  errors: ContentError[];
}

export interface LoadOptions {
  /** Project root: holds pages/ and public/. */
  root: string;
  /** Folder of the YAML files; default `<root>/pages`. */
  pagesDir?: string;
  /** Validated pages of unchanged files, from an earlier run. */
  cache?: ContentCache;
}

/** Every page file, relative to the pages folder, sorted. */
export function listPageFiles(pagesDir: string): string[] {
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter(isPageFile)
    .sort();
}

/** One page file after validation: plain data, so a worker thread can send it back. */
export type ValidatedPage = { relative: string; file: string; route: string } & (
  | { ok: true; page: Page }
  | { ok: false; errors: ContentError[] }
);

/** Reads and validates page files (no cross-file checks). The unit of work of the parallel build. */
export function validatePages(root: string, pagesDir: string, relatives: readonly string[], cache?: ContentCache): ValidatedPage[] {
  return relatives.map((relative) => {
    const file = displayPath(root, pagesDir, relative);
    const route = routeOf(relative);
    const source = readFileSync(path.join(pagesDir, relative), 'utf8');
    const cached = cache?.get(source);
    if (cached) return { relative, file, route, ok: true, page: cached };
    const result = validateYaml(PageSchema, file, source);
    if (!result.ok) return { relative, file, route, ok: false, errors: result.errors };
    cache?.set(source, result.value);
    return { relative, file, route, ok: true, page: result.value };
  });
}

function displayPath(root: string, pagesDir: string, relative: string): string {
  return path.relative(root, path.join(pagesDir, relative)).split(path.sep).join('/');
}

export function loadContent({ root, pagesDir = path.join(root, 'pages'), cache }: LoadOptions): Content {
  return assembleContent({ root, pagesDir }, validatePages(root, pagesDir, listPageFiles(pagesDir), cache));
}

/**
 * Everything no single file can know: the site document, routes claimed twice, aliases, links to
 * routes that do not exist, files missing from public/, contact branches. Fills in image sizes.
 */
export function assembleContent({ root, pagesDir = path.join(root, 'pages') }: LoadOptions, validated: readonly ValidatedPage[]): Content {
  const errors: ContentError[] = [];
  const siteFile = displayPath(root, pagesDir, SITE_FILE);
  let site: Site | undefined;
  let siteLocate: Locator | undefined;
  if (!existsSync(path.join(pagesDir, SITE_FILE))) {
    errors.push({
      code: 'missing-site',
      message: `the site document ${siteFile} does not exist`,
      hint: 'Create it: it holds the brand, menu, footer, branches and the external form.',
      file: siteFile,
      line: 1,
      column: 1,
      path: '(document)',
    });
  } else {
    const result = validateYaml(SiteSchema, siteFile, readFileSync(path.join(pagesDir, SITE_FILE), 'utf8'));
    if (result.ok) {
      site = result.value;
      siteLocate = result.locate;
    } else errors.push(...result.errors);
  }

  const pages: (PageEntry & { locate: Locator })[] = [];
  const claimed = new Map<string, string>();
  for (const entry of validated) {
    const { file, route } = entry;
    if (!entry.ok) {
      errors.push(...entry.errors);
      claimed.set(route, file);
      continue;
    }
    // Errors in valid files are rare: the file is read and parsed with positions only when one is found.
    const locate = lazyLocator(file, () => readFileSync(path.join(pagesDir, entry.relative), 'utf8'));
    const other = claimed.get(route);
    if (other) {
      errors.push(locate('duplicate-route', [], `${file} and ${other} are both the page ${route}`, 'Delete or rename one of them.'));
      continue;
    }
    claimed.set(route, file);
    pages.push({ route, file, page: entry.page, locate });
  }

  const redirects = new Map<string, string>();
  for (const entry of pages) {
    entry.page.meta.aliases.forEach((alias, index) => {
      const owner = claimed.get(alias) ?? redirects.get(alias);
      if (owner) {
        errors.push(entry.locate('duplicate-route', ['meta', 'aliases', index], `the alias ${alias} is already ${owner.startsWith('/') ? `an alias of ${owner}` : `the page of ${owner}`}`, 'Remove the alias or rename the other page.'));
      } else redirects.set(alias, entry.route);
    });
  }

  const routes = new Set([...claimed.keys(), ...redirects.keys()]);
  const files = new FileChecker(path.join(root, 'public'));
  for (const entry of pages) errors.push(...checkReferences(entry.page, entry.locate, routes, files));
  if (site && siteLocate) errors.push(...checkReferences(site, siteLocate, routes, files, ['brochure']));
  if (site) for (const entry of pages) errors.push(...checkBranches(entry.page, entry.locate, site));

  errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { site, pages: pages.map(({ locate: _, ...entry }) => entry), redirects, errors };
}

/** Reads image sizes once per file; answers whether a public file exists. */
class FileChecker {
  private sizes = new Map<string, { width: number; height: number } | null>();
  constructor(private publicDir: string) {}

  exists(src: string): boolean {
    return existsSync(path.join(this.publicDir, decodeURI(src)));
  }

  bytes(src: string): number {
    return statSync(path.join(this.publicDir, decodeURI(src))).size;
  }

  size(src: string): { width: number; height: number } | null {
    let size = this.sizes.get(src);
    if (size === undefined) {
      try {
        const { width, height } = imageSize(readFileSync(path.join(this.publicDir, decodeURI(src))));
        size = width && height ? { width, height } : null;
      } catch {
        size = null;
      }
      this.sizes.set(src, size);
    }
    return size;
  }
}

const IMAGE = /\.(svg|webp|avif|png|jpe?g|gif)$/i;

/**
 * The heaviest image a page may show. A photo saved as WebP or AVIF, 1600 px wide, weighs 100–250 KB;
 * one straight from a camera or a PNG screenshot weighs megabytes, seconds on a phone network.
 */
export const MAX_IMAGE_BYTES = 400 * 1024;

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;

/**
 * Walks a validated document: every `href` to a page must name a route, every `src` under / must be
 * a file in public/. Images get their width and height from the file.
 */
function checkReferences(
  value: unknown,
  locate: Locator,
  routes: ReadonlySet<string>,
  files: FileChecker,
  skip: readonly string[] = [],
  at: PathSegment[] = [],
): ContentError[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => checkReferences(item, locate, routes, files, skip, [...at, index]));
  if (typeof value !== 'object' || value === null) return [];
  const errors: ContentError[] = [];
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(record)) {
    if (at.length === 0 && skip.includes(key)) continue;
    const here = [...at, key];
    if (key === 'href' && typeof field === 'string' && field.startsWith('/')) {
      const route = normaliseRoute(field);
      if (!routes.has(route)) {
        errors.push(locate('broken-link', here, `the link goes to ${route}, which is not a page of this site`, hintForRoute(route, routes)));
      }
    } else if (key === 'src' && typeof field === 'string' && field.startsWith('/')) {
      if (!files.exists(field)) {
        errors.push(locate('missing-file', here, `${field} is not in public/`, `Put the file at public${field}, or correct the path.`));
      } else if (IMAGE.test(field)) {
        const bytes = files.bytes(field);
        if (bytes > MAX_IMAGE_BYTES) {
          errors.push(
            locate(
              'image-too-heavy',
              here,
              `${field} weighs ${kilobytes(bytes)}: images may weigh at most ${kilobytes(MAX_IMAGE_BYTES)}, or the page is slow to load on phones`,
              'Save it as WebP or AVIF (any image editor, or squoosh.app), at most 1600 px wide; a photo then weighs 100–250 KB.',
            ),
          );
        }
        const size = files.size(field);
        if (size) Object.assign(record as unknown as Image, size);
      }
    } else {
      errors.push(...checkReferences(field, locate, routes, files, skip, here));
    }
  }
  return errors;
}

/** A contact section may pick branches by city: each must be a branch of the site document. */
function checkBranches(page: Page, locate: Locator, site: Site): ContentError[] {
  const cities = site.branches.map((branch) => branch.city);
  return page.sections.flatMap((section, index) =>
    section.type === 'contact' && section.branches
      ? section.branches.flatMap((city, position) => {
          if (cities.includes(city)) return [];
          const suggestion = nearest(city, cities);
          return [
            locate('invalid-value', ['sections', index, 'branches', position], `"${city}" is not a branch in _site.yaml`, `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Branches: ${cities.join(', ')}.`),
          ];
        })
      : [],
  );
}

function hintForRoute(route: string, routes: ReadonlySet<string>): string {
  const suggestion = nearest(route, [...routes]);
  return suggestion
    ? `Did you mean ${suggestion}? Routes come from the files in pages/.`
    : 'Routes come from the files in pages/: create the page, or link to an existing one.';
}
