/**
 * The production build, run for real on the project's content: one HTML file per route that reads
 * fully without JavaScript, with its own <head>; its own data only; and a failed build leaves the
 * last good output alone.
 */
// @tier slow: builds the site in a child process
// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structuredData } from '../../src/app/structured-data';
import { courseIndexOf } from '../../src/content/course-facts';
import { loadContent, type PageEntry } from '../../src/content/load';
import { TEST_TODAY } from '../helpers/render';
import { htmlFileOf } from '../../src/content/routes';
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
  return spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--out', outDir, ...args], { cwd: root, encoding: 'utf8' });
}

beforeAll(() => {
  // Made for the tests' date: the batches upcoming on it are those the pages and their structured data show.
  const result = build('--today', TEST_TODAY);
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

  it('carries no page data: no JSON of the page in its HTML, no _data/ files', () => {
    const [first, second] = content.pages;
    const html = read(htmlFileOf(first!.route));
    expect(html).not.toContain(JSON.stringify(second!.page.meta.title));
    expect(html).not.toContain('id="cesa-data"');
    expect(existsSync(path.join(outDir, '_data'))).toBe(false);
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
    const courses = courseIndexOf(content.facts);
    for (const { route, page } of content.pages) {
      expect(blocks(read(htmlFileOf(route))), route).toEqual([structuredData(content.site!, route, page, { today: TEST_TODAY, courses })]);
    }
    expect(blocks(read('404.html'))).toEqual([structuredData(content.site!, '/404', null, { today: TEST_TODAY })]);
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

  it('loads one script, and preloads the behaviours the page runs at once (not those that wait for their part to near the screen), the islands\' scheduler where there is an island, and nothing else', () => {
    const assets = new Set(readdirSync(path.join(outDir, 'assets')));
    for (const { route, page } of content.pages) {
      const html = read(htmlFileOf(route));
      const scripts = [...html.matchAll(/<script type="module"[^>]*src="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
      expect(scripts, route).toHaveLength(1);
      expect(assets.has(scripts[0]!), route).toBe(true);
      const tags = [...html.matchAll(/<[a-z][^>]* data-behaviour="([a-z0-9-]+)"[^>]*>/g)];
      const named = new Set(tags.map((match) => match[1]!));
      const atOnce = new Set(tags.filter((match) => !match[0].includes('data-behaviour-when="visible"')).map((match) => match[1]!));
      const preloaded = [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
      // One chunk per behaviour the page runs at once (the header's on every page), each one that exists.
      expect(atOnce.has('header'), route).toBe(true);
      const [scheduler, behaviours] = [preloaded.filter((file) => file.startsWith('schedule-')), preloaded.filter((file) => !file.startsWith('schedule-'))];
      expect(behaviours.map((file) => /^behaviour-([a-z0-9-]+)-/.exec(file)?.[1]).sort(), route).toEqual([...atOnce].sort());
      // The islands' scheduler, where the page holds an island (it listens for the visitor reaching for it).
      expect(scheduler, route).toHaveLength(html.includes('<cesa-island ') ? 1 : 0);
      for (const file of preloaded) expect(assets.has(file), `${route}: ${file}`).toBe(true);
      // A page with a counter band names the stats behaviour; one without names none.
      expect(named.has('stats'), route).toBe(page.sections.some((section) => section.type === 'stats'));
    }
  });

  it('ships no React and no Firebase in the script every page loads or in any behaviour', () => {
    const assets = path.join(outDir, 'assets');
    const html = read('index.html');
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)![1]!;
    const behaviours = readdirSync(assets).filter((file) => file.startsWith('behaviour-'));
    expect(behaviours.length).toBeGreaterThan(0);
    for (const file of [entry, ...behaviours]) {
      const code = readFileSync(path.join(assets, file), 'utf8');
      expect(code, file).not.toMatch(/react\.(transitional\.)?element|__reactProps|firebase/i);
      // Nor does it import a chunk that has them: behaviours and the entry import nothing statically but each other.
      for (const imported of code.matchAll(/from\s*["']\.\/([^"']+)["']/g)) expect(imported[1], file).toMatch(/^(index|behaviour|schedule)-/);
    }
  });

  it('puts each island in the page with its props as a JSON data block, and the brochure island where a brochure section is', () => {
    for (const { route, page } of content.pages) {
      const html = read(htmlFileOf(route));
      const islands = [...html.matchAll(/<cesa-island id="(i\d+)" data-island="([a-z0-9-]+)"/g)];
      expect(islands.filter((match) => match[2] === 'brochure').length, route).toBe(page.sections.filter((section) => section.type === 'brochure').length);
      for (const [, id] of islands) {
        const block = new RegExp(`<script type="application/json" id="${id}-props">([^<]*)</script>`).exec(html);
        expect(block, `${route} ${id}`).not.toBeNull();
        const props = JSON.parse(block![1]!) as { file: string; firebase: { projectId: string } };
        expect(props.file).toBe(content.site!.brochure.file);
        expect(props.firebase.projectId).toBe(content.site!.firebase.projectId);
      }
    }
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
