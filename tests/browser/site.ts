/**
 * What the browser tests need to know about the site under test: its routes with their titles,
 * its aliases, the site document, and when a page's parts have started working.
 *
 * The pages come from the content the build was made from (the project's pages/, or TEST_CONTENT's),
 * validated as the build validates them: a page added by an editor is tested like the others.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page as BrowserPage } from 'playwright-core';
import { loadContent, type Content } from '../../src/content/load';
import type { Page } from '../../src/content/page-schema';
import type { Site } from '../../src/content/site-schema';
import { DIST, ROOT } from './harness';

export interface SiteRoute {
  route: string;
  /** The document title the page must have. */
  title: string;
  /** Its h1: the title of its first section, a hero. */
  heading: string;
}

let loaded: Content | undefined;

/** The content the build under test was made from. */
function content(): Content {
  if (!loaded) {
    loaded = loadContent({ root: process.env.TEST_CONTENT ?? ROOT });
    if (loaded.errors.length > 0 || !loaded.site) throw new Error(`The content under test has errors: ${loaded.errors.map((error) => error.message).join('; ')}`);
  }
  return loaded;
}

/** The validated page of a route. */
export function pageData(route: string): Page {
  const entry = content().pages.find((candidate) => candidate.route === route);
  if (!entry) throw new Error(`No page at ${route}`);
  return entry.page;
}

/** Every page of the site. */
export function siteRoutes(): SiteRoute[] {
  return content()
    .pages.map(({ route, page, file }) => {
      const first = page.sections[0];
      if (first?.type !== 'hero') throw new Error(`${file} does not start with a hero`);
      return { route, title: page.meta.title, heading: first.title };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** Alias → canonical route, as the build wrote them for the server. */
export function siteAliases(): Map<string, string> {
  const redirects = JSON.parse(readFileSync(join(DIST, '_redirects.json'), 'utf8')) as { from: string; to: string }[];
  return new Map(redirects.map(({ from, to }) => [from, to]));
}

/** The validated site document. */
export function builtSite(): Site {
  return content().site!;
}

/**
 * Waits until every part of the page whose behaviour is due runs it (src/islands/attach.ts marks
 * each): the menu, the video and the dialogs at once, a part marked `data-behaviour-when="visible"`
 * (the counters) when it is within a screen's height of the screen. Then a frame and a task more.
 * Islands are not waited for: they are hydrated only when a visitor reaches for them.
 */
export async function waitForBehaviours(page: BrowserPage): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-behaviour]')].every((element) => {
      if (element.hasAttribute('data-behaviour-attached')) return true;
      if (element.getAttribute('data-behaviour-when') !== 'visible') return false;
      const box = element.getBoundingClientRect();
      return box.bottom < -window.innerHeight || box.top > 2 * window.innerHeight;
    }),
  );
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}
