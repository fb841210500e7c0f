/**
 * `npm run audit:phone [-- /route …] [--build] [--dist <dir>] [--screenshots [--out <dir>] [--shots /a,/b]] [--json <file>]`
 *
 * What a visitor sees of every route (and of the 404 page, at an unknown URL) on a 320 px phone, a
 * 390 × 844 phone and a 1280 × 800 laptop, in Chromium: each page's height, whether the hero's first
 * action is on the first screen at 390 px, sideways scrolling and text leaving its box, e-mail and
 * phone links broken over two lines, items per row of the logo, photo and fact grids at 390 px,
 * headings with nothing under them, and what the floating call and chat controls cover (text at the
 * page's end, the hero's first action). Measured by scripts/bench/phone-layout.ts; rows that miss
 * the goals of issue 29 are marked with "!":
 *   height at 390 px ≤ 8,000 (home) or 6,000 px (any other route); the first action within 844 px;
 *   no sideways scrolling, no text out of its box, no contact link on two lines at any width;
 *   logos ≥ 3 a row, photos ≥ 2, fact cards ≥ 2 at 390 px; no empty heading; nothing covered.
 *
 * `--screenshots` also saves full-page screenshots at 390 and 1280 px of the home page, a course
 * page, /seminar, /placement, /contact and the 404 page into tests/.output/phone/ (`--out <dir>`
 * for another folder, `--shots /a,/b,404` for other pages, `--first-screen` for what the first
 * screen shows rather than the whole page). `--parts` lists where each route's height
 * goes at 390 px: its sections, header and footer, tallest first. `--dist <dir>` measures another build (a checkout of an older
 * commit, built there). Reports; exits 0 whatever it finds (1 only when it cannot run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { loadContent } from '../src/content/load';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/bench/chromium';
import { mapLimited } from '../scripts/bench/page-scripts';
import { LAYOUT_SCREENS, LAYOUT_WIDTHS, measureLayout, type DenseGrid, type LayoutMeasure, type LayoutWidth } from '../scripts/bench/phone-layout';
import { serve } from '../scripts/hosting/serve';

const ROOT = resolve(import.meta.dirname, '..');
const NOT_FOUND_PATH = '/no-such-page-cesa-audit';
const NOT_FOUND_LABEL = '404';
/** The goals of issue 29, at 390 px. */
const GOALS = { homeHeight: 8000, height: 6000, firstScreen: 844, perRow: { logos: 3, gallery: 2, facts: 2 } satisfies Record<DenseGrid, number> } as const;
const DEFAULT_SHOTS = ['/', '/etabs', '/seminar', '/placement', '/contact', NOT_FOUND_LABEL];
/** Pages measured at once: the machine's two cores are shared. */
const CONCURRENCY = 2;

