/**
 * `npm run bench [-- 60 1000 5000 50000]`: the real `npm run build` on N synthetic pages (about 18 KB of YAML
 * each, scripts/bench/synthetic.ts), timed as a user waits for it (the whole command, start-up included):
 * - cold: everything made (`--cold`: no bundle or file of an earlier build reused);
 * - nothing changed: the same build again;
 * - one page changed: a title edited, then the build;
 * - peak memory of the cold build;
 * - Hugo's cold build of the same pages (scripts/bench/hugo-twin.ts, the same HTML: both sizes are printed),
 *   when `hugo` is on the PATH, run in alternation with ours (two pairs; the faster of each tool's two runs is
 *   shown) and the ratio.
 * - Astro's cold build of the same pages (scripts/bench/astro-twin.ts, the same HTML), when CESA_BENCH_ASTRO names a
 *   folder where Astro is installed (`npm install astro@5`: it is no dependency of the project), run in the same
 *   alternation (the faster of its two runs shown) and the ratio of our cold build to it.
 * - from LARGE pages on (50,000): one cold build of each tool, its time and peak memory only (a second build
 *   and the incremental rows would take as long again; the table says so).
 * - the dev server at 1,000 pages: a save → the new text in Chromium, updated in place (scripts/bench/dev-bench.ts);
 *   `npm run bench -- dev` runs only this.
 * - the visual editor (/_editor): a key press in a field → the preview shows it (editor/bench.ts).
 * - the hosted editor (`npm run bench -- editor` runs only this): one field saved → "Saved", → the draft's
 *   whole-site preview, the publishers' screen, and publish → live (editor/bench.ts).
 * - the publishers' review of one ready draft of 1 MB pages (`npm run bench -- review` runs only this):
 *   its time, its answer's size and the memory it takes (editor/bench-review.ts).
 * - `npm run bench -- floods` (only this): the hosted editor under 300 connections that never finish their
 *   headers, thirty rounds of a sign-in, a save and the health check (editor/bench-floods.ts).
 * - what each phase (validate, facts, body, head) costs a page once the code is warm, on one thread
 *   (commands/phases.ts): steadier than a whole build's time; `npm run bench -- phases [N]` runs only this.
 * - the image step on 50 camera photos (4000 × 3000 JPEGs of about 9 MB, each a course's hero image),
 *   cold and cached (scripts/bench/image-bench.ts); CESA_BENCH_PHOTOS=N for another count, 0 for none.
 * - a year simulated (`npm run bench -- year [days] [--from YYYY-MM-DD]` runs only this): the build for 365
 *   consecutive dates, the days a past date is shown as upcoming and the pages each day remade (scripts/bench/year-drill.ts).
 * Also what each YAML parser costs per page (why the fast path stays). Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { LineCounter, parseDocument } from 'yaml';
import { median, pageFile, saveToBrowser } from '../scripts/bench/dev-bench';
import { hostedSaveAndPublish, keystrokeToPreview } from '../editor/bench';
import { measureReview } from '../editor/bench-review';
import { floodRounds } from '../editor/bench-floods';
import { astroBuild, astroInstall, astroVersion, writeAstroTwin } from '../scripts/bench/astro-twin';
import { hugoBinary, writeHugoTwin } from '../scripts/bench/hugo-twin';
import { measurePhotos } from '../scripts/bench/image-bench';
import { writeSyntheticProject } from '../scripts/bench/synthetic';
import { yearDrill, yearLines } from '../scripts/bench/year-drill';
import type { BuildProfile } from '../scripts/builder/profile';

interface BuildStats {
  seconds: number;
  made: number;
  reused: number;
  peakMb: number;
  /** Where the time went (scripts/builder/profile.ts). */
  profile?: BuildProfile;
  /** When the build reported, in ms since its process started. */
  endedAt?: number;
}

