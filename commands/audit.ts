/**
 * `npm run audit [-- /route …]`: Lighthouse (mobile preset) on the production build, route by
 * route, printed as a table with the rows that miss a target marked. Targets: performance ≥ 0.98;
 * accessibility, best practices and SEO 1.0; CLS 0. Every route by default (about 20 s each);
 * `-- --routes /,/etabs` or `-- /etabs /contact` for some; `--build` rebuilds dist/ first;
 * `--save <dir>` keeps each route's Lighthouse report (JSON, viewable at googlechrome.github.io/lighthouse/viewer);
 * `--runs N` audits each route N times and keeps the run with the median performance score.
 *
 * It also prints the first-load JavaScript (gzip) of the home page and a course page, and the
 * ratio of their LCP to that of a static copy of the same HTML with every script removed,
 * measured in the same run (`--pairs N` alternating runs each, default 3, medians), so a paint
 * that the JavaScript delays shows up as a ratio above 1.
 *
 * Before Lighthouse, it measures the JavaScript every route (and the 404 page, at an unknown URL)
 * fetches from the site with no interaction, in plain Chromium (scripts/bench/page-scripts.ts: load
 * plus 2 s of network quiet, phone and desktop screens, gzip -9 of the served files), and marks
 * the routes over the goals: at most 2 KB on a course page (`meta.course`) and on the 404 page, 3 KB
 * on every route, and no React before an island is due (what an island fetches once its panel nears
 * the screen is its own column). `--js-only` prints only that
 * (about two minutes for the whole site, no Lighthouse). `--dist <dir>` audits another build
 * (e.g. a checkout of an older commit, built there) instead of dist/: served with the hosting
 * rules of the firebase.json beside it if there is one, its routes and course pages still read
 * from this project's pages/.
 *
 * It reports; it does not gate: the exit code is 0 whatever the scores (1 only when it cannot
 * run at all). Nothing is installed at run time: Lighthouse is a dev dependency and Chromium is
 * the system's (CHROME_PATH, default /usr/bin/chromium). Builds dist/ if it is missing, serves a
 * snapshot of it with scripts/hosting/serve.ts on 127.0.0.1, and Chromium resolves no host name but
 * 127.0.0.1, so no request leaves the machine (any that tried is listed).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { loadContent } from '../src/content/load';
import { htmlFileOf } from '../src/content/routes';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/bench/chromium';
import { mapLimited, pageScripts, QUIET_MS, SCREENS, type PageScripts, type Screen } from '../scripts/bench/page-scripts';
import { serve, type RunningServer } from '../scripts/hosting/serve';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const CHROME_PATH = CHROMIUM_PATH;
const CHROME_FLAGS = [
  ...CHROMIUM_FLAGS,
  // Every host name but the loopback address fails to resolve: the audit cannot reach the internet.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
/** The pages whose first-load JavaScript and LCP ratio are reported. */
const HOME = '/';
const COURSE = '/etabs';
/** A path no page has: the not-found page, as a visitor who follows a dead link gets it. */
const NOT_FOUND_PATH = '/no-such-page-cesa-audit';
/**
 * Goals for the JavaScript a route fetches before any interaction (gzip): a course page and the
 * 404 page need none but the small behaviours (menu, dialogs), any other page at most a little
 * more (counters, hero video); none needs React until the visitor reaches for the brochure.
 */
const JS_LIMITS = { course: 2048, notFound: 2048, page: 3072 } as const;
/** Pages measured at once: each is mostly waiting for its 2 s of quiet, so more than the cores. */
const JS_CONCURRENCY = 4;

interface Measure {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** Lighthouse's (simulated, mobile) LCP and the one the browser observed, in ms. */
  lcp: number;
  observedLcp: number;
  cls: number;
  tbt: number;
  /** Same-origin scripts the page loaded, with their size gzipped from the served files. */
  scripts: { path: string; gzip: number }[];
  /** Requests to anywhere but the served site. */
  external: string[];
  /** Audits that scored below 1 in a category that missed its target, for the report. */
  failing: string[];
  /** Lighthouse's measure of the machine's speed: its throttling assumes about 1000+ for a fast desktop. */
  benchmarkIndex: number;
  /** The whole report, for --save. */
  report: Result;
}

type AuditOptions = ReturnType<typeof readOptions>['values'];

