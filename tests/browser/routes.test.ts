/**
 * Every route of the build in a real browser: served with 200, its own title and a single h1, its
 * parts working with no page error and no console error, and no React fetched until an island is
 * due (the brochure panel near the screen, or a visitor reaching for it). Aliases end on their canonical page, unknown URLs get the 404 page, and
 * links are ordinary page loads with the history working.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { ISLAND_DUE_MARK } from '../../src/islands/ids';
import { CHROMIUM_PATH, DESKTOP, LAUNCH_ARGS, browserHarness } from './harness';
import { builtSite, siteAliases, siteRoutes, waitForBehaviours, type SiteRoute } from './site';

const browser = browserHarness();
const routes = siteRoutes();
const aliases = siteAliases();
const site = builtSite();

const byRoute = new Map(routes.map((entry) => [entry.route, entry]));
function routeEntry(route: string): SiteRoute {
  const entry = byRoute.get(route);
  if (!entry) throw new Error(`${route} is not a page of the build`);
  return entry;
}

/** Pages loaded at once: contexts are cheap, but the machine has two cores. */
const CONCURRENCY = 3;
const TEST_TIMEOUT_MS = 45_000;

/** The HTTP status of the document now shown (after any redirect). */
function documentStatus(page: Page): Promise<number> {
  return page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStatus);
}

/** Waits until the page's behaviours run and its requests have settled, so late errors are seen. */
async function settle(page: Page): Promise<void> {
  await waitForBehaviours(page);
  await page.waitForLoadState('networkidle');
}

async function expectPage(page: Page, { title, heading }: SiteRoute): Promise<void> {
  assert.equal(await page.title(), title);
  const headings = (await page.locator('h1').allTextContents()).map((text) => text.trim());
  assert.deepEqual(headings, [heading], 'exactly one h1, the first hero title');
}

/** After a navigation: waits for the address, the new page and its title, then checks them. */
async function arrive(page: Page, address: string, entry: SiteRoute): Promise<void> {
  await page.waitForURL(address);
  await page.waitForFunction(
    ({ title, heading }) => document.title === title && document.querySelector('h1')?.textContent?.trim() === heading,
    entry,
  );
  await expectPage(page, entry);
}

describe(`every route at desktop width`, { concurrency: CONCURRENCY }, () => {
  for (const entry of routes) {
    test(`${entry.route}: 200, its title, one h1, no errors, no React until an island is due`, { timeout: TEST_TIMEOUT_MS }, async () => {
      const session = await browser.newSession({ viewport: DESKTOP });
      try {
        const { page, url } = session;
        const scripts: Promise<{ url: string; code: string }>[] = [];
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script') scripts.push(response.text().then((code) => ({ url: response.url(), code }), () => ({ url: response.url(), code: '' })));
        });
        await page.goto(url(entry.route), { waitUntil: 'load' });
        assert.equal(page.url(), url(entry.route), 'served at its own address, not redirected');
        assert.equal(await documentStatus(page), 200);
        await settle(page);
        await expectPage(page, entry);
        const fetched = await Promise.all(scripts);
        assert.ok(fetched.length > 0, 'the page runs its script');
        // What was requested once an island was due (its performance mark) is the island's.
        const island = await page.evaluate((mark) => {
          const due = performance.getEntriesByType('mark').find((candidate) => candidate.name.startsWith(mark)) as PerformanceMark | undefined;
          if (!due) return { reason: null, code: [] };
          const code = performance
            .getEntriesByType('resource')
            .filter((resource) => resource.startTime >= due.startTime)
            .map((resource) => resource.name);
          return { reason: String(due.detail), code };
        }, ISLAND_DUE_MARK);
        // Nobody reached for anything here: an island can only be due because its panel is near the screen.
        assert.ok(island.reason === null || island.reason === 'visible', `an island due at load only when near the screen, not "${island.reason}"`);
        const islandCode = new Set(island.code);
        for (const { url: script, code } of fetched) {
          if (islandCode.has(script)) continue;
          assert.doesNotMatch(code, /react\.(transitional\.)?element|__reactContainer|firebase/i, `no React or Firebase before an island is due (${script})`);
        }
        assert.deepEqual(session.problems, [], 'no errors');
      } finally {
        await session.context.close();
      }
    });
  }
});