interface Row {
  pages: number;
  kbPerPage: number;
  /** --cold: every page read, validated and rendered, every file made; the code's bundles from their cache. */
  cold: number;
  /** --cold --rebundle: the code bundled again by Vite too (one run). Not measured from LARGE pages on. */
  rebundle?: number | undefined;
  /** The profile of the fastest cold build, and when it reported (ms since its process started). */
  profile?: BuildProfile | undefined;
  endedAt?: number | undefined;
  /** A first build of this content: no output, no page index; the code's bundles as the last build left them. */
  first?: number | undefined;
  /** Not measured from LARGE pages on. */
  nothingChanged?: number | undefined;
  onePageChanged?: number | undefined;
  onePageMade?: number | undefined;
  peakMb: number;
  hugo?: number | undefined;
  /** Astro's cold build of the twin (scripts/bench/astro-twin.ts), the faster of its runs. */
  astro?: number | undefined;
  htmlKb: { engine: number; hugo?: number | undefined; astro?: number | undefined };
  parseMs: { jsYaml: number; yaml: number };
  /** What each phase costs a page, warm, on one thread (commands/phases.ts): its line. Not measured from LARGE pages on. */
  phases?: string | undefined;
}

const project = process.cwd();

/** From this many pages, one cold build of each tool only: its time and peak memory. */
const LARGE = 20_000;

/**
 * Removing a build's output just before the next build would bill the next build for it: on this kind of
 * machine (ext4 without a journal) a new file or folder skips, one by one, every inode deleted in the last
 * minute or more in its block group (the kernel's `recently_deleted`), which made a page's folder and file
 * cost 0.3–0.5 ms each instead of 0.05 after an `rm -rf` of 1,000 pages: up to a second of a 1,000-page
 * build, for whichever tool came next. So an output is set aside (one rename) and every folder the bench
 * made is removed when it ends (`removeSetAside`).
 */
function setAside(folder: string, work: string): void {
  if (!existsSync(folder)) return;
  const aside = path.join(work, 'set-aside');
  mkdirSync(aside, { recursive: true });
  renameSync(folder, path.join(aside, `${path.basename(folder)}-${setAsideCount++}`));
}
let setAsideCount = 0;

/** The bench's work folders, removed when it ends (setAside). */
const workFolders: string[] = [];
function workFolder(prefix: string): string {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  workFolders.push(work);
  return work;
}
function removeWorkFolders(): void {
  for (const work of workFolders.splice(0)) rmSync(work, { recursive: true, force: true });
}
process.on('exit', removeWorkFolders);

