/**
 * Loads the whole content tree: reads every YAML file under pages/, validates it, then checks what
 * no single file can know: links point to routes that exist, files exist in public/, no two files
 * claim a route. Collects every error of every file. Node only (file system); no React.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import { nearest, type ContentError, type PathSegment } from './errors';
import type { Image } from './fields';
import { PageSchema, type Page } from './page-schema';
import { isPageFile, normaliseRoute, routeOf } from './routes';
import { SiteSchema, type Site } from './site-schema';
import { validateYaml, type Locator } from './validate';

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
}

/** Every page file, relative to the pages folder, sorted. */
export function listPageFiles(pagesDir: string): string[] {
  return readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter(isPageFile)
    .sort();
}

export function loadContent({ root, pagesDir = path.join(root, 'pages') }: LoadOptions): Content {
  const errors: ContentError[] = [];
  const display = (file: string) => path.relative(root, path.join(pagesDir, file)).split(path.sep).join('/');

  const siteFile = display(SITE_FILE);
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
  for (const relative of listPageFiles(pagesDir)) {
    const file = display(relative);
    const route = routeOf(relative);
    const result = validateYaml(PageSchema, file, readFileSync(path.join(pagesDir, relative), 'utf8'));
    if (!result.ok) {
      errors.push(...result.errors);
      claimed.set(route, file);
      continue;
    }
    const other = claimed.get(route);
    if (other) {
      errors.push(result.locate('duplicate-route', [], `${file} and ${other} are both the page ${route}`, 'Delete or rename one of them.'));
      continue;
    }
    claimed.set(route, file);
    pages.push({ route, file, page: result.value, locate: result.locate });
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
