/**
 * The production build as a function: validate content → Vite client + server bundles →
 * prerender every route → swap into place, and the hosting rules (firebase.json's text, returned, and
 * written where `hostingFile` says). Used by `npm run build`, `npm start`, the bench and tests.
 * One build at a time per output folder; what an interrupted build left is repaired or removed
 * first (scripts/builder/output-folder.ts).
 */
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { yearOf, type IsoDate } from '../../src/content/calendar';
import { boundariesIn, windowOf, type Window } from '../../src/content/date-window';
import { withDatedWords } from '../../src/content/dated-words';
import { datedSite } from '../../src/app/dated-data';
import { courseIndexOf } from '../../src/content/course-facts';
import type { ContentError } from '../../src/content/errors';
import { filesShownBy, referencesOf, type PageFacts } from '../../src/content/facts';
import { checkAcross, listPageFiles, SITE_FILE, sizesOf, type FactsEntry } from '../../src/content/load';
import { htmlFileOf, ICON_FILES, routeOf } from '../../src/content/routes';
import { SiteSchema, type Site } from '../../src/content/site-schema';
import { validateYaml } from '../../src/content/validate';
import { foldersMadeIn, forgetFolders, lockOutput, outputPathOf, recoverOutput, removeDeadServerDirs, serverDirOf, stagingOf, swapIntoPlace } from './output-folder';
import { BrochureCache } from './brochure-cache';
import { brochureThread, PageThreads, workerCount, type BrochureThread } from './parallel';
import { cachedBundles, dropManifest, OutputWriter, readManifest, removeStale, sha1, verifiedRecords, writeManifest, type OutputRecord } from './build-cache';
import { imageCacheDir, limiter, processImages } from '../images/images';
import { committedDates, lastModified } from './last-modified';
import { readIndex, writeIndex, type IndexEntry } from './page-index';
import { buildInputs, recordInputs, upToDate, type BuildInputs, type DateWindow } from './up-to-date';
import { collectGarbage, PageWork, pretenuringOffFor, sameStamp, stampOf, type RenderJob } from './page-work';
import { cardSpecOf, makeSharedMedia, socialCacheDir, type CardSpec } from './social';
import { speculationRulesFile } from './speculation';
import { firebaseJsonText, hostingRulesOf, unlistedPaths, writeHostingFile } from '../hosting/firebase-json';
import { readTemplate } from './prerender';
import { Steps, type BuildProfile } from './profile';

export { BuildStoppedError, OutputLockTimeoutError, OutputPathError, recoverOutput, removalsDone } from './output-folder';

export type BuildResult =
  | {
      ok: true;
      pages: number;
      outDir: string;
      seconds: number;
      files: { made: number; reused: number };
      bundlesReused: boolean;
      /** Where the brochure came from: the previous output, the kept brochures (brochure-cache.ts), or its thread. */
      brochure: BrochureSource;
      profile: BuildProfile;
      /** firebase.json's text (the hosting rules: redirects, headers), made from the content this build validated. */
      hosting: string;
      /** Whether `hostingFile` was written (it differed or was missing). */
      hostingWritten: boolean;
    }
  | { ok: false; errors: ContentError[] };