describe('aliases and unknown addresses', { concurrency: CONCURRENCY }, () => {
  test('the aliases the spec names are in the build', () => {
    assert.equal(aliases.get('/Faculty'), '/faculty');
    assert.equal(aliases.get('/autocad'), '/structural-autocad');
  });

  for (const [alias, target] of aliases) {
    test(`${alias} ends on ${target}`, { timeout: TEST_TIMEOUT_MS }, async () => {
      await browser.withPage(alias, async ({ page, url }) => {
        assert.equal(page.url(), url(target));
        assert.equal(await documentStatus(page), 200);
        await settle(page);
        await expectPage(page, routeEntry(target));
      });
    });
  }

  test('an unknown address shows the 404 page with the menu and a way home', { timeout: TEST_TIMEOUT_MS }, async () => {
    // Chrome logs the 404 of the document itself; the check below proves it is the only failed load.
    const documentNotFound = /^Failed to load resource: the server responded with a status of 404/;
    await browser.withPage(
      '/no-such-course',
      async ({ page, url, problems }) => {
        assert.equal(await documentStatus(page), 404);
        assert.equal(page.url(), url('/no-such-course'), 'the address stays as typed');
        await settle(page);
        const failed = await page.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((entry) => entry.responseStatus >= 400)
            .map((entry) => entry.name),
        );
        assert.deepEqual(failed, [], 'every script, style and data file the 404 page asks for exists');
        assert.equal(problems.filter((problem) => documentNotFound.test(problem.text)).length, 1);
        assert.equal(await page.title(), `Page not found | ${site.shortName}`);
        assert.deepEqual(await page.locator('h1').allTextContents(), ['Page not found']);
        const nav = page.getByRole('navigation', { name: 'Main', exact: true });
        for (const item of site.menu) {
          const control = item.items.length > 0 ? nav.getByRole('button', { name: item.label }) : nav.getByRole('link', { name: item.label });
          assert.equal(await control.isVisible(), true, `the menu offers ${item.label}`);
        }
        const home = page.getByRole('main').getByRole('link', { name: 'Go to the home page' });
        assert.equal(await home.getAttribute('href'), '/');
        await home.click();
        await arrive(page, url('/'), routeEntry('/'));
      },
      { allowConsoleErrors: [documentNotFound] },
    );
  });
});

describe('navigation', () => {
  test('links are page loads of small static pages; the menu closes and Back and Forward work', { timeout: TEST_TIMEOUT_MS * 2 }, async () => {
    await browser.withPage(
      '/',
      async ({ page, url }) => {
        await settle(page);
        const nav = page.getByRole('navigation', { name: 'Main' });

        await nav.getByRole('link', { name: 'Contact us' }).click();
        await arrive(page, url('/contact'), routeEntry('/contact'));
        await settle(page);

        await nav.getByRole('button', { name: 'Our Courses' }).click();
        await nav.getByRole('button', { name: 'Structure' }).click();
        await nav.getByRole('link', { name: 'ETABS', exact: true }).click();
        await arrive(page, url('/etabs'), routeEntry('/etabs'));
        await settle(page);
        // The new page's menu is closed, and its link to itself says so.
        assert.equal(await nav.getByRole('button', { name: 'Our Courses' }).getAttribute('aria-expanded'), 'false');
        assert.equal(await page.locator('.menu__link[href="/etabs"]').getAttribute('aria-current'), 'page');

        await page.goBack();
        await arrive(page, url('/contact'), routeEntry('/contact'));
        await settle(page);
        assert.equal(await nav.getByRole('button', { name: 'Our Courses' }).getAttribute('aria-expanded'), 'false', 'the menu is closed on the page Back shows');

        await page.goBack();
        await arrive(page, url('/'), routeEntry('/'));

        await page.goForward();
        await arrive(page, url('/contact'), routeEntry('/contact'));
      },
      { viewport: DESKTOP },
    );
  });

  /**
   * The transition between pages in a browser that intercepts nothing (harness.ts says why the
   * harness's routed contexts cannot show it), kept on loopback by its resolver: every other host
   * is not found, so no request leaves the machine.
   */
  async function withUnroutedPage(options: { reducedMotion: 'reduce' | 'no-preference' }, fn: (page: Page, url: (path: string) => string) => Promise<void>): Promise<void> {
    const own = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...LAUNCH_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
      timeout: 30_000,
    });
    try {
      const context = await own.newContext({ viewport: DESKTOP, reducedMotion: options.reducedMotion });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      // Records, in each page the tab shows, whether the browser brought it in with a view transition.
      await page.addInitScript(() =>
        addEventListener('pagereveal', (event) => {
          document.documentElement.dataset.testRevealed = (event as Event & { viewTransition: unknown }).viewTransition ? 'transition' : 'plain';
        }),
      );
      const url = (path: string) => new URL(path, browser.baseUrl).href;
      await page.goto(url('/'), { waitUntil: 'load' });
      await settle(page);
      await fn(page, url);
      assert.deepEqual(errors, [], 'no page errors');
    } finally {
      await own.close();
    }
  }
  const revealed = async (page: Page) => {
    await page.waitForFunction(() => document.documentElement.dataset.testRevealed !== undefined);
    return page.locator('html').getAttribute('data-test-revealed');
  };

  test('a link the pointer rests on is prefetched, and the page it opens comes in with a view transition', { timeout: TEST_TIMEOUT_MS }, async () => {
    await withUnroutedPage({ reducedMotion: 'no-preference' }, async (page, url) => {
      const prefetched = page.waitForRequest((request) => request.url() === url('/contact') && /prefetch/.test(request.headers()['sec-purpose'] ?? ''));
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact us' });
      await link.hover();
      await prefetched;
      await link.click();
      await arrive(page, url('/contact'), routeEntry('/contact'));
      assert.equal(await revealed(page), 'transition');
      await page.goBack();
      await arrive(page, url('/'), routeEntry('/'));
      assert.equal(await revealed(page), 'transition', 'Back cross-fades too');
    });
  });

  test('a visitor who asks for less motion gets no transition between pages', { timeout: TEST_TIMEOUT_MS }, async () => {
    await withUnroutedPage({ reducedMotion: 'reduce' }, async (page, url) => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact us' }).click();
      await arrive(page, url('/contact'), routeEntry('/contact'));
      assert.equal(await revealed(page), 'plain');
    });
  });
});