function readOptions() {
  // `tsx commands/audit.ts -- --routes …` passes the `--` on; `npm run audit -- …` does not.
  const args = process.argv.slice(2);
  return parseArgs({
    args: args[0] === '--' ? args.slice(1) : args,
    allowPositionals: true,
    options: {
      routes: { type: 'string' },
      build: { type: 'boolean', default: false },
      pairs: { type: 'string', default: '3' },
      runs: { type: 'string', default: '1' },
      save: { type: 'string' },
      'js-only': { type: 'boolean', default: false },
      dist: { type: 'string' },
    },
  });
}

/** The build to audit (dist/, built first if asked or missing, or --dist's), or why there is none. */
function buildToAudit(values: AuditOptions): { dist: string } | { problem: string } {
  if (!existsSync(CHROME_PATH)) return { problem: `No Chromium at ${CHROME_PATH}: install it (apt-get install -y chromium) or set CHROME_PATH.` };
  const dist = values.dist ? resolve(values.dist) : DIST;
  if (values.dist) {
    // Another build is audited as it is: building it is the job of the checkout it came from.
    if (values.build) return { problem: '--build rebuilds dist/; --dist audits a build made elsewhere: use one or the other.' };
    if (!existsSync(join(dist, 'index.html'))) return { problem: `No build in ${dist} (no index.html).` };
  } else if (values.build || !existsSync(join(DIST, 'index.html'))) {
    console.log('Building dist/ …');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    // npm has said why.
    if (build.status !== 0) return { problem: '' };
  }
  return { dist };
}

/** The routes asked for (every route of the site when none is), and which are course pages; or the ones that are not routes. */
function routesToAudit(positionals: string[], values: AuditOptions): { routes: string[]; courses: Set<string> } | { unknown: string[] } {
  const content = loadContent({ root: ROOT });
  const courses = new Set(content.pages.filter((entry) => entry.page.meta.course).map((entry) => entry.route));
  const known = new Set(content.pages.map((entry) => entry.route));
  const asked = [...positionals, ...(values.routes?.split(',') ?? [])].map((route) => route.trim()).filter(Boolean);
  const routes = asked.length > 0 ? asked : [...known];
  const unknown = routes.filter((route) => !known.has(route));
  return unknown.length > 0 ? { unknown } : { routes, courses };
}

