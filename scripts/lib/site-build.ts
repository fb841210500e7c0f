/**
 * The production build as a function: validate content → Vite client + server bundles →
 * prerender every route → swap into place. Used by `npm run build`, `npm start`, the bench and tests.
 * One build at a time per output folder; what an interrupted build left is repaired or removed
 * first (scripts/lib/output-folder.ts).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build as viteBuild } from 'vite';
import { defaultCacheDir } from '../../src/content/cache';
import type { ContentError } from '../../src/content/errors';
import type { Content } from '../../src/content/load';
import { htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { buildBrochure } from '../brochure';
import { writeJsonSchemas } from './json-schema';
import { lockOutput, recoverOutput, removeDeadServerDirs, serverDirOf, stagingOf, swapIntoPlace } from './output-folder';
import { loadContentCached, prerenderFast } from './parallel';
import { importServer, prerenderPages, readTemplate, writeOutput, type ServerEntry, type Template } from './prerender';

export { BuildStoppedError, OutputLockTimeoutError, OutputPathError, recoverOutput } from './output-folder';

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
  /** How long to wait for another build of the same output folder; default ten minutes. */
  lockTimeoutMs?: number;
  /** Told, in one line, that the build waits for another; default: printed on stderr. */
  onWait?: (line: string) => void;
}

/**
 * Builds the site into `outDir`. Content errors come back as { ok: false }; expected reasons to stop
 * that are not content errors (another build held the folder too long, a path outside it) are
 * thrown as BuildStoppedError subclasses, whose message is for the user.
 */
export async function buildSite({ root, contentRoot = root, outDir = path.join(root, 'dist'), verbose = false, lockTimeoutMs, onWait }: BuildOptions): Promise<BuildResult> {
  outDir = path.resolve(outDir);
  const lock = await lockOutput(outDir, { timeoutMs: lockTimeoutMs, onWait });
  const started = performance.now(); // not counting the wait for another build
  // Everything is written next to dist/ and swapped in at the end, so a failed build never leaves
  // a half-written dist/: the last good one stays until a complete new one replaces it.
  const staging = stagingOf(lock);
  const serverDir = serverDirOf(root, lock);
  try {
    recoverOutput(outDir, lock);
    removeDeadServerDirs(root, lock);

    const content = loadContentCached({ root: contentRoot, cacheDir: defaultCacheDir(root) });
    if (content.errors.length > 0 || !content.site) return { ok: false, errors: content.errors };
    const site = content.site;
    writeJsonSchemas(root);

    const { server, template } = await bundle(root, staging, serverDir, verbose);
    await prerenderFast(serverDir, template, site, content, staging);
    prerenderPages(server, template, site, { pages: [], redirects: content.redirects, images: content.images }, staging, { notFound: true });
    writeExtras(site, content, staging);
    const brochure = await buildBrochure(site, content.pages);
    // A URL path of the site (`/downloads/x.pdf`): relative to the output folder.
    writeOutput(staging, site.brochure.file.replace(/^\/+/, ''), brochure);

    swapIntoPlace(staging, lock);
    return { ok: true, pages: content.pages.length, outDir, seconds: (performance.now() - started) / 1000 };
  } finally {
    try {
      // Never promoted, so no need to rename them first: if a kill interrupts this, the next build removes the rest.
      rmSync(staging, { recursive: true, force: true });
      rmSync(serverDir, { recursive: true, force: true });
    } finally {
      lock.release();
    }
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
    writeOutput(
      outDir,
      htmlFileOf(alias),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moved to ${target}</title>` +
        `<link rel="canonical" href="${url}"><meta name="robots" content="noindex">` +
        `<meta http-equiv="refresh" content="0; url=${target}"></head>` +
        `<body><p>This page is at <a href="${target}">${target}</a>.</p></body></html>\n`,
    );
  }
  writeOutput(
    outDir,
    '_redirects.json',
    JSON.stringify([...content.redirects].map(([from, to]) => ({ from, to })), null, 2),
  );
  const urls = content.pages.map((entry) => `  <url><loc>${new URL(entry.route, site.url).href}</loc></url>`);
  writeOutput(
    outDir,
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  writeOutput(outDir, 'robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', site.url).href}\n`);
}