export interface BuildOptions {
  /** The project: index.html, src/, public/. */
  root: string;
  /**
   * The date the site is made for, `YYYY-MM-DD` (the date in India when the command started, or its
   * `--today`): what is past or upcoming, the © year. The output depends on the code, the content and this
   * date only; a build for another date remakes only the pages whose output changes with it.
   */
  today: IsoDate;
  /** Where pages/ and its public/ are; default the project itself (tests and the bench use others). */
  contentRoot?: string;
  outDir?: string;
  /** Print Vite's output. */
  verbose?: boolean;
  /** How long to wait for another build of the same output folder; default ten minutes. */
  lockTimeoutMs?: number;
  /** Told, in one line, that the build waits for another; default: printed on stderr. */
  onWait?: (line: string) => void;
  /**
   * Make every file again: every page read, validated and rendered, no file of an earlier build reused
   * (npm run build -- --cold). The code's bundles, made from the code alone, are still taken from the
   * bundle cache when the code is unchanged (same fingerprint, same bytes), unless `rebundle`.
   */
  cold?: boolean;
  /** Make the code's bundles again too, with Vite (npm run build -- --cold --rebundle). */
  rebundle?: boolean;
  /** What the build reads (scripts/builder/up-to-date.ts), if the caller just took it. */
  inputs?: BuildInputs | undefined;
  /**
   * Where to write the hosting rules (firebase.json's text) when they differ from the file there:
   * `<project>/firebase.json` for `npm run build`. Default: written nowhere, only returned (`hosting`),
   * so that a build of other content never touches the project's committed file.
   */
  hostingFile?: string | undefined;
}

/**
 * Builds the site into `outDir`. Content errors come back as { ok: false }; expected reasons to stop
 * that are not content errors (another build held the folder too long, a path outside it) are
 * thrown as BuildStoppedError subclasses, whose message is for the user.
 *
 * The work follows the change: a page file unchanged since the last build (same size, times and
 * inode, same code and site document) is not read again, its facts come from the page index
 * (scripts/builder/page-index.ts); a page whose key (its text's hash, the site, the menu, the sizes
 * of its images, its card, the code) is unchanged is not rendered again. When few files change, the
 * output folder is updated in place, each file renamed over the old one; else a fresh output is made
 * beside it and swapped in.
 */
