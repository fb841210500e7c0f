/** File paths ↔ routes. `pages/index.yaml` is `/`; `pages/a/b.yaml` and `pages/a/b/index.yaml` are `/a/b`. */

/** Files and folders whose name starts with `_` are not pages (the site document, templates). */
export function isPageFile(relativePath: string): boolean {
  return /\.ya?ml$/.test(relativePath) && !relativePath.split('/').some((part) => part.startsWith('_'));
}

/**
 * The icons the build makes from the site icon (scripts/builder/social.ts), at the top of the output folder:
 * phones look for /apple-touch-icon.png there even when a page names none.
 */
export const ICON_FILES = {
  appleTouchIcon: 'apple-touch-icon.png',
  icon32: 'icon-32.png',
  icon192: 'icon-192.png',
  icon512: 'icon-512.png',
  manifest: 'manifest.webmanifest',
} as const;

/** Where the build writes the cards that shared links show, named by their content's hash. */
export const SOCIAL_DIR = '_social';

/** Files the build writes at the top of the output folder, beside the pages. */
export const BUILD_FILES = ['index.html', '404.html', 'robots.txt', 'sitemap.xml', '_redirects.json', 'speculation-rules.json', ...Object.values(ICON_FILES)] as const;
/** Folders the build fills: Vite's scripts and styles. */
export const BUILD_DIRS = ['assets'] as const;

/** A route segment as links may write it: the pattern of RouteSchema (src/content/fields.ts). */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Why a page file's name cannot be a route that links may use, or undefined. */
export function fileNameProblem(relativePath: string): string | undefined {
  const parts = relativePath.replace(/\.ya?ml$/, '').split('/');
  const bad = parts.find((part) => !SEGMENT.test(part));
  if (bad === undefined) return undefined;
  if (/\s/.test(bad)) return 'links cannot use: it contains a space';
  return `links cannot use: "${bad}" must start with a letter or digit and hold only letters, digits, dots, dashes and underscores`;
}

/** `etabs.yaml` → `/etabs`, `index.yaml` → `/`, `gate/index.yaml` → `/gate`. Case is kept. */
export function routeOf(relativePath: string): string {
  const parts = relativePath.replace(/\.ya?ml$/, '').split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

/** Where a route's prerendered HTML goes inside dist/: `/` → `index.html`, `/etabs` → `etabs/index.html`. */
export function htmlFileOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

/** The route a URL path names: strips the query, hash and a trailing slash. */
export function normaliseRoute(pathname: string): string {
  const path = pathname.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : '/';
}

/**
 * The site document (brand, contact, branches, menu, footer, external form): opened, checked and
 * saved as a page file is (page, validate, save), never deleted or copied. Its preview is the home page.
 */
export const SITE_DOCUMENT_FILE = 'pages/_site.yaml';
