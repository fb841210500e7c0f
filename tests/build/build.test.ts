/**
 * The production build, run for real on the project's content: one HTML file per route that reads
 * fully without JavaScript, with its own <head>; its own data only; and a failed build leaves the
 * last good output alone.
 */
// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structuredData } from '../../src/app/structured-data';
import { imageSizesOf, loadContent, type PageEntry } from '../../src/content/load';
import { dataFileOf, htmlFileOf } from '../../src/content/routes';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-build-test-'));
const outDir = path.join(work, 'dist');
const content = loadContent({ root });

const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
/** The text a reader without JavaScript gets: the HTML minus scripts and tags. */
const visibleText = (html: string) =>
  decode(html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/** Runs the real command (in its own process: React must load in production mode, unlike in tests). */
function build(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', outDir, ...args], { cwd: root, encoding: 'utf8' });
}

beforeAll(() => {
  const result = build();
  if (result.status !== 0) throw new Error(`the project's content does not build:\n${result.stderr}`);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run build', () => {
  it('has content to build', () => {
    expect(content.errors).toEqual([]);
    expect(content.pages.length).toBeGreaterThan(3);
  });

  it.each(content.pages.map((entry): [string, PageEntry] => [entry.route, entry]))('prerenders %s with its head and its content', (route, entry) => {
    const html = read(htmlFileOf(route));
    const { meta } = entry.page;
    const canonical = new URL(route, content.site!.url).href;
    expect(decode(attribute(html, /<title>([^<]*)<\/title>/) ?? '')).toBe(meta.title);
    expect(decode(attribute(html, /<meta name="description" content="([^"]*)"/) ?? '')).toBe(meta.description);
    expect(decode(attribute(html, /<meta name="keywords" content="([^"]*)"/) ?? '')).toBe(meta.keywords.join(', '));
    expect(decode(attribute(html, /<meta property="og:title" content="([^"]*)"/) ?? '')).toBe(meta.social?.title ?? meta.title);
    expect(decode(attribute(html, /<meta property="og:description" content="([^"]*)"/) ?? '')).toBe(meta.social?.description ?? meta.description);
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);

    // One h1, the first hero's title, readable without JavaScript.
    const hero = entry.page.sections[0]!;
    const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => visibleText(match[1]!).trim());
    expect(h1s).toEqual([hero.type === 'hero' ? hero.title : '']);
    const text = visibleText(html);
    for (const section of entry.page.sections) {
      if ('title' in section && section.title) expect(text).toContain(section.title);
    }
  });

  it('embeds only the page itself, and writes its data for client-side navigation', () => {
    const [first, second] = content.pages;
    const html = read(htmlFileOf(first!.route));
    expect(html).not.toContain(JSON.stringify(second!.page.meta.title));
    // The page as validated, and beside it the sizes of the images it shows.
    expect(JSON.parse(read(dataFileOf(second!.route)))).toEqual(JSON.parse(JSON.stringify({ page: second!.page, images: imageSizesOf(content.images, { page: second!.page }) })));
  });

  it('keeps the case of routes and writes a redirect page for each alias', () => {
    for (const [alias, target] of content.redirects) {
      expect(read(htmlFileOf(alias))).toContain(`url=${target}`);
    }
    expect(JSON.parse(read('_redirects.json'))).toEqual([...content.redirects].map(([from, to]) => ({ from, to })));
  });

  it('writes a 404 page with the menu and a way home', () => {
    const html = read('404.html');
    expect(visibleText(html)).toContain('Page not found');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to the home page<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });

  it('describes every page to search engines with one JSON-LD block in its head', () => {
    const blocks = (html: string) =>
      [...html.replace(/<\/head>[\s\S]*/, '').matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);
    for (const { route, page } of content.pages) {
      expect(blocks(read(htmlFileOf(route))), route).toEqual([structuredData(content.site!, route, page)]);
    }
    expect(blocks(read('404.html'))).toEqual([structuredData(content.site!, '/404', null)]);
  });

  it('lists every page, and no alias, in the sitemap', () => {
    const sitemap = read('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locs.sort()).toEqual(content.pages.map((entry) => entry.route).sort());
    expect(read('robots.txt')).toContain(`Sitemap: ${new URL('/sitemap.xml', content.site!.url).href}`);
  });

  it('builds the brochure PDF where the site document says', () => {
    expect(readFileSync(path.join(outDir, content.site!.brochure.file)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("loads one small script, which fetches the app and the page's section code after the first paint", () => {
    const entry = content.pages.find((candidate) => new Set(candidate.page.sections.map((section) => section.type)).size > 3)!;
    const html = read(htmlFileOf(entry.route));
    const scripts = [...html.matchAll(/<script type="module"[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toHaveLength(1);
    // Nothing the browser would fetch before the page is painted: src/boot.ts adds these later.
    expect(html).not.toContain('rel="modulepreload"');
    const listed = attribute(scripts[0]!, /data-preload="([^"]*)"/)!.split(' ');
    const types = new Set(entry.page.sections.map((section) => section.type).filter((type) => type !== 'hero'));
    expect(listed.length).toBeGreaterThan(types.size);
    for (const file of listed) expect(existsSync(path.join(outDir, file)), file).toBe(true);
    // The app's chunk asks Chromium to compile it off the main thread (scripts/lib/compile-hints.ts).
    const app = listed.find((file) => /\/entry-client-[^/]+\.js$/.test(file))!;
    expect(read(app.slice(1))).toMatch(/^[^\n]*\n?\/\/# allFunctionsCalledOnLoad\n/);
  });

  it("ships none of react-router's parts the site does not use (scripts/lib/router-tree-shaking.ts)", () => {
    const assets = path.join(outDir, 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // <ScrollRestoration>'s storage key: in the bundle whenever the package's unused components are.
    for (const file of scripts) expect(readFileSync(path.join(assets, file), 'utf8'), file).not.toContain('react-router-scroll-positions');
  });

  it('refuses invalid content and leaves the last good output untouched', () => {
    const broken = path.join(work, 'broken');
    cpSync(path.join(root, 'pages'), path.join(broken, 'pages'), { recursive: true });
    cpSync(path.join(root, 'public'), path.join(broken, 'public'), { recursive: true });
    writeFileSync(path.join(broken, 'pages/etabs.yaml'), readFileSync(path.join(broken, 'pages/etabs.yaml'), 'utf8').replace('type: hero', 'type: heroo'));
    const before = read('index.html');

    const result = build('--content', broken);

    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^pages\/etabs\.yaml:\d+:\d+ {2}sections\[0\]\.type {2}\[unknown-section-type\]$/m);
    expect(result.stderr).toContain('Did you mean "hero"?');
    expect(result.stderr).toContain('1 content error in 1 file.');
    expect(read('index.html')).toBe(before);
    expect(existsSync(path.join(outDir, 'etabs/index.html'))).toBe(true);
  }, 120_000);
});
