/**
 * Two built sites compared file by file, as a visitor would tell them apart: the routes whose HTML
 * differs (a page's `<route>/index.html`), and how many other files differ (added, removed or
 * changed: the sitemap, a feed, a photo). The update for a new date (rollover.ts) deploys only when
 * something differs, and says how many pages changed with the date.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir`, by its path inside it (with `/`). */
function filesOf(dir: string): Set<string> {
  const out = new Set<string>();
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const inside = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${inside}/`);
      else out.add(inside);
    }
  };
  walk(dir, '');
  return out;
}

/** The route a page's HTML file serves: `index.html` → `/`, `etabs/index.html` → `/etabs`; null for other files. */
function routeOfFile(file: string): string | null {
  if (file === 'index.html') return '/';
  return file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : null;
}

function same(a: string, b: string): boolean {
  if (statSync(a).size !== statSync(b).size) return false;
  return readFileSync(a).equals(readFileSync(b));
}

/** The routes whose page differs between the builds `before` and `after` (sorted), and the count of other files that differ. */
export function changedRoutes(before: string, after: string): { routes: string[]; others: number } {
  const old = filesOf(before);
  const now = filesOf(after);
  const routes: string[] = [];
  let others = 0;
  for (const file of new Set([...old, ...now])) {
    const differs = !old.has(file) || !now.has(file) || !same(path.join(before, file), path.join(after, file));
    if (!differs) continue;
    const route = routeOfFile(file);
    if (route === null) others++;
    else routes.push(route);
  }
  return { routes: routes.sort(), others };
}