async function main(): Promise<number> {
  const { values, positionals } = readOptions();
  const build = buildToAudit(values);
  if ('problem' in build) {
    if (build.problem) console.error(build.problem);
    return 1;
  }
  const { dist } = build;
  const asked = routesToAudit(positionals, values);
  if ('unknown' in asked) {
    console.error(`Not routes of the site: ${asked.unknown.join(', ')}`);
    return 1;
  }
  const { routes, courses } = asked;

  const work = mkdtempSync(join(tmpdir(), 'cesa-audit-'));
  // A snapshot, so that a build finishing elsewhere during the audit cannot swap files under it.
  const snapshot = join(work, 'site');
  cpSync(dist, snapshot, { recursive: true });
  // A build from another checkout is served with that checkout's hosting rules (its CSP decides
  // which scripts may run); dist/ and a folder with none beside it, with this project's.
  const hostingRules = join(dirname(dist), 'firebase.json');
  const firebaseJson = values.dist && existsSync(hostingRules) ? hostingRules : undefined;
  const servers: RunningServer[] = [];
  let chrome: Chrome | null = null;
  try {
    const site = await serve({ root: snapshot, firebaseJson });
    servers.push(site);

    // Measured before Lighthouse starts its own Chromium: two browsers would share two cores.
    const fetched = await measureScripts(site.url, routes);
    printScriptTable(fetched, courses, dist);
    const fetchedExternal = fetched.flatMap((row) => [...row.phone.external, ...row.desktop.external]);
    if (values['js-only']) {
      printExternal(fetchedExternal);
      return 0;
    }

    const staticRoot = writeStaticCopy(snapshot, join(work, 'static'), [HOME, COURSE]);
    const plain = await serve({ root: staticRoot, firebaseJson });
    servers.push(plain);
    chrome = await launchChrome(join(work, 'profile'));
    const built: Audited = { port: chrome.port, base: site.url, files: snapshot };

    console.log(`\nLighthouse ${lighthouseVersion()} (mobile) on ${routes.length} route(s) of ${site.url}, Chromium ${chrome.version}\n`);
    const measures = await auditRoutes(built, routes, values);
    await printFirstLoadJs(built, measures);
    await printLcpRatios(built, { port: chrome.port, base: plain.url, files: staticRoot }, Number(values.pairs));
    printExternal([...measures.flatMap((measure) => measure.external), ...fetchedExternal]);
    return 0;
  } finally {
    await chrome?.close();
    for (const server of servers) await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** A site Lighthouse audits: the browser's debugging port, the served site's address, its files. */
interface Audited {
  port: number;
  base: string;
  files: string;
}

/** Lighthouse on each route (`--runs` times, the median run kept), printed as the table; the routes it could not measure after it. */
async function auditRoutes(site: Audited, routes: string[], values: AuditOptions): Promise<Measure[]> {
  const measures: Measure[] = [];
  const failures: { route: string; error: string }[] = [];
  const started = performance.now();
  for (const [index, route] of routes.entries()) {
    const progress = `  ${index + 1}/${routes.length} ${route}`;
    if (process.stdout.isTTY) process.stdout.write(`${progress}\x1b[K\r`);
    else console.log(progress);
    try {
      // Several runs: the one with the median performance score stands (Lighthouse's own advice
      // for a machine whose load moves the figures).
      const runs: Measure[] = [];
      for (let run = 0; run < Math.max(1, Number(values.runs)); run += 1) runs.push(await audit(site.port, site.base, site.files, route));
      const chosen = runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))[Math.floor((runs.length - 1) / 2)]!;
      if (values.save) saveReport(values.save, chosen);
      measures.push(chosen);
    } catch (error) {
      failures.push({ route, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (process.stdout.isTTY) process.stdout.write('\x1b[K');
  const benchmarks = measures.map((measure) => measure.benchmarkIndex).sort((a, b) => a - b);
  console.log(
    `${process.stdout.isTTY ? '' : '\n'}Audited in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg()[0]!.toFixed(1)}, ` +
      `Lighthouse benchmark index ${Math.round(benchmarks[0]!)}–${Math.round(benchmarks[benchmarks.length - 1]!)} ` +
      '(a busy machine inflates TBT and the simulated timings).\n',
  );
  printTable(measures);
  for (const failure of failures) console.log(`  ${failure.route}: not measured: ${failure.error}`);
  return measures;
}

/** The first-load JavaScript of the home page and a course page, audited again if the table has not got them. */
async function printFirstLoadJs(site: Audited, measures: Measure[]): Promise<void> {
  console.log('\nFirst-load JavaScript (gzip, level 9, of the served files):');
  for (const route of [HOME, COURSE]) {
    const measure = measures.find((entry) => entry.route === route) ?? (await tryAudit(site.port, site.base, site.files, route));
    if (!measure) continue;
    const total = measure.scripts.reduce((sum, script) => sum + script.gzip, 0);
    console.log(`  ${route.padEnd(8)} ${kb(total)} KB  (${measure.scripts.map((script) => `${script.path} ${kb(script.gzip)} KB`).join(', ')})`);
  }
}

/** The LCP of the home page and a course page against their static copy's, in `pairs` alternating runs (medians). */
async function printLcpRatios(built: Audited, bareCopy: Audited, pairs: number): Promise<void> {
  console.log(
    `\nLCP against a static copy of the same HTML with its scripts removed: ${pairs} alternating pair(s) per page ` +
      'in this run, medians (Lighthouse\'s simulated mobile LCP; the LCP Chromium observed unthrottled in brackets):',
  );
  for (const route of [HOME, COURSE]) {
    const withScripts: Measure[] = [];
    const bare: Measure[] = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const one = await tryAudit(built.port, built.base, built.files, route);
      const other = await tryAudit(bareCopy.port, bareCopy.base, bareCopy.files, route);
      if (one && other) {
        withScripts.push(one);
        bare.push(other);
      }
    }
    if (withScripts.length === 0) continue;
    const lcp = median(withScripts.map((measure) => measure.lcp));
    const staticLcp = median(bare.map((measure) => measure.lcp));
    const observed = median(withScripts.map((measure) => measure.observedLcp));
    const staticObserved = median(bare.map((measure) => measure.observedLcp));
    console.log(
      `  ${route.padEnd(8)} ${ms(lcp)} vs ${ms(staticLcp)}: ratio ${(lcp / staticLcp).toFixed(2)}` +
        `   (${ms(observed)} vs ${ms(staticObserved)}: ${(observed / staticObserved).toFixed(2)})`,
    );
  }
}

function printExternal(requests: string[]): void {
  const external = [...new Set(requests)];
  console.log(external.length === 0 ? '\nNo request left 127.0.0.1.' : `\nRequests that tried to leave the machine (blocked):\n  ${external.join('\n  ')}`);
}

/** One route's scripts on both screens; `route` is null for the not-found page. */
interface FetchedRow {
  route: string | null;
  phone: PageScripts;
  desktop: PageScripts;
}

/**
 * The scripts each route (then the not-found page) fetches with no interaction, on a phone and a
 * desktop screen: what comes into view on load differs, and a panel that loads code when it nears
 * the screen may do so on one and not the other. Its own Chromium (playwright-core), closed after.
 */
async function measureScripts(base: string, routes: string[]): Promise<FetchedRow[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS, timeout: 30_000 });
  try {
    const started = performance.now();
    const jobs = [...routes, null].flatMap((route) => (['phone', 'desktop'] as const).map((screen) => ({ route, screen })));
    let finished = 0;
    const results = await mapLimited(jobs, JS_CONCURRENCY, async ({ route, screen }) => {
      const result = await pageScripts(browser, base, route ?? NOT_FOUND_PATH, screen);
      finished += 1;
      if (process.stdout.isTTY) process.stdout.write(`  scripts fetched: ${finished}/${jobs.length} ${route ?? '404'}\x1b[K\r`);
      return result;
    });
    if (process.stdout.isTTY) process.stdout.write('\x1b[K');
    console.log(
      `JavaScript fetched with no interaction, Chromium ${browser.version()} (playwright-core, fresh context, no Lighthouse): ` +
        `${routes.length} route(s) and the 404 page measured in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    const byJob = (route: string | null, screen: Screen) => results[jobs.findIndex((job) => job.route === route && job.screen === screen)]!;
    return [...routes, null].map((route) => ({ route, phone: byJob(route, 'phone'), desktop: byJob(route, 'desktop') }));
  } finally {
    await browser.close();
  }
}

/** What an island fetched once due with no interaction (its panel near the screen at load), per screen. */
function islandCell(row: FetchedRow): string {
  const due = [row.phone, row.desktop].find((page) => page.islandDue)?.islandDue;
  if (!due) return '—';
  return `${kb(row.phone.islandGzip)} / ${kb(row.desktop.islandGzip)}  ${due}`;
}

/** What a row may fetch, and why that limit. */
function jsLimit(row: FetchedRow, courses: Set<string>): { limit: number; kind: string } {
  if (row.route === null) return { limit: JS_LIMITS.notFound, kind: '404' };
  return courses.has(row.route) ? { limit: JS_LIMITS.course, kind: 'course' } : { limit: JS_LIMITS.page, kind: 'page' };
}

/** Why a row misses its goals (empty: it meets them). */
function jsMisses(row: FetchedRow, courses: Set<string>): string[] {
  const { limit } = jsLimit(row, courses);
  const misses: string[] = [];
  const worst = Math.max(row.phone.gzip, row.desktop.gzip);
  if (worst > limit) misses.push(`${kb(worst)} KB > ${kb(limit)} KB`);
  if (row.phone.react || row.desktop.react) misses.push(`React (${[row.phone, row.desktop].filter((page) => page.react).map((page) => page.screen).join(', ')})`);
  const expected = row.route === null ? 404 : 200;
  for (const page of [row.phone, row.desktop]) {
    if (page.status !== expected) misses.push(`answered ${page.status} on ${page.screen}, not ${expected}`);
  }
  return [...new Set(misses)];
}

/**
 * The table: one row per route, the gzip KB on each screen (a row's figure against its limit is
 * the larger), the scripts fetched, React or not; then each distinct script with its size and on
 * how many routes it was fetched, so the cost of a row can be read off without a second tool.
 */
function printScriptTable(rows: FetchedRow[], courses: Set<string>, dist: string): void {
  const header = ['', 'route', 'kind', 'phone KB', 'desktop KB', 'limit KB', 'scripts', 'React', 'island KB (why)'];
  const cells = rows.map((row) => {
    const { limit, kind } = jsLimit(row, courses);
    const unsettled = row.phone.unsettled || row.desktop.unsettled;
    return [
      jsMisses(row, courses).length > 0 ? '✗' : ' ',
      // `~`: the network never went quiet, so the page may fetch more later than we waited.
      `${row.route ?? `404 (${NOT_FOUND_PATH})`}${unsettled ? ' ~' : ''}`,
      kind,
      kb(row.phone.gzip),
      kb(row.desktop.gzip),
      kb(limit),
      String(Math.max(row.phone.scripts.length, row.desktop.scripts.length)),
      row.phone.react || row.desktop.react ? 'yes' : 'no',
      islandCell(row),
    ];
  });
  console.log(
    `Same-origin scripts (resource type script) from the request to ${QUIET_MS / 1000} s of network quiet after load, ` +
      `before any island was due (what came once it was: "island KB", phone / desktop), ` +
      `gzip -9 of the served files, of ${dist}; phone ${SCREENS.phone.viewport.width}×${SCREENS.phone.viewport.height}, ` +
      `desktop ${SCREENS.desktop.viewport.width}×${SCREENS.desktop.viewport.height}:\n`,
  );
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column <= 2 || column === 8 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of cells) console.log(line(row));

  const pages = rows.filter((row) => row.route !== null).map((row) => Math.max(row.phone.gzip, row.desktop.gzip));
  if (pages.length > 0) {
    const sorted = [...pages].sort((a, b) => a - b);
    console.log(`\nRoutes (the larger screen): min ${kb(sorted[0]!)} KB, median ${kb(median(sorted))} KB, max ${kb(sorted[sorted.length - 1]!)} KB.`);
  }
  console.log('\nScripts fetched (gzip -9 KB, on how many of the rows above):');
  const scripts = new Map<string, { gzip: number; react: boolean; rows: number }>();
  for (const row of rows) {
    const paths = new Set<string>();
    for (const script of [...row.phone.scripts, ...row.desktop.scripts]) {
      paths.add(script.path);
      scripts.set(script.path, { gzip: script.gzip, react: script.react, rows: scripts.get(script.path)?.rows ?? 0 });
    }
    for (const path of paths) scripts.get(path)!.rows += 1;
  }
  for (const [path, script] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${kb(script.gzip).padStart(6)}  ${path}${script.react ? '  (React)' : ''}  on ${script.rows}`);
  }

  const missed = rows.filter((row) => jsMisses(row, courses).length > 0);
  const react = rows.filter((row) => row.phone.react || row.desktop.react);
  console.log(
    `\nGoals: at most ${kb(JS_LIMITS.course)} KB on a course page and the 404 page, ${kb(JS_LIMITS.page)} KB on any other route, before an island is due; no React before it.`,
  );
  console.log(react.length === 0 ? 'No route fetches React before an island is due.' : `${react.length} of ${rows.length} row(s) fetch React before an island is due.`);
  console.log(missed.length === 0 ? `All ${rows.length} row(s) meet them.` : `${missed.length} of ${rows.length} row(s) miss one (✗):`);
  for (const row of missed) console.log(`  ${row.route ?? '404'}: ${jsMisses(row, courses).join(', ')}`);
}

/** {@link audit}, or null (with the reason printed) when Lighthouse cannot measure the page. */
async function tryAudit(port: number, base: string, files: string, route: string): Promise<Measure | null> {
  try {
    return await audit(port, base, files, route);
  } catch (error) {
    console.log(`  ${route}: not measured: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Runs Lighthouse on one page; a run that fails to record (it happens on a loaded machine) is retried. */
async function audit(port: number, base: string, files: string, route: string, attempts = 3): Promise<Measure> {
  const url = new URL(route, base).href;
  let result: Awaited<ReturnType<typeof lighthouse>>;
  let problem: string | undefined;
  try {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Screenshots score nothing and cost time on every route.
      disableFullPageScreenshot: true,
      skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
    });
    problem = !result ? 'Lighthouse returned nothing' : result.lhr.runtimeError?.message;
  } catch (error) {
    result = undefined;
    problem = error instanceof Error ? error.message : String(error);
  }
  if (problem || !result) {
    if (attempts > 1) return audit(port, base, files, route, attempts - 1);
    throw new Error(`Lighthouse could not audit ${url}: ${problem}`);
  }
  const { lhr } = result;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const origin = new URL(base).origin;
  const requests = tableItems(lhr, 'network-requests');
  const scripts = requests
    .filter((item) => item.resourceType === 'Script' && typeof item.url === 'string' && item.url.startsWith(origin))
    .map((item) => new URL(String(item.url)).pathname)
    .map((path) => ({ path, gzip: gzipSync(readFileSync(join(files, path)), { level: 9 }).length }));
  const external = requests
    .map((item) => String(item.url))
    .filter((requested) => !requested.startsWith(origin) && !requested.startsWith('data:') && !requested.startsWith('blob:'));
  const metrics = tableItems(lhr, 'metrics')[0] ?? {};
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null])) as Measure['scores'];
  const failing = CATEGORIES.filter((id) => (scores[id] ?? 0) < TARGETS[id]).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue || `score ${lhr.audits[ref.id]?.score}`})${examples(lhr, ref.id)}`),
  );
  return {
    route,
    scores,
    lcp: numeric('largest-contentful-paint'),
    observedLcp: Number(metrics.observedLargestContentfulPaint ?? Number.NaN),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    scripts,
    external,
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    report: lhr,
  };
}

/** Writes a route's Lighthouse report as `<dir>/<route>.json` (`index.json` for /). */
function saveReport(dir: string, measure: Measure): void {
  mkdirSync(dir, { recursive: true });
  const name = measure.route === '/' ? 'index' : measure.route.slice(1).replaceAll('/', '_');
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(measure.report));
}

