/** File paths ↔ routes. `pages/index.yaml` is `/`; `pages/a/b.yaml` and `pages/a/b/index.yaml` are `/a/b`. */

/** Files and folders whose name starts with `_` are not pages (the site document, templates). */
export function isPageFile(relativePath: string): boolean {
  return /\.ya?ml$/.test(relativePath) && !relativePath.split('/').some((part) => part.startsWith('_'));
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

/** Where a route's page data goes: `/` → `_data/index.json`, `/a/b` → `_data/a/b.json`. */
export function dataFileOf(route: string): string {
  return route === '/' ? '_data/index.json' : `_data${route}.json`;
}

/** The route a URL path names: strips the query, hash and a trailing slash. */
export function normaliseRoute(pathname: string): string {
  const path = pathname.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : '/';
}