export async function buildSite({ root, today, contentRoot = root, outDir = path.join(root, 'dist'), verbose = false, lockTimeoutMs, onWait, cold = false, rebundle = false, inputs: taken, hostingFile }: BuildOptions): Promise<BuildResult> {
  outDir = path.resolve(outDir);
  // What this build reads, taken before it reads anything: a change made during the build is seen by the next one.
  const inputs = taken ?? buildInputs(root, contentRoot);
  const unchanged = cold || rebundle ? undefined : upToDate(root, outDir, inputs.hash, today);
  if (unchanged) {
    // The rules the last build recorded, written by today's code: right even if the file was edited since.
    const hosting = firebaseJsonText(unchanged.hosting);
    const hostingWritten = hostingFile ? writeHostingFile(hostingFile, hosting) : false;
    return { ok: true, pages: unchanged.pages, outDir, seconds: 0, files: { made: 0, reused: unchanged.files }, bundlesReused: true, brochure: 'previous output', profile: { startedAt: performance.now(), steps: {}, pages: {}, threads: 0 }, hosting, hostingWritten };
  }
  const lock = await lockOutput(outDir, { timeoutMs: lockTimeoutMs, onWait });
  const started = performance.now(); // not counting the wait for another build
  // Where the time goes (scripts/builder/profile.ts): this thread's steps, the pages' phases on every thread.
  const steps = new Steps();
  // A fresh output is written next to dist/ and swapped in at the end, so a failed build never leaves
  // a half-written dist/: the last good one stays until a complete new one replaces it.
  const staging = stagingOf(lock);
  // The bundles are made here, then moved into the bundle cache; a killed build's is removed by the next.
  const bundleDir = serverDirOf(root, lock);
  // Where the threads write the validated pages they cannot keep in memory (page-work.ts, SPILL_BYTES); a killed build's is removed by the next.
  const spillDir = `${bundleDir}-pages`;
  let bundling: Promise<unknown> | undefined;
  let threads: PageThreads | undefined;
  let brochure: ReturnType<typeof startBrochure> | undefined;
  let brochureAhead: BrochureThread | undefined;
  // The photos' and cards' drawing, which goes on while the pages render.
  let drawing: Promise<unknown> | undefined;
  let spillRemoved: Promise<unknown> | undefined;
  let pretenuringOn: (() => void) | undefined;
  try {
    recoverOutput(outDir, lock);
    removeDeadServerDirs(root, lock);
    const pagesDir = path.join(contentRoot, 'pages');
    mkdirSync(staging, { recursive: true });
    // Taken with the inputs: hashing the code again costs 10–35 ms.
    const fingerprint = inputs.code;
    steps.mark('fingerprint');
    // The bundles first: the bundler works on threads of its own while the pages are validated.
    const bundles = cachedBundles(root, fingerprint, { temporary: bundleDir, cold: rebundle }, (client, server) => bundle(root, client, server, verbose));
    bundling = bundles.catch(() => undefined);

    // Only the page files changed since the last build are read (every one when the code or the site document changed).
    const files = listPageFiles(pagesDir);
    // For the sitemap: git's dates of the page files, asked now and read when the sitemap is written.
    const committed = committedDates(contentRoot, files.map((relative) => `pages/${relative}`));
    const siteSource = readSiteSource(pagesDir);
    const context = sha1(fingerprint, siteSource ?? 'no site document');
    const stored = cold ? undefined : readIndex(root, pagesDir, context);
    const index = stored?.entries ?? {};
    const toLoad = files.filter((relative) => {
      const known = index[relative];
      return !known || !sameStamp(known.stamp, inputs.stamps.get(`pages/${relative}`) ?? stampOf(path.join(pagesDir, relative)));
    });
    const siteChecked = siteSource === undefined ? undefined : validateYaml(SiteSchema, SITE_FILE, siteSource);
    steps.mark('index');
    // Every page read again (a cold or first build, the code or the site document changed): the brochure
    // will be made again too, so its thread starts now and loads its code while the pages are validated.
    // Not when the last build of these very inputs ended with a brochure that is kept (brochure-cache.ts).
    const brochures = new BrochureCache(root);
    // Before any thread starts (page-work.ts: V8 decides where to make objects from the first pages).
    pretenuringOn = pretenuringOffFor(toLoad.length);
    if (toLoad.length > 0 && toLoad.length === files.length && !brochures.likelyKept(inputs.hash)) brochureAhead = brochureThread();
    threads = new PageThreads(workerCount(toLoad.length));
    const validating = threads.validate({ root: contentRoot, pagesDir, relatives: toLoad, site: siteChecked?.ok ? siteChecked.value : null, spillDir: folderMade(spillDir) });
    // A fresh output: the pages' folders are made while the workers start (making a folder is most of
    // writing a page on some disks, and the threads then write into folders that are there).
    const fresh = cold || !existsSync(outDir);
    if (fresh && threads.count > 1) makePageFolders(staging, toLoad);
    const loaded = new Map((await validating).map((page) => [page.relative, page]));
    const entries = files.map((relative): FactsEntry => {
      const page = loaded.get(relative);
      if (page) return page;
      const { facts } = index[relative]!;
      return { relative, file: facts.file, route: facts.route, ok: true, facts };
    });
    steps.mark('validate');
    // The workers load the renderer while this thread checks across the pages (the bundles are most often ready).
    const ready = threads;
    bundles.then(({ server }) => ready.prepare(server), () => undefined);
    const checked = checkAcross({ root: contentRoot, pagesDir }, entries);
    // After much work only: a full collection costs 50–100 ms on a large heap.
    const much = toLoad.length > 1000;
    if (much) collectGarbage();
    steps.mark('check across');
    if (checked.errors.length > 0 || !checked.site) return { ok: false, errors: checked.errors };
    const site = checked.site;
    const facts = checked.accepted.map((entry) => entry.facts);
    // The hosting rules (firebase.json) from the content just validated: nobody loads it again for them.
    const hostingRules = hostingRulesOf({ site, redirects: checked.redirects, facts });
    // The previous output's records: which of its files this build may keep.
    const previous = cold || !existsSync(outDir) ? {} : readManifest(root, outDir);
    const verified = verifiedRecords(outDir, previous);

    // Photos and what shared links and home screens show, drawn by sharp (scripts/images/images.ts,
    // scripts/builder/social.ts), each file made once and kept by what it is made from. The pages render
    // while they are drawn: their HTML needs the photos' sizes and the cards' addresses, not the files.
    // One queue for sharp's work, one operation per core: a photo's decoding first (its size), then its
    // files (an AVIF is the longest work), then the cards.
    const pictureWork = limiter(availableParallelism());
    const sizing = processImages({ contentRoot, content: { site, facts, images: checked.images }, cacheDir: imageCacheDir(root), run: pictureWork });
    const indexed = (relative: string) => {
      const page = loaded.get(relative);
      return page?.ok ? { sourceHash: page.sourceHash, card: page.card, stamp: page.stamp } : index[relative]!;
    };
    // A card's words as the page shows them on this day ({year}, {years}: src/content/dated-words.ts).
    const dated = { today, founded: site.founded };
    const cards = new Map<string, CardSpec>([...checked.accepted.map((entry): [string, CardSpec] => [entry.route, withDatedWords(indexed(entry.relative).card ?? cardSpecOf(site, null), dated)]), ['/404', cardSpecOf(site, null)]]);
    const shared = makeSharedMedia({ root, contentRoot, content: { site, facts }, cards, cacheDir: socialCacheDir(root), run: pictureWork });
    // Awaited below; a failure before then must not go unhandled.
    drawing = shared.finished;
    drawing.catch(() => undefined);
    // A photo only the decoder finds damaged stops the build here, located.
    const photos = await sizing;
    if (!photos.ok) return { ok: false, errors: photos.errors };
    const pictures = Promise.all([photos.finished, shared.finished]);
    drawing = pictures;
    pictures.catch(() => undefined);
    steps.mark('photos');
    const { client, server, reused: bundlesReused } = await bundles;
    steps.mark('bundles');
    const template = readTemplate(client);

    // Each page's key: what its HTML is made from. Unchanged key, unchanged file.
    // The course pages' names, durations and batches: a page's course cards show those of the courses they name.
    const courses = courseIndexOf(facts);
    // Every page shows the year (the © line, years since the founding): a new year makes every page again.
    const base = sha1(fingerprint, template.html, JSON.stringify(template.partChunks), JSON.stringify(site), JSON.stringify(checked.menu), String(yearOf(today)));
    const siteFiles = filesShownBy(referencesOf(SiteSchema, site));
    // The output's window: the days around `today` on which no page changes (the year's, narrowed by each page's).
    const siteWindow = yearWindow(today);
    const jobs: RenderJob[] = [...checked.accepted, null].map((entry): RenderJob => {
      const route = entry?.route ?? '/404';
      const images = sizesOf(photos.images, [...siteFiles, ...(entry ? filesShownBy(entry.facts.references) : [])]);
      const media = shared.pages.get(route);
      // A page listing every course's batches (Upcoming batches) shows every course's name and batches.
      const shownCourses = entry?.facts.listsBatches ? courses : (entry?.facts.courseCards ?? []).map((card) => courses[card.course] ?? null);
      // Which window between its date boundaries (its own dates, those of the courses it shows) today falls in.
      const window = windowOf(entry ? [...entry.facts.dates, ...boundariesIn(shownCourses)] : [], today);
      narrow(siteWindow, window);
      const key = sha1(base, route, entry ? indexed(entry.relative).sourceHash : 'no page', JSON.stringify(images), JSON.stringify(media ?? null), JSON.stringify(shownCourses), `${window.from ?? ''}/${window.until ?? ''}`);
      return { relative: entry?.relative ?? null, route, output: entry ? htmlFileOf(route) : '404.html', key, images, shared: media };
    });

    // In place when most of the output stays: far fewer files to touch than a fresh folder.
    const toRender = jobs.filter((job) => verified[job.output]?.key !== job.key);
    const inPlace = Object.keys(verified).length > 0 && toRender.length <= jobs.length / 2;
    const out = new OutputWriter(inPlace ? { target: outDir, base: fingerprint, inPlace } : { target: staging, base: fingerprint, inPlace, previousDir: outDir, folders: fresh ? foldersMadeIn(staging) : undefined }, inPlace ? verified : previous);
    // Until the new manifest is written, the folder's records are not to be trusted (a kill in between).
    dropManifest(root, outDir);

    steps.mark('keys');
    // The workers get their pages first: this thread's other files and its own share follow while they render.
    const notFound = toRender.filter((job) => job.relative === null);
    const rendering = threads.render(
      { root: contentRoot, pagesDir, serverDir: server, template, site, today, menu: checked.menu, courses, writer: out.options },
      toRender.filter((job) => job.relative !== null),
    );
    // Awaited below; a step between that throws must not leave its failure unhandled.
    rendering.catch(() => undefined);
    // The brochure on a thread of its own from now on, unless the last output's is still right: started
    // once the workers render (its key hashes every course's summary: 70 ms at 1,000 courses, a worker idle).
    brochure = startBrochure(site, facts, today, fingerprint, verified, brochureAhead, brochures);
    brochures.remember(inputs.hash, brochure.key);
    linkClientFiles(client, out);
    // The content's public/ (what its pages were checked against), but for the photos: those are served processed.
    copyPublicFiles(path.join(contentRoot, 'public'), out, photos.originals);
    const rendered = new Set(toRender);
    for (const job of jobs) if (!rendered.has(job)) out.reuse(job.output, job.key);
    writeExtras(site, checked.redirects, facts, out, { manifest: shared.manifest, lastModified: lastModified(contentRoot, facts.map((page) => page.file), await committed, (file) => inputs.stamps.get(file)?.mtimeMs) });
    steps.mark('files');
    // The photos' files and the cards, once drawn (all from their caches in most builds).
    const drawn = (await pictures).find((end) => !end.ok);
    if (drawn && !drawn.ok) return { ok: false, errors: drawn.errors };
    writeCachedFiles(new Map([...photos.files].map(([relative, cached]) => [relative, { cached, key: relative }])), out);
    writeCachedFiles(shared.files, out);
    steps.mark('pictures');
    for (const written of await rendering) out.merge(written);
    // The validated pages' spill files are read no more: removed on libuv's threads while this one
    // writes the records (unlinking a large file took 1 s at 50,000 pages on a disk mounted with discard).
    spillRemoved = rm(spillDir, { recursive: true, force: true }).catch(() => undefined);
    // What rendering left behind goes before the last steps build their large lists (records, index).
    if (much) collectGarbage();
    if (notFound.length > 0) out.merge(await new PageWork().render({ root: contentRoot, pagesDir, serverDir: server, template, site, today, menu: checked.menu, courses, writer: out.options }, notFound));
    steps.mark('render');
    const brochureSource = await writeBrochure(brochure, out);
    steps.mark('brochure');

    if (inPlace) removeStale(outDir, verified, out.written);
    else swapIntoPlace(staging, lock);
    writeManifest(root, outDir, out.written);
    const hosting = firebaseJsonText(hostingRules);
    const hostingWritten = hostingFile ? writeHostingFile(hostingFile, hosting) : false;
    recordInputs(root, outDir, { inputs: inputs.hash, pages: checked.accepted.length, hosting: hostingRules, dates: siteWindow });
    if (loaded.size > 0 || files.length !== Object.keys(index).length) {
      writeIndex(
        root,
        pagesDir,
        context,
        checked.accepted.map((entry): [string, IndexEntry | string] => {
          // Not read again: its line as it was (the same entry).
          const line = loaded.has(entry.relative) ? undefined : stored?.lines.get(entry.relative);
          if (line !== undefined) return [entry.relative, line];
          const { stamp, sourceHash, card } = indexed(entry.relative);
          return [entry.relative, { stamp, sourceHash, card, facts: entry.facts }];
        }),
      );
    }
    steps.mark('records');
    const profile: BuildProfile = { startedAt: started, steps: steps.times, pages: threads.phases.times, threads: threads.count };
    return { ok: true, pages: checked.accepted.length, outDir, seconds: (performance.now() - started) / 1000, files: { made: out.made, reused: out.reused }, bundlesReused, brochure: brochureSource, profile, hosting, hostingWritten };
  } finally {
    try {
      pretenuringOn?.();
      await threads?.close();
      await brochure?.stop();
      await brochureAhead?.stop();
      // A build stopped by content errors still waits for its bundler and its pictures, so that nothing writes after it.
      await bundling;
      await drawing?.catch(() => undefined);
      await spillRemoved;
      // Never promoted, so no need to rename them first: if a kill interrupts this, the next build removes the rest.
      rmSync(staging, { recursive: true, force: true });
      forgetFolders(staging);
      forgetFolders(outDir);
      rmSync(bundleDir, { recursive: true, force: true });
      rmSync(spillDir, { recursive: true, force: true });
    } finally {
      lock.release();
    }
  }
}

