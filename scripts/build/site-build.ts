/**
 * The production build as a function: validate content → Vite client + server bundles →
 * prerender every route → swap into place. Used by `npm run build`, `npm start`, the bench and tests.
 * One build at a time per output folder; what an interrupted build left is repaired or removed
 * first (scripts/build/output-folder.ts).
 */
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultCacheDir } from '../../src/content/cache';
import type { ContentError } from '../../src/content/errors';
import { summariseCourse } from '../../src/content/course-summary';
import type { Content } from '../../src/content/load';
import { htmlFileOf, ICON_FILES } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { lockOutput, outputPathOf, recoverOutput, removeDeadServerDirs, serverDirOf, stagingOf, swapIntoPlace } from './output-folder';
import { loadContentCached, prerenderFast } from './parallel';
import { cachedBundles, codeFingerprint, dropManifest, OutputWriter, readManifest, sha1, writeManifest } from './build-cache';
import { imageCacheDir, processImages } from '../images/images';
import { lastModified } from './last-modified';
import { makeSharedMedia, socialCacheDir } from './social';
import { speculationRulesFile } from './speculation';
import { readTemplate } from './prerender';

export { BuildStoppedError, OutputLockTimeoutError, OutputPathError, recoverOutput } from './output-folder';

export type BuildResult =
  | { ok: true; pages: number; outDir: string; seconds: number; files: { made: number; reused: number }; bundlesReused: boolean }
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
  /** Make everything again: no bundle or file of an earlier build is reused (npm run build -- --cold). */
  cold?: boolean;
}

/**
 * Builds the site into `outDir`. Content errors come back as { ok: false }; expected reasons to stop
 * that are not content errors (another build held the folder too long, a path outside it) are
 * thrown as BuildStoppedError subclasses, whose message is for the user.
 */
export async function buildSite({ root, contentRoot = root, outDir = path.join(root, 'dist'), verbose = false, lockTimeoutMs, onWait, cold = false }: BuildOptions): Promise<BuildResult> {
  outDir = path.resolve(outDir);
  const lock = await lockOutput(outDir, { timeoutMs: lockTimeoutMs, onWait });
  const started = performance.now(); // not counting the wait for another build
  // Everything is written next to dist/ and swapped in at the end, so a failed build never leaves
  // a half-written dist/: the last good one stays until a complete new one replaces it.
  const staging = stagingOf(lock);
  // The bundles are made here, then moved into the bundle cache; a killed build's is removed by the next.
  const bundleDir = serverDirOf(root, lock);
  try {
    recoverOutput(outDir, lock);
    removeDeadServerDirs(root, lock);

    const content = loadContentCached({ root: contentRoot, cacheDir: defaultCacheDir(root) });
    if (content.errors.length > 0 || !content.site) return { ok: false, errors: content.errors };
    const site = content.site;
    // Photos: AVIF and WebP at the widths their slots need, made once and kept by content hash
    // (scripts/images/images.ts). A photo only the decoder finds damaged stops the build here, located.
    const photos = await processImages({ contentRoot, content, cacheDir: imageCacheDir(root) });
    if (!photos.ok) return { ok: false, errors: photos.errors };
    const shown: Content = { ...content, images: photos.images };
    // What shared links and home screens show: a card per page, the icons (scripts/build/social.ts).
    const shared = await makeSharedMedia({ root, contentRoot, content: { ...shown, site }, cacheDir: socialCacheDir(root) });
    if (!shared.ok) return { ok: false, errors: shared.errors };

    // Only the work the inputs require: the bundles of unchanged code, and every file whose inputs are
    // unchanged, come from the last build (scripts/build/build-cache.ts).
    mkdirSync(staging, { recursive: true });
    const fingerprint = codeFingerprint(root);
    const out = new OutputWriter(staging, fingerprint, outDir, cold ? {} : readManifest(root, outDir));
    const bundles = await cachedBundles(root, fingerprint, { temporary: bundleDir, cold }, (client, server) => bundle(root, client, server, verbose));
    const template = readTemplate(bundles.client);
    linkClientFiles(bundles.client, out);
    // The content's public/ (what its pages were checked against), but for the photos: those are served processed.
    copyPublicFiles(path.join(contentRoot, 'public'), out, photos.originals);
    writeCachedFiles(new Map([...photos.files].map(([relative, cached]) => [relative, { cached, key: relative }])), out);
    writeCachedFiles(shared.files, out);
    await prerenderFast(bundles.server, template, site, shown, out, { notFound: true, shared: shared.pages });
    writeExtras(site, shown, out, { manifest: shared.manifest, lastModified: lastModified(contentRoot, shown.pages.map((entry) => entry.file)) });
    await writeBrochure(site, shown, out);

    dropManifest(root, outDir);
    swapIntoPlace(staging, lock);
    writeManifest(root, outDir, out.written);
    return { ok: true, pages: content.pages.length, outDir, seconds: (performance.now() - started) / 1000, files: { made: out.made, reused: out.reused }, bundlesReused: bundles.reused };
  } finally {
    try {
      // Never promoted, so no need to rename them first: if a kill interrupts this, the next build removes the rest.
      rmSync(staging, { recursive: true, force: true });
      rmSync(bundleDir, { recursive: true, force: true });
    } finally {
      lock.release();
    }
  }
}