/** What an audit found, in short: the first few items of its table (messages, URLs or elements). */
function examples(lhr: Result, id: string): string {
  const shown = tableItems(lhr, id)
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { snippet?: string } | undefined;
      const text = [item.description, item.url, node?.snippet].find((value) => typeof value === 'string');
      return (text ?? '').slice(0, 160);
    })
    .filter(Boolean);
  return shown.length > 0 ? `\n        ${shown.join('\n        ')}` : '';
}

/** The rows of an audit's table details. */
function tableItems(lhr: Result, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details;
  return details && 'items' in details && Array.isArray(details.items) ? (details.items as Record<string, unknown>[]) : [];
}

function printTable(measures: Measure[]): void {
  // `bench`: Lighthouse's benchmark index during that run; a low one means a busy CPU and inflated timings.
  const header = ['', 'route', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'CLS', 'TBT', 'JS gzip KB', 'bench'];
  const rows = measures.map((measure) => {
    const { scores } = measure;
    const misses = misses_(measure);
    return [
      misses.length > 0 ? '✗' : ' ',
      measure.route,
      score(scores.performance),
      score(scores.accessibility),
      score(scores['best-practices']),
      score(scores.seo),
      ms(measure.lcp),
      measure.cls.toFixed(3),
      ms(measure.tbt),
      kb(measure.scripts.reduce((sum, script) => sum + script.gzip, 0)),
      String(Math.round(measure.benchmarkIndex)),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));

  const missed = measures.filter((measure) => misses_(measure).length > 0);
  console.log(`\nTargets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.seo}, CLS 0.`);
  console.log(missed.length === 0 ? `All ${measures.length} route(s) meet them.` : `${missed.length} of ${measures.length} route(s) miss one (✗):`);
  for (const measure of missed) {
    console.log(`  ${measure.route}: ${misses_(measure).join(', ')}`);
    for (const audit of measure.failing) console.log(`      ${audit}`);
  }
}

function misses_(measure: Measure): string[] {
  const misses = CATEGORIES.filter((id) => (measure.scores[id] ?? 0) < TARGETS[id]).map((id) => `${id} ${score(measure.scores[id])}`);
  if (measure.cls > 0) misses.push(`CLS ${measure.cls.toFixed(3)}`);
  return misses;
}

const score = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The build copied, with the given routes' HTML stripped of every script and module preload: what
 * a plain static site would serve. Same CSS, images and markup, so only the JavaScript differs.
 */
function writeStaticCopy(build: string, folder: string, routes: string[]): string {
  cpSync(build, folder, { recursive: true });
  for (const route of routes) {
    const file = join(folder, htmlFileOf(route));
    const html = readFileSync(file, 'utf8')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
    writeFileSync(file, html);
  }
  return folder;
}

function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
}

interface Chrome {
  port: number;
  version: string;
  close(): Promise<void>;
}

/** Chromium with a DevTools port for Lighthouse, in a throwaway profile. */
function launchChrome(profile: string): Promise<Chrome> {
  const versionOutput = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout;
  const version = /[\d.]+\d/.exec(versionOutput)?.[0] ?? 'unknown';
  const child: ChildProcess = spawn(CHROME_PATH, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const close = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`Chromium did not open a DevTools port within 30 s:\n${output}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before it was ready:\n${output}`));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        child.removeAllListeners('exit');
        resolvePromise({ port: Number(match[1]), version, close });
      }
    });
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