/** The days of `today`'s year (the © line and the years since the founding change with it). */
function yearWindow(today: IsoDate): DateWindow {
  const year = yearOf(today);
  return { from: `${year}-01-01`, until: `${year + 1}-01-01` };
}

/** `site` narrowed to the days inside `page`'s window too. */
function narrow(site: DateWindow, page: Window): void {
  if (page.from !== null && page.from > site.from) site.from = page.from;
  if (page.until !== null && page.until < site.until) site.until = page.until;
}

/** `dir`, made now; undefined if it cannot be (then what would go there is done without it). */
function folderMade(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch {
    return undefined;
  }
}

/** The site document's text, or undefined when there is none or it cannot be read (the check says why). */
function readSiteSource(pagesDir: string): string | undefined {
  try {
    return readFileSync(path.join(pagesDir, SITE_FILE), 'utf8');
  } catch {
    return undefined;
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
    // Content-hashed names: the bundle's path is the key.
    const file = path.join(clientDir, relative);
    if (!out.reuse(relative, file)) out.place(relative, file, (target) => linkSync(file, target));
  }
}

/**
 * public/ as it is: copied, not linked (an editor may change a file in place, and the output must not
 * change with it), and only when the file changed since the last build (else its last copy is kept).
 */
function copyPublicFiles(publicDir: string, out: OutputWriter, except: ReadonlySet<string>): void {
  for (const relative of filesUnder(publicDir)) {
    if (except.has(`/${relative}`)) continue;
    const source = path.join(publicDir, relative);
    const { size, mtimeMs, ino } = statSync(source);
    const key = `public ${size} ${mtimeMs} ${ino}`;
    if (out.reuse(relative, key)) continue;
    out.place(relative, key, (target) => copyFileSync(source, target, constants.COPYFILE_FICLONE));
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
    out.place(relative, key, (target) => {
      try {
        linkSync(cached, target);
      } catch {
        copyFileSync(cached, target, constants.COPYFILE_FICLONE);
      }
    });
  }
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
 * Asked of a thread of its own (scripts/builder/parallel.ts; `ahead`, if the build started one) as soon as the
 * courses are known, unless the previous output's file was made from the same key or a brochure made from
 * it is kept (brochure-cache.ts: a cold build or a publish into a new folder draws nothing); written by writeBrochure.
 */
function startBrochure(given: Site, facts: readonly PageFacts[], today: IsoDate, base: string, verified: Record<string, OutputRecord>, ahead: BrochureThread | undefined, brochures: BrochureCache) {
  // Its words as the pages show them on this day ({year}, {years}); its key changes only where they do.
  const site = datedSite(given, today);
  const summaries = withDatedWords(facts.flatMap((page) => page.summary ?? []), { today, founded: given.founded });
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  const date = process.env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : undefined;
  const key = sha1(base, JSON.stringify(site), JSON.stringify(summaries), date?.toISOString() ?? 'no date');
  // A URL path of the site (`/downloads/x.pdf`): relative to the output folder.
  const relative = site.brochure.file.replace(/^\/+/, '');
  let spare = ahead;
  const start = () => {
    const thread = spare ?? brochureThread();
    spare = undefined;
    const made = thread.make(site, summaries, date).then((bytes) => {
      brochures.store(key, bytes);
      return bytes;
    });
    // Awaited only when the build gets that far.
    made.catch(() => undefined);
    return { made, stop: () => thread.stop() };
  };
  const kept = verified[relative]?.key === key ? undefined : brochures.file(key);
  let making = verified[relative]?.key === key || kept ? undefined : start();
  // Started ahead for nothing: the previous output's brochure is still right, or one made from the same key is kept.
  void spare?.stop();
  spare = undefined;
  return {
    relative,
    key,
    /** The kept brochure of this key, if one is (brochure-cache.ts). */
    kept,
    /** The brochure's bytes, from its thread (started now if it was not). */
    made: () => (making ??= start()).made,
    stop: () => making?.stop(),
  };
}

export type BrochureSource = 'previous output' | 'kept' | 'made';

/** The brochure into the output: the previous output's if it is still right, else a kept one made from the same key, else the one its thread made. */
async function writeBrochure({ relative, key, kept, made }: ReturnType<typeof startBrochure>, out: OutputWriter): Promise<BrochureSource> {
  if (out.reuse(relative, key)) return 'previous output';
  // Copied, not linked: a hand edit of the output's file must not change the kept one.
  const bytes = kept ? readKept(kept) : undefined;
  if (bytes) {
    out.write(relative, key, bytes);
    return 'kept';
  }
  // Not started when the previous output's file seemed right or one was kept; made now if it could not be used after all.
  out.write(relative, key, await made());
  return 'made';
}

function readKept(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    // Let go meanwhile by another build (brochure-cache.ts): made again.
    return undefined;
  }
}

