/**
 * The production build as a function: validate content → Vite client + server bundles →
 * prerender every route → swap into place. Used by `npm run build`, `npm start`, the bench and tests.
 */
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { defaultCacheDir } from '../../src/content/cache';
import type { ContentError } from '../../src/content/errors';
import type { Content } from '../../src/content/load';
import { htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { buildBrochure } from '../brochure';
import { writeJsonSchemas } from './json-schema';
import { loadContentCached, prerenderFast } from './parallel';
import { importServer, prerenderPages, readTemplate, writeFile, type ServerEntry, type Template } from './prerender';

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
  const content = loadContentCached({ root: contentRoot, cacheDir: defaultCacheDir(root) });
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

    await prerenderFast(serverDir, template, site, content, staging);
    prerenderPages(server, template, site, { pages: [], redirects: content.redirects }, staging, { notFound: true });
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
export async function bundle(root: string, clientDir: string, serverDir: string, verbose = false): Promise<{ server: ServerEntry; template: Template }> {
  const logLevel = verbose ? 'info' : 'warn';
  // A production bundle whatever the caller's environment (vitest sets NODE_ENV=test).
  process.env.NODE_ENV = 'production';
  await viteBuild({ root, logLevel, mode: 'production', build: { outDir: clientDir, emptyOutDir: true, manifest: true } });
  await viteBuild({
    root,
    logLevel,
    mode: 'production',
    build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } },
  });
  return { server: await importServer(serverDir), template: readTemplate(clientDir) };
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