/** Vite's client bundle (with the HTML template and its manifest) into clientDir, the prerenderer into serverDir. */
export async function bundle(root: string, clientDir: string, serverDir: string, verbose = false): Promise<void> {
  // Loaded only when the code changed: Vite's import alone costs half a second.
  const { build: viteBuild } = await import('vite');
  const logLevel = verbose ? 'info' : 'warn';
  // A production bundle whatever the caller's environment (vitest sets NODE_ENV=test).
  process.env.NODE_ENV = 'production';
  // public/ is copied by the build itself: the bundles depend on the code only, so they can be reused.
  await viteBuild({ root, logLevel, mode: 'production', build: { outDir: clientDir, emptyOutDir: true, manifest: true, copyPublicDir: false } });
  await viteBuild({
    root,
    logLevel,
    mode: 'production',
    build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } },
  });
}

/** The client bundle's files (not its manifest), linked from the bundle cache: it is never changed in place. */
function linkClientFiles(clientDir: string, out: OutputWriter): void {
  for (const relative of filesUnder(clientDir)) {
    if (relative.startsWith('.vite/') || relative === 'index.html') continue;
    linkInto(path.join(clientDir, relative), out, relative);
  }
}

/**
 * public/ as it is: copied, not linked (an editor may change a file in place, and the output must not
 * change with it), and only when the file changed since the last build (else its last copy is linked).
 */
function copyPublicFiles(publicDir: string, out: OutputWriter, except: ReadonlySet<string>): void {
  for (const relative of filesUnder(publicDir)) {
    if (except.has(`/${relative}`)) continue;
    const source = path.join(publicDir, relative);
    const { size, mtimeMs, ino } = statSync(source);
    const key = `public ${size} ${mtimeMs} ${ino}`;
    if (out.reuse(relative, key)) continue;
    copyFileSync(source, outputPathOf(out.staging, relative), constants.COPYFILE_FICLONE);
    out.record(relative, key);
  }
}

/**
 * Files made from the content and kept in a cache, whose files are never changed in place: the
 * processed photos (`_img/<id>-<width>.<format>`), the cards of shared links (`_social/<id>.png`), the
 * icons. Linked from the cache (copied where it is on another file system), under the key of their
 * content (a content-hashed name is its own key).
 */
function writeCachedFiles(files: ReadonlyMap<string, { cached: string; key: string }>, out: OutputWriter): void {
  for (const [relative, { cached, key }] of files) {
    if (out.reuse(relative, key)) continue;
    const target = outputPathOf(out.staging, relative);
    try {
      linkSync(cached, target);
    } catch {
      copyFileSync(cached, target, constants.COPYFILE_FICLONE);
    }
    out.record(relative, key);
  }
}

function linkInto(file: string, out: OutputWriter, relative: string): void {
  linkSync(file, outputPathOf(out.staging, relative));
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * The brochure, made again only when what it shows changed: the site document, a course's summary (its
 * name, chapter, duration, highlights), the code. It carries no date unless SOURCE_DATE_EPOCH is set
 * (reproducible builds), so the same content gives the same bytes from a cold build or an incremental one.
 */
async function writeBrochure(site: Site, content: Content, out: OutputWriter): Promise<void> {
  const summaries = content.pages.flatMap((entry) => summariseCourse(entry.route, entry.page) ?? []);
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const date = process.env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : undefined;
  const key = sha1(out.base, JSON.stringify(site), JSON.stringify(summaries), date?.toISOString() ?? 'no date');
  // A URL path of the site (`/downloads/x.pdf`): relative to the output folder.
  const relative = site.brochure.file.replace(/^\/+/, '');
  if (out.reuse(relative, key)) return;
  // Loaded only when the brochure changed: pdf-lib's import alone costs 0.2 s.
  const { buildBrochure } = await import('./brochure');
  out.write(relative, key, await buildBrochure(site, content.pages, { date }));
}

/**
 * Redirect pages for aliases (for plain static hosts), their list for servers, the sitemap (with each
 * page's last change, `lastModified` by page file), robots, the speculation rules and the web app manifest.
 */
function writeExtras(site: Site, content: Content, out: OutputWriter, { manifest, lastModified }: { manifest: string; lastModified: ReadonlyMap<string, string> }): void {
  const put = (relative: string, text: string) => out.put(relative, sha1(text), () => text);
  for (const [alias, target] of content.redirects) {
    const url = new URL(target, site.url).href;
    put(
      htmlFileOf(alias),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Moved to ${target}</title>` +
        `<link rel="canonical" href="${url}"><meta name="robots" content="noindex">` +
        `<meta http-equiv="refresh" content="0; url=${target}"></head>` +
        `<body><p>This page is at <a href="${target}">${target}</a>.</p></body></html>\n`,
    );
  }
  put(
    '_redirects.json',
    JSON.stringify([...content.redirects].map(([from, to]) => ({ from, to })), null, 2),
  );
  const urls = content.pages.map((entry) => {
    const lastmod = lastModified.get(entry.file);
    return `  <url><loc>${new URL(entry.route, site.url).href}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  put(
    'sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
  );
  // Named by every page's Speculation-Rules header: the browser prefetches the page a visitor is about to open.
  const rules = speculationRulesFile();
  put(rules.path.replace(/^\/+/, ''), rules.text);
  put(ICON_FILES.manifest, manifest);
  put('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap.xml', site.url).href}\n`);
}