type RouteMeasures = Record<LayoutWidth, LayoutMeasure>;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: args[0] === '--' ? args.slice(1) : args,
    allowPositionals: true,
    options: {
      build: { type: 'boolean', default: false },
      dist: { type: 'string' },
      screenshots: { type: 'boolean', default: false },
      out: { type: 'string' },
      shots: { type: 'string' },
      json: { type: 'string' },
      parts: { type: 'boolean', default: false },
      'first-screen': { type: 'boolean', default: false },
    },
  });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`No Chromium at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
    return 1;
  }
  const dist = values.dist ? resolve(values.dist) : join(ROOT, 'dist');
  if (!values.dist && (values.build || !existsSync(join(dist, 'index.html')))) {
    console.log('Building dist/ …');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) return 1;
  }
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No build in ${dist} (no index.html).`);
    return 1;
  }

  const content = loadContent({ root: ROOT });
  const known = content.pages.map((entry) => entry.route).sort();
  const asked = positionals.map((route) => route.trim()).filter(Boolean);
  const unknown = asked.filter((route) => route !== NOT_FOUND_LABEL && !known.includes(route));
  if (unknown.length > 0) {
    console.error(`Not routes of the site: ${unknown.join(', ')}`);
    return 1;
  }
  const routes = asked.length > 0 ? asked : [...known, NOT_FOUND_LABEL];

  const server = await serve({ root: dist, firebaseJson: values.dist && existsSync(join(dist, '..', 'firebase.json')) ? join(dist, '..', 'firebase.json') : undefined });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'], timeout: 30_000 });
  try {
    const started = performance.now();
    const byRoute = await measureRoutes(browser, server.url, routes);
    console.log(`Layout of ${routes.length} page(s) at ${LAYOUT_WIDTHS.join(', ')} px, Chromium ${browser.version()}, in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);
    printTable(byRoute);
    printDetails(byRoute);
    if (values.parts) printParts(byRoute);
    if (values.json) {
      writeFileSync(resolve(values.json), `${JSON.stringify(Object.fromEntries(byRoute), null, 2)}\n`);
      console.log(`\nEvery figure: ${resolve(values.json)}`);
    }
    if (values.screenshots) await takeScreenshots(browser, server.url, values);
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Every route at every layout width, a few at once. */
async function measureRoutes(browser: Browser, base: string, routes: string[]): Promise<Map<string, RouteMeasures>> {
  const jobs = routes.flatMap((route) => LAYOUT_WIDTHS.map((width) => ({ route, width })));
  let done = 0;
  const results = await mapLimited(jobs, CONCURRENCY, async ({ route, width }) => {
    const measure = await measureRoute(browser, base, route, width);
    done += 1;
    if (process.stdout.isTTY) process.stdout.write(`  ${done}/${jobs.length} ${route} at ${width}\x1b[K\r`);
    return measure;
  });
  if (process.stdout.isTTY) process.stdout.write('\x1b[K');
  const byRoute = new Map<string, RouteMeasures>();
  jobs.forEach(({ route, width }, index) => {
    const entry = byRoute.get(route) ?? ({} as RouteMeasures);
    entry[width] = results[index]!;
    byRoute.set(route, entry);
  });
  return byRoute;
}

/** Screenshots of `--shots` (default DEFAULT_SHOTS) at 390 and 1280 px, into `--out`. */
async function takeScreenshots(browser: Browser, base: string, values: { out?: string | undefined; shots?: string | undefined; 'first-screen': boolean }): Promise<void> {
  const shotsDir = resolve(values.out ?? join(ROOT, 'tests/.output/phone'));
  const shots = values.shots ? values.shots.split(',').map((route) => route.trim()) : DEFAULT_SHOTS;
  mkdirSync(shotsDir, { recursive: true });
  for (const route of shots) {
    for (const width of [390, 1280] as const) {
      const file = join(shotsDir, `${route === '/' ? 'home' : route.replace(/^\//, '').replaceAll('/', '-')}-${width}.png`);
      await screenshot(browser, base, route, width, file, !values['first-screen']);
    }
  }
  console.log(`\nScreenshots (${values['first-screen'] ? 'the first screen' : 'full page'}, 390 and 1280 px): ${shotsDir}`);
}

function pathOf(route: string): string {
  return route === NOT_FOUND_LABEL ? NOT_FOUND_PATH : route;
}

async function openPage(browser: Browser, base: string, route: string, width: LayoutWidth) {
  const phone = width < 1024;
  const context = await browser.newContext({ viewport: LAYOUT_SCREENS[width], isMobile: phone, hasTouch: phone, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  // tsx compiles with esbuild's keepNames, which wraps named functions in __name(…): the page needs it too.
  await context.addInitScript('globalThis.__name = (target) => target;');
  const page = await context.newPage();
  await page.goto(new URL(pathOf(route), base).href, { waitUntil: 'load' });
  return { context, page };
}

async function measureRoute(browser: Browser, base: string, route: string, width: LayoutWidth): Promise<LayoutMeasure> {
  const { context, page } = await openPage(browser, base, route, width);
  try {
    return await measureLayout(page);
  } finally {
    await context.close();
  }
}

async function screenshot(browser: Browser, base: string, route: string, width: 390 | 1280, file: string, fullPage: boolean): Promise<void> {
  const { context, page } = await openPage(browser, base, route, width);
  try {
    // Every lazy picture in: scroll through the page once, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((done) => setTimeout(done, 30));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: file, fullPage });
  } finally {
    await context.close();
  }
}

/** The goals a route misses at 390 px (and at every width, for overflow and broken links). */
function misses(route: string, measures: RouteMeasures): string[] {
  const phone = measures[390];
  const out: string[] = [];
  const limit = route === '/' ? GOALS.homeHeight : GOALS.height;
  if (phone.height > limit) out.push('height');
  if (phone.heroAction && phone.heroAction.bottom > GOALS.firstScreen) out.push('action');
  if (LAYOUT_WIDTHS.some((width) => measures[width].overflowX > 0 || measures[width].overflowingText.length > 0)) out.push('overflow');
  if (LAYOUT_WIDTHS.some((width) => measures[width].brokenContactLinks.length > 0)) out.push('links');
  if (phone.grids.some((grid) => grid.perRow < Math.min(GOALS.perRow[grid.kind], grid.items))) out.push('grid');
  if (LAYOUT_WIDTHS.some((width) => measures[width].emptyHeadings.length > 0)) out.push('heading');
  if (LAYOUT_WIDTHS.some((width) => measures[width].coveredAtEnd.length > 0 || measures[width].coversHeroAction)) out.push('covered');
  return out;
}

function printTable(byRoute: Map<string, RouteMeasures>): void {
  const header = ['route', 'h@320', 'h@390', 'h@1280', 'action@390', 'overflow 320/390/1280', 'links 320/390/1280', 'rows@390 logos/photos/facts', 'empty h', 'covered end/action', ''];
  const rows = [...byRoute].map(([route, m]) => {
    const phone = m[390];
    const rowsOf = (kind: DenseGrid) => {
      const grids = phone.grids.filter((grid) => grid.kind === kind);
      return grids.length === 0 ? '–' : String(Math.min(...grids.map((grid) => grid.perRow)));
    };
    const missed = misses(route, m);
    return [
      route,
      fmt(m[320].height),
      fmt(phone.height),
      fmt(m[1280].height),
      phone.heroAction ? `${fmt(phone.heroAction.bottom)}${phone.heroAction.bottom > GOALS.firstScreen ? ' !' : ''}` : 'none',
      LAYOUT_WIDTHS.map((width) => `${m[width].overflowX > 0 ? `+${m[width].overflowX}px ` : ''}${m[width].overflowingText.length}`).join('/'),
      LAYOUT_WIDTHS.map((width) => m[width].brokenContactLinks.length).join('/'),
      `${rowsOf('logos')}/${rowsOf('gallery')}/${rowsOf('facts')}`,
      String(Math.max(...LAYOUT_WIDTHS.map((width) => m[width].emptyHeadings.length))),
      `${Math.max(...LAYOUT_WIDTHS.map((width) => m[width].coveredAtEnd.length))}/${LAYOUT_WIDTHS.some((width) => m[width].coversHeroAction) ? 'yes' : 'no'}`,
      missed.length > 0 ? `! ${missed.join(', ')}` : '',
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const heights = [...byRoute].filter(([route]) => route !== NOT_FOUND_LABEL).map(([route, m]) => ({ route, height: m[390].height }));
  const over = heights.filter(({ route, height }) => height > (route === '/' ? GOALS.homeHeight : GOALS.height));
  const late = [...byRoute].filter(([, m]) => m[390].heroAction && m[390].heroAction.bottom > GOALS.firstScreen);
  console.log(
    `\nAt 390 px: ${over.length} route(s) over their height goal (home ${fmt(GOALS.homeHeight)}, others ${fmt(GOALS.height)} px), ` +
      `${late.length} with the hero's first action below ${GOALS.firstScreen} px; tallest ${heights.sort((a, b) => b.height - a.height).slice(0, 3).map(({ route, height }) => `${route} ${fmt(height)}`).join(', ')}.`,
  );
}

/** What lies behind the counts: the first few of each finding, per route and width. */
function printDetails(byRoute: Map<string, RouteMeasures>): void {
  const lines: string[] = [];
  for (const [route, m] of byRoute) {
    for (const width of LAYOUT_WIDTHS) {
      const found: [string, string[]][] = [
        ['text out of its box', m[width].overflowingText],
        ['contact link on two lines', m[width].brokenContactLinks],
        ['heading with nothing under it', m[width].emptyHeadings],
        ['covered by the call/chat controls at the end', m[width].coveredAtEnd],
        ['covered by the call/chat controls on the first screen', m[width].coversHeroAction ? [`the hero's first action (${m[width].heroAction?.label ?? ''})`] : []],
      ];
      for (const [what, items] of found) {
        if (items.length === 0) continue;
        const unique = [...new Set(items)];
        lines.push(`  ${route} at ${width}: ${what}: ${unique.slice(0, 4).join(' | ')}${unique.length > 4 ? ` (+${unique.length - 4})` : ''}`);
      }
    }
  }
  if (lines.length > 0) console.log(`\nDetails:\n${lines.join('\n')}`);
}

/** Each route's parts at 390 px, tallest first: where its height goes. */
function printParts(byRoute: Map<string, RouteMeasures>): void {
  console.log('\nParts at 390 px, tallest first:');
  for (const [route, m] of byRoute) {
    const parts = [...m[390].parts].sort((a, b) => b.height - a.height);
    console.log(`  ${route} (${fmt(m[390].height)}): ${parts.map(({ part, height }) => `${part} ${fmt(height)}`).join(', ')}`);
  }
}

function fmt(value: number): string {
  return value.toLocaleString('en-GB');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
