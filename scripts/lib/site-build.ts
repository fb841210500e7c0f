/**
 * The production build as a function: validate content → Vite client + server bundles →
 * prerender every route → swap into place. Used by `npm run build`, `npm start`, the bench and tests.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';
import type { InitialData } from '../../src/app/data';
import type { Head } from '../../src/app/head';
import type { ContentError } from '../../src/content/errors';
import { loadContent, type Content, type PageEntry } from '../../src/content/load';
import { dataFileOf, htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { buildBrochure } from '../brochure';
import { writeJsonSchemas } from './json-schema';

/** What the server bundle (src/entry-server.tsx) exports. */
export interface ServerEntry {
  render(data: InitialData): string;
  headOf(site: Site, route: string, page: InitialData['page']): Head;
  headHtml(head: Head, siteName: string): string;
  serialiseData(data: InitialData): string;
}

export type BuildResult =
  | { ok: true; pages: number; outDir: string; seconds: number }
  | { ok: false; errors: ContentError[] };

export interface BuildOptions {
  /** The project: index.html, src/, public/. */
  root: string;
  /** Where pages/ and its public/ are; default the project itself (tests and the bench use others). */
  contentRoot?: string;
  outDir?: string;
  /** Print Vite's output. */
  verbose?: boolean;
}

export async function buildSite({ root, contentRoot = root, outDir = path.join(root, 'dist'), verbose = false }: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const content = loadContent({ root: contentRoot });
  if (content.errors.length > 0 || !content.site) return { ok: false, errors: content.errors };
  const site = content.site;
  writeJsonSchemas(root);

  // Everything is written next to dist/ and swapped in at the end, so a failed build never leaves
  // a half-written dist/: the last good one stays until a complete new one replaces it.
  const staging = `${outDir}.staging-${process.pid}`;
  // Inside the project, so the bundle's imports of react & co. resolve to node_modules.
  const serverDir = path.join(root, 'node_modules/.cache', `cesa-ssr-${process.pid}`);
  try {
    const { server, template } = await bundle(root, staging, serverDir, verbose);

    prerenderPages(server, template, site, content, staging);
    writeExtras(site, content, staging);
    const brochure = await buildBrochure(site, content.pages);
    writeFile(path.join(staging, site.brochure.file), brochure);

    swapIntoPlace(staging, outDir);
    return { ok: true, pages: content.pages.length, outDir, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  }
}

/** Vite's client bundle (with public/ and the HTML template) into clientDir, the prerenderer into serverDir. */
export async function bundle(root: string, clientDir: string, serverDir: string, verbose = false): Promise<{ server: ServerEntry; template: string }> {
  const logLevel = verbose ? 'info' : 'warn';
  // A production bundle whatever the caller's environment (vitest sets NODE_ENV=test).
  process.env.NODE_ENV = 'production';
  await viteBuild({ root, logLevel, mode: 'production', build: { outDir: clientDir, emptyOutDir: true } });
  await viteBuild({
    root,
    logLevel,
    mode: 'production',
    build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } },
  });
  return { server: await importServer(serverDir), template: readFileSync(path.join(clientDir, 'index.html'), 'utf8') };
}

/** Loads the prerenderer with React's production build (the development build renders 3–5× slower). */
export async function importServer(serverDir: string): Promise<ServerEntry> {
  process.env.NODE_ENV = 'production';
  return (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
}


export function prerenderPages(server: ServerEntry, template: string, site: Site, content: Pick<Content, 'pages' | 'redirects'>, outDir: string): void {
  const redirects = Object.fromEntries(content.redirects);
  const emit = (route: string, entry: PageEntry | null, file: string) => {
    const data: InitialData = { route, site, page: entry?.page ?? null, redirects };
    writeFile(path.join(outDir, file), renderHtml(server, template, data));
  };
  for (const entry of content.pages) {
    emit(entry.route, entry, htmlFileOf(entry.route));
    writeFile(path.join(outDir, dataFileOf(entry.route)), JSON.stringify(entry.page));
  }
  emit('/404', null, '404.html');
}

export function renderHtml(server: ServerEntry, template: string, data: InitialData): string {
  const head = server.headHtml(server.headOf(data.site, data.route, data.page), data.site.name);
  return template
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', server.render(data))
    .replace('<!--app-data-->', server.serialiseData(data));
}

/** Redirect pages for aliases (for plain static hosts), their list for servers, sitemap and robots. */
function writeExtras(site: Site, content: Content, outDir: string): void {
  for (const [alias, target] of content.redirects) {
    const url = new URL(target, site.url).href;
    writeFile(
      path.join(outDir, htmlFileOf(alias)),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moved to ${target}</title>` +
        `<link rel="canonical" href="${url}"><meta name="robots" content="noindex">` +
        `<meta http-equiv="refresh" content="0; url=${target}"></head>` +
        `<body><p>This page is at <a href="${target}">${target}</a>.</p></body></html>\n`,
    );
  }
  writeFile(
    path.join(outDir, '_redirects.json'),
    JSON.stringify([...content.redirects].map(([from, to]) => ({ from, to })), null, 2),
  );
  const urls = content.pages.map((entry) => `  <url><loc>${new URL(entry.route, site.url).href}</loc></url>`);
  writeFile(
    path.join(outDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  writeFile(path.join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', site.url).href}\n`);
}

function swapIntoPlace(staging: string, outDir: string): void {
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  rmSync(old, { recursive: true, force: true });
}

function writeFile(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}