/**
 * Redirect pages for aliases (for plain static hosts), their list for servers, the sitemap (with each
 * page's last change, `lastModified` by page file), robots, the speculation rules and the web app manifest.
 */
function writeExtras(site: Site, redirects: ReadonlyMap<string, string>, facts: readonly PageFacts[], out: OutputWriter, { manifest, lastModified }: { manifest: string; lastModified: ReadonlyMap<string, string> }): void {
  const put = (relative: string, text: string) => out.put(relative, sha1(text), () => text);
  for (const [alias, target] of redirects) {
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
    JSON.stringify([...redirects].map(([from, to]) => ({ from, to })), null, 2),
  );
  const urls = facts.map((entry) => {
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
  // The brochure's folder is served to anyone who has its address (the sign-in before it is a courtesy): kept out of search.
  const disallowed = unlistedPaths(site).map((unlisted) => `Disallow: ${unlisted}\n`).join('');
  put('robots.txt', `User-agent: *\nAllow: /\n${disallowed}\nSitemap: ${new URL('/sitemap.xml', site.url).href}\n`);
}

/**
 * How long the main thread makes page folders before validating its share: about a worker thread's
 * start-up (170–250 ms measured, `--stats`). Two threads making folders in one parent at once take
 * twice the time each and three times the system's CPU (1,000 folders and pages: 202 ms alone, 725 ms
 * on two threads), so they are made here, while the worker is not yet writing.
 */
const FOLDERS_MS = 200;

/** Each page's own folder in a fresh output (a page whose route cannot be written is reported later, by its write). */
function makePageFolders(staging: string, relatives: readonly string[]): void {
  // For as long as a worker takes to start (this thread's own share of the pages waits meanwhile):
  // the folders beyond are made by the writers, as before.
  const until = performance.now() + FOLDERS_MS;
  for (const relative of relatives) {
    if (performance.now() > until) return;
    try {
      outputPathOf(staging, htmlFileOf(routeOf(relative)));
    } catch {
      // Reported when the page is written, with the build's other errors.
    }
  }
}
