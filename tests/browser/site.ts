/**
 * What the browser tests need to know about the build under test (DIST): its routes with their
 * titles, its aliases, the site document, and when a page has finished hydrating.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page as BrowserPage } from 'playwright-core';
import { DATA_ELEMENT_ID, type InitialData, type PageData } from '../../src/app/data';
import type { Page } from '../../src/content/page-schema';
import { dataFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { DIST } from './harness';

export interface SiteRoute {
  route: string;
  /** The document title the page must have. */
  title: string;
  /** Its h1: the title of its first section, a hero. */
  heading: string;
}

/** The validated page data the build wrote for a route. */
export function pageData(route: string): Page {
  return (JSON.parse(readFileSync(join(DIST, dataFileOf(route)), 'utf8')) as PageData).page;
}

/** Every page of the build, from its data files (`_data/index.json` is `/`, `_data/a/b.json` is `/a/b`). */
export function siteRoutes(): SiteRoute[] {
  const dataDir = join(DIST, '_data');
  return readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const name = file.split(/[\\/]/).join('/').replace(/\.json$/, '');
      const { page } = JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as PageData;
      const first = page.sections[0];
      if (first?.type !== 'hero') throw new Error(`${file} does not start with a hero`);
      return { route: name === 'index' ? '/' : `/${name}`, title: page.meta.title, heading: first.title };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** Alias → canonical route, as the build wrote them for the server. */
export function siteAliases(): Map<string, string> {
  const redirects = JSON.parse(readFileSync(join(DIST, '_redirects.json'), 'utf8')) as { from: string; to: string }[];
  return new Map(redirects.map(({ from, to }) => [from, to]));
}

/** The validated site document the build embedded in its home page. */
export function builtSite(): Site {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const match = new RegExp(`<script id="${DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(html);
  if (!match?.[1]) throw new Error(`${DIST}/index.html carries no #${DATA_ELEMENT_ID}`);
  return (JSON.parse(match[1]) as InitialData).site;
}

/**
 * Waits until React has hydrated the whole page, then until its effects have run: every element
 * of #root carries React's props once hydrated (also inside Suspense boundaries that hydrate
 * later); a frame and a task after that, the commit's effects and any recoverable hydration
 * error are through.
 */
export async function waitForHydration(page: BrowserPage): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.waitForFunction(() => {
    // Resource hints React hoists into the HTML (image preloads) are not part of the tree.
    const all = [...document.querySelectorAll('#root *:not(link, meta, style, script, title)')];
    return all.length > 0 && all.every((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));
  });
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}