/** Runs the real build command; returns its wall time and its own figures. */
function build(content: string, out: string, ...extra: string[]): { wall: number; stats: BuildStats } {
  const started = performance.now();
  // What `npm run build` runs (without npm's own start-up): the engine compiled once (commands/engine.mjs).
  const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', content, '--out', out, '--stats', ...extra], { cwd: project, encoding: 'utf8' });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  const line = result.stdout.split('\n').find((text) => text.startsWith('{'));
  return { wall, stats: JSON.parse(line ?? '{}') as BuildStats };
}

/** commands/phases.ts on the content (the code's bundles must exist: a build ran before). */
function phaseCosts(content: string): string {
  const result = spawnSync(process.execPath, ['commands/engine.mjs', 'phases', '--content', content], { cwd: project, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`measuring the phases failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim();
}

function hugoBuild(hugo: string, site: string, out: string, work: string): number {
  setAside(out, work);
  const started = performance.now();
  const result = spawnSync(hugo, ['--quiet', '-s', site, '-d', out], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`hugo failed:\n${result.stderr}`);
  return (performance.now() - started) / 1000;
}

/** Mean size of the pages' HTML files, in KB. */
function htmlKb(out: string): number {
  const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => /^course-\d+[/\\]index\.html$/.test(file));
  return files.reduce((sum, file) => sum + statSync(path.join(out, file)).size, 0) / files.length / 1024;
}

/** What each parser costs per page (on at most 1,000 of them): js-yaml (the fast path) and yaml with positions (every error located). */
function parseCosts(content: string): Row['parseMs'] {
  // A thousand pages tell the cost per page as well as 50,000, in a fiftieth of the time.
  const sources = readdirSync(path.join(content, 'pages'))
    .filter((file) => file.endsWith('.yaml'))
    .slice(0, 1000)
    .map((file) => readFileSync(path.join(content, 'pages', file), 'utf8'));
  const time = (parse: (source: string) => unknown) => {
    const started = performance.now();
    for (const source of sources) parse(source);
    return (performance.now() - started) / sources.length;
  };
  return {
    jsYaml: time((source) => load(source, { schema: CORE_SCHEMA })),
    yaml: time((source) => parseDocument(source, { lineCounter: new LineCounter(), uniqueKeys: true }).toJS()),
  };
}

function measure(count: number, hugo: string | undefined, astro: string | undefined): Row {
  const work = workFolder('cesa-bench-');
  const content = path.join(work, 'site');
  const out = path.join(work, 'dist');
  // At a large size the content is what a site of that size would be: its pages share one picture for
  // their link previews (meta.social.image; a title card costs 17 ms of CPU on its first build), and one
  // page in a hundred is a course (the brochure lists every course: 50,000 would make a 5,000-page PDF).
  const bytes = writeSyntheticProject(content, count, count >= LARGE ? { sharedCard: true, courseEvery: 100 } : {});
  if (hugo) writeHugoTwin(content, path.join(work, 'hugo'));
  if (astro) writeAstroTwin(content, path.join(work, 'astro'));
  if (count >= LARGE) {
    const cold = build(content, out, '--cold');
    return {
      pages: count,
      kbPerPage: bytes / count / 1024,
      cold: cold.wall,
      profile: cold.stats.profile,
      endedAt: cold.stats.endedAt,
      peakMb: cold.stats.peakMb,
      hugo: hugo ? hugoBuild(hugo, path.join(work, 'hugo'), path.join(work, 'hugo-out'), work) : undefined,
      astro: astro ? astroBuild(astro, path.join(work, 'astro'), path.join(work, 'astro-out'), (folder) => setAside(folder, work)) : undefined,
      htmlKb: { engine: htmlKb(out), hugo: hugo ? htmlKb(path.join(work, 'hugo-out')) : undefined, astro: astro ? htmlKb(path.join(work, 'astro-out')) : undefined },
      parseMs: parseCosts(content),
    };
  }
  build(content, out); // warms the bundle cache and the file system, as any second build has them

  // Cold builds, ours, Hugo's and Astro's in alternation: the machine's load moves them alike.
  const colds: { wall: number; stats: BuildStats }[] = [];
  const hugos: number[] = [];
  const astros: number[] = [];
  for (let pair = 0; pair < 2; pair++) {
    setAside(out, work);
    colds.push(build(content, out, '--cold'));
    if (hugo) hugos.push(hugoBuild(hugo, path.join(work, 'hugo'), path.join(work, 'hugo-out'), work));
    if (astro) astros.push(astroBuild(astro, path.join(work, 'astro'), path.join(work, 'astro-out'), (folder) => setAside(folder, work)));
  }
  const cold = colds.reduce((best, run) => (run.wall < best.wall ? run : best));
  // The code bundled again too (what a cold build paid before the bundles were kept by the code's fingerprint).
  setAside(out, work);
  const rebundle = build(content, out, '--cold', '--rebundle');
  // A first build of new content into a new folder: no page index (scripts/builder/page-index.ts), no output.
  setAside(out, work);
  rmSync(path.join(project, 'node_modules/.cache/cesa-build/pages', `${createHash('sha1').update(path.join(content, 'pages')).digest('hex')}.json`), { force: true });
  const first = build(content, out);

  // The faster of two each, as for the cold builds and Hugo's: a single run right after a build moved by half.
  const fastest = (runs: { wall: number; stats: BuildStats }[]) => runs.reduce((best, run) => (run.wall < best.wall ? run : best));
  const nothingChanged = fastest([build(content, out), build(content, out)]);
  const page = path.join(content, 'pages/course-1.yaml');
  const changeHeading = (to: string) => {
    writeFileSync(page, readFileSync(page, 'utf8').replace(/^ {4}title: Part 1(?:, changed(?: again)?)?\n/m, () => `    title: ${to}\n`));
    return build(content, out);
  };
  const onePage = fastest([changeHeading('Part 1, changed'), changeHeading('Part 1, changed again')]);

  return {
    pages: count,
    kbPerPage: bytes / count / 1024,
    cold: cold.wall,
    rebundle: rebundle.wall,
    profile: cold.stats.profile,
    endedAt: cold.stats.endedAt,
    first: first.wall,
    nothingChanged: nothingChanged.wall,
    onePageChanged: onePage.wall,
    onePageMade: onePage.stats.made,
    peakMb: cold.stats.peakMb,
    hugo: hugos.length > 0 ? Math.min(...hugos) : undefined,
    astro: astros.length > 0 ? Math.min(...astros) : undefined,
    htmlKb: { engine: htmlKb(out), hugo: hugo ? htmlKb(path.join(work, 'hugo-out')) : undefined, astro: astro ? htmlKb(path.join(work, 'astro-out')) : undefined },
    parseMs: parseCosts(content),
    phases: phaseCosts(content),
  };
}

const args = process.argv.slice(2);
const devOnly = args.includes('dev');
const sizes = args.map(Number).filter((size) => size > 0);

// The dev server at 1,000 pages (or the largest size asked for, if smaller): save → new text in the browser.
async function devSaves(): Promise<{ pages: number; times: number[] }> {
  const pages = Math.min(1000, Math.max(...(sizes.length > 0 ? sizes : [1000])));
  console.log(`The dev server, ${pages} pages: saving a page seven times…`);
  const work = mkdtempSync(path.join(tmpdir(), 'cesa-bench-dev-'));
  try {
    writeSyntheticProject(work, pages);
    return { pages, times: await saveToBrowser(project, work, '/course-1', pageFile(work, 'course-1.yaml')) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Phases a thread pays once, not per page: printed in ms, not divided by the pages. */
const ONCE = new Set(['thread start-up', 'load renderer']);

/**
 * The fastest cold build's profile (scripts/builder/profile.ts): the pages' phases in ms per page, CPU
 * time summed over the threads (so on two threads the wall time is about half); what the threads pay
 * once; the main thread's steps in ms of wall time, from the process's start to its exit.
 */
function profileLines(row: Row): string[] {
  const { profile } = row;
  if (!profile) return [];
  const phases = Object.entries(profile.pages).filter(([, ms]) => ms > 0);
  const perPage = phases.filter(([phase]) => !ONCE.has(phase));
  const total = perPage.reduce((sum, [, ms]) => sum + ms, 0);
  const steps = Object.entries(profile.steps).filter(([, ms]) => ms >= 0.5);
  const reported = row.endedAt ?? profile.startedAt;
  return [
    `${row.pages} pages, cold, ms per page (CPU, ${profile.threads} thread${profile.threads === 1 ? '' : 's'} summed): ` +
      `${perPage.map(([phase, ms]) => `${phase} ${(ms / row.pages).toFixed(3)}`).join(', ')}; total ${(total / row.pages).toFixed(2)}` +
      `${phases.some(([phase]) => ONCE.has(phase)) ? `; once (ms, all threads): ${phases.filter(([phase]) => ONCE.has(phase)).map(([phase, ms]) => `${phase} ${ms.toFixed(0)}`).join(', ')}` : ''}`,
    `  main thread (ms of wall time): start-up ${profile.startedAt.toFixed(0)}, ${steps.map(([step, ms]) => `${step} ${ms.toFixed(0)}`).join(', ')}, ` +
      `report ${(reported - profile.startedAt - Object.values(profile.steps).reduce((sum, ms) => sum + ms, 0)).toFixed(0)}, exit ${(row.cold * 1000 - reported).toFixed(0)}`,
  ];
}

const devLine = ({ pages, times }: { pages: number; times: number[] }) =>
  `npm run dev, ${pages} pages: save → new title on screen in Chromium (in place, no reload), median ${median(times).toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms ` +
  `(seven saves: ${times.map((time) => time.toFixed(0)).join(', ')} ms; from the save to the frame that shows it, by the page's clock).`;

/** The hosted editor: save → "Saved", → the draft's preview, the publishers' screen, publish → live. */
async function hostedLines(): Promise<string[]> {
  console.log('The hosted editor on this checkout\'s last commit: five rounds of one field saved, previewed, reviewed and published…');
  const times = await hostedSaveAndPublish(project);
  const line = (what: string, list: number[]) => `  ${what}: median ${median(list).toFixed(0)} ms, slowest ${Math.max(...list).toFixed(0)} ms (${list.map((time) => time.toFixed(0)).join(', ')})`;
  return [
    'npm run editor-server, one field of /etabs changed:',
    line('Save → "Saved"', times.saved),
    line('"Saved" → the whole-site preview updated', times.preview),
    line('Ready → the publishers\' screen answered', times.review),
    line('Publish → live', times.publish),
  ];
}

if (args.includes('review')) {
  console.log((await measureReview()).join('\n'));
  process.exit(0);
}

if (args.includes('floods')) {
  console.log('The hosted editor on this checkout\'s last commit, under 300 connections from one address that never finish their headers (each opened again 200 ms after it is closed): thirty rounds of a sign-in, an editor\'s page opened and saved, and the health check, each on a connection of its own…');
  const { rounds, succeeded, opened } = await floodRounds(project);
  const failed = rounds.map((round, index) => ({ index, round })).filter(({ round }) => Object.values(round).some((status) => status !== 200));
  console.log(`npm run editor-server under a flood: ${succeeded} of ${rounds.length} rounds answered in full (${opened} flooding connections opened)${failed.length > 0 ? `; the others: ${failed.map(({ index, round }) => `round ${index + 1} ${JSON.stringify(round)}`).join(', ')}` : ''}.`);
  process.exit(0);
}

if (args.includes('editor')) {
  console.log((await hostedLines()).join('\n'));
  process.exit(0);
}

if (args.includes('year')) {
  // A year of builds, one a day (scripts/bench/year-drill.ts): nothing past shown as upcoming, and each day's work.
  const fromAt = args.indexOf('--from');
  const from = fromAt >= 0 ? args[fromAt + 1] : undefined;
  console.log(`A year simulated: building the drill's content for ${sizes[0] ?? 365} days…`);
  console.log(yearLines(yearDrill(project, { days: sizes[0] ?? 365, ...(from ? { from } : {}) })).join('\n'));
  process.exit(0);
}

if (args.includes('phases')) {
  // What each phase costs a page, warm, on one thread: the figure to watch when changing one phase.
  const pages = sizes[0] ?? 1000;
  const work = mkdtempSync(path.join(tmpdir(), 'cesa-bench-phases-'));
  try {
    writeSyntheticProject(work, pages);
    build(work, path.join(work, 'dist'));
    console.log(phaseCosts(work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

if (devOnly) {
  console.log(devLine(await devSaves()));
  process.exit(0);
}

const hugo = hugoBinary();
// Astro only where someone installed it (CESA_BENCH_ASTRO): it is no dependency of the project.
const astro = astroInstall();
const rows: Row[] = [];
for (const size of sizes.length > 0 ? sizes : [60, 1000, 5000]) {
  console.log(`${size} pages…`);
  rows.push(measure(size, hugo, astro));
}

const dev = await devSaves();

// The visual editor on the site's own content (nothing is saved): a key press in a field → the preview shows it.
console.log('The visual editor: typing a heading in /etabs…');
const editorTimes = await keystrokeToPreview(project, project, 'pages/etabs.yaml');

const ratio = (ours: number | undefined, hugo: number | undefined) => (ours === undefined || hugo === undefined ? '–' : (ours / hugo).toFixed(2));
const line = (cells: string[]) => cells.map((cell, index) => (index === 0 ? cell.padEnd(6) : cell.padStart(12))).join(' ');
console.log(`\n${line(['pages', 'cold s', 'rebundle s', 'first s', 'no change s', 'one page s', 'peak MB', 'Hugo s', 'cold÷Hugo', 'first÷Hugo', 'change÷Hugo', 'page÷Hugo', 'Astro s', 'cold÷Astro', 'HTML KB/page'])}`);
for (const row of rows) {
  console.log(
    line([
      String(row.pages),
      row.cold.toFixed(2),
      row.rebundle === undefined ? '–' : row.rebundle.toFixed(2),
      row.first === undefined ? '–' : row.first.toFixed(2),
      row.nothingChanged === undefined ? '–' : row.nothingChanged.toFixed(2),
      row.onePageChanged === undefined ? '–' : row.onePageChanged.toFixed(2),
      row.peakMb.toFixed(0),
      row.hugo === undefined ? '–' : row.hugo.toFixed(2),
      ratio(row.cold, row.hugo),
      ratio(row.first, row.hugo),
      ratio(row.nothingChanged, row.hugo),
      ratio(row.onePageChanged, row.hugo),
      row.astro === undefined ? '–' : row.astro.toFixed(2),
      ratio(row.cold, row.astro),
      `${row.htmlKb.engine.toFixed(1)}${row.htmlKb.hugo === undefined ? '' : ` / ${row.htmlKb.hugo.toFixed(1)}`}` +
        `${row.htmlKb.astro === undefined ? '' : `${row.htmlKb.hugo === undefined ? ' / –' : ''} / ${row.htmlKb.astro.toFixed(1)}`}`,
    ]),
  );
}
console.log(
  [
    '',
    `Each figure is the whole \`npm run build\` command as a user waits for it (Node start-up included), ${rows[0]?.kbPerPage.toFixed(0) ?? '?'} KB of YAML a page.`,
    'cold       = --cold: every page read, validated and rendered, every file written into a new folder; the code\'s bundles (made from the code alone) from their cache.',
    'rebundle   = --cold --rebundle: as cold, and the code bundled again by Vite (one run).',
    'first      = the first build of this content into a new folder: as cold, but the code\'s bundles (made from the code alone) as the last build left them.',
    '             Photos, link-preview cards and the brochure come from their caches in both (made once per picture or brochure: scripts/images, scripts/builder/social.ts, brochure-cache.ts).',
    'no change  = the same build again. one page = after a heading of one page changed (that page rendered again, the output updated in place). Each the faster of two.',
    '…÷Hugo     = each of ours against Hugo\'s full build of the same pages.',
    hugo ? 'Hugo cold  = Debian\'s hugo on the same pages (scripts/bench/hugo-twin.ts), alternating with ours, faster of two each; HTML KB/page: ours / Hugo\'s.' : 'Hugo cold  = hugo is not on the PATH (apt-get install hugo), so no comparison.',
    astro
      ? `Astro cold = Astro ${astroVersion(astro)} (npm install astro@5 in ${astro}, named by CESA_BENCH_ASTRO; run with this Node, telemetry off) on the same pages ` +
        '(scripts/bench/astro-twin.ts: a content collection of the same YAML files, the same HTML), alternating with ours, faster of two each; cold÷Astro = our cold build against it; ' +
        'the last figure of HTML KB/page is Astro\'s.'
      : `Astro cold = ${process.env.CESA_BENCH_ASTRO ? `CESA_BENCH_ASTRO (${process.env.CESA_BENCH_ASTRO}) holds no node_modules/astro` : 'CESA_BENCH_ASTRO is not set'} (it names a folder where npm install astro@5 ran), so no comparison (–).`,
    `From ${LARGE.toLocaleString('en')} pages: one cold build of each tool (no alternation), and no "no change" or "one page" build (–): each would take as long again.`,
  ].join('\n'),
);
for (const row of rows) {
  const { engine, hugo: hugoKb } = row.htmlKb;
  if (hugoKb !== undefined && Math.abs(hugoKb / engine - 1) > 0.05) {
    console.log(`${row.pages} pages: Hugo's pages are ${hugoKb.toFixed(1)} KB against our ${engine.toFixed(1)} KB: its twin no longer prints what our pages print (scripts/bench/hugo-twin.ts), so cold÷Hugo compares different work.`);
  }
  const astroKb = row.htmlKb.astro;
  if (astroKb !== undefined && Math.abs(astroKb / engine - 1) > 0.05) {
    console.log(`${row.pages} pages: Astro's pages are ${astroKb.toFixed(1)} KB against our ${engine.toFixed(1)} KB: its twin no longer prints what our pages print (scripts/bench/astro-twin.ts), so cold÷Astro compares different work.`);
  }
  console.log(
    `${row.pages} pages: ${row.onePageMade === undefined ? '' : `one page changed made ${row.onePageMade} files; `}parse only: js-yaml ${row.parseMs.jsYaml.toFixed(2)} ms/page, ` +
      `yaml with positions ${row.parseMs.yaml.toFixed(2)} ms/page (${(row.parseMs.yaml / row.parseMs.jsYaml).toFixed(1)}×: the fast path for files with no mistake).`,
  );
}
for (const row of rows) for (const text of profileLines(row)) console.log(text);
for (const row of rows) if (row.phases) console.log(`Warm phases (commands/phases.ts), ${row.phases}`);
console.log(devLine(dev));

console.log(
  `npm run dev, /_editor: a key press in a field → its text on screen in the preview, median ${median(editorTimes).toFixed(0)} ms, slowest ${Math.max(...editorTimes).toFixed(0)} ms ` +
    `(${editorTimes.length} keys of a hero's title on /etabs, about six a second).`,
);

// The hosted editor, on this checkout's last commit (the publishes check that main's code is the server's).
console.log((await hostedLines()).join('\n'));

// Photos: the image step alone (scripts/images/images.ts), on this thread with one sharp operation per core.
const photoCount = Number(process.env.CESA_BENCH_PHOTOS ?? 50);
if (photoCount > 0) {
  console.log(`\nThe image step, ${photoCount} camera photos (made once into node_modules/.cache/cesa-bench-photos: the first run takes a few minutes more)…`);
  const photos = await measurePhotos(project, photoCount);
  const rate = (seconds: number) => (photos.photos / seconds).toFixed(seconds < 1 ? 0 : 2);
  console.log(
    [
      `${photos.photos} photos, ${photos.megabytesIn.toFixed(0)} MB of 4000 × 3000 JPEG, each a course's hero image → ${photos.files} files (AVIF and WebP at 480, 800, 1200, 1600 px), ${photos.megabytesOut.toFixed(1)} MB.`,
      `  cold (empty cache): ${photos.cold.seconds.toFixed(1)} s, ${rate(photos.cold.seconds)} photos/s, ${photos.cold.encoded} files encoded, ${photos.coldCores.toFixed(1)} cores busy (load average before: ${photos.loadBefore.toFixed(1)})`,
      `  cached (nothing changed): ${(photos.cached.seconds * 1000).toFixed(0)} ms, ${photos.cached.processed} photos decoded, ${photos.cached.encoded} files encoded`,
      `  peak memory of the bench process: ${photos.peakMb.toFixed(0)} MB`,
    ].join('\n'),
  );
}
