/**
 * What a visitor sees on a phone (and that the same pages hold on a laptop), on every route and the
 * 404 page, measured in the page as `npm run audit:phone` measures it (scripts/bench/phone-layout.ts):
 * at 390 × 844 the hero's first action is on the first screen, above the call bar; the page is not
 * one to wade through (home ≤ 8,000 px, any other route ≤ 6,000 px); logos come three to a row,
 * photos and fact cards two. At 320, 390 and 1280 px nothing scrolls sideways or leaves its box, no
 * e-mail address or phone number breaks over two lines, no heading stands with nothing under it, and
 * the call and chat controls cover no text at the page's end nor the hero's first action.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LAYOUT_SCREENS, measureLayout, type LayoutMeasure, type LayoutWidth } from '../../scripts/bench/phone-layout';
import { browserHarness } from './harness';
import { siteRoutes } from './site';

const browser = browserHarness();
/** Every route, then the 404 page (at an address no page has). */
const pages = [...siteRoutes().map(({ route }) => route), '/no-such-page-phone-test'];
const NOT_FOUND = pages[pages.length - 1]!;
const HEIGHT = { home: 8000, page: 6000 } as const;
const PER_ROW = { logos: 3, gallery: 2, facts: 2 } as const;
const CONCURRENCY = 3;
const TEST_TIMEOUT_MS = 60_000;

async function measure(path: string, width: LayoutWidth): Promise<LayoutMeasure> {
  const phone = width < 1024;
  const session = await browser.newSession({ viewport: LAYOUT_SCREENS[width], contextOptions: { isMobile: phone, hasTouch: phone } });
  try {
    await session.page.goto(session.url(path), { waitUntil: 'load' });
    return await measureLayout(session.page);
  } finally {
    await session.context.close();
  }
}

describe('at 390 × 844, a phone', { concurrency: CONCURRENCY }, () => {
  for (const path of pages) {
    test(`${path === NOT_FOUND ? 'the 404 page' : path}: first action on the first screen, a page to read rather than wade through, dense grids`, { timeout: TEST_TIMEOUT_MS }, async () => {
      const seen = await measure(path, 390);
      if (seen.heroAction) {
        assert.ok(seen.heroAction.bottom <= LAYOUT_SCREENS[390].height, `the hero's first action (${seen.heroAction.label}) ends at ${seen.heroAction.bottom} px`);
        assert.equal(seen.coversHeroAction, false, 'the call bar does not cover the first action');
      }
      const limit = path === '/' ? HEIGHT.home : HEIGHT.page;
      assert.ok(seen.height <= limit, `${seen.height} px tall (at most ${limit}): ${seen.parts.map(({ part, height }) => `${part} ${height}`).join(', ')}`);
      for (const grid of seen.grids) {
        assert.ok(grid.perRow >= Math.min(PER_ROW[grid.kind], grid.items), `${grid.kind}: ${grid.perRow} to a row`);
      }
    });
  }
});

for (const width of [320, 390, 1280] as const) {
  describe(`at ${width} px`, { concurrency: CONCURRENCY }, () => {
    for (const path of pages) {
      test(`${path === NOT_FOUND ? 'the 404 page' : path}: nothing out of its box, no address over two lines, no empty heading, nothing covered`, { timeout: TEST_TIMEOUT_MS }, async () => {
        const seen = await measure(path, width);
        assert.equal(seen.overflowX, 0, 'no sideways scrolling');
        assert.deepEqual(seen.overflowingText, [], 'no text out of its box');
        assert.deepEqual(seen.brokenContactLinks, [], 'no e-mail address or phone number over two lines');
        assert.deepEqual(seen.emptyHeadings, [], 'no heading with nothing under it');
        assert.deepEqual(seen.coveredAtEnd, [], 'the call and chat controls cover no text at the end of the page');
        assert.equal(seen.coversHeroAction, false, "the call and chat controls do not cover the hero's first action");
      });
    }
  });
}

describe('a long grid on a phone, without JavaScript', () => {
  test('shows its first rows and the rest with one press on "Show all"; a wide screen shows everything with no button', { timeout: TEST_TIMEOUT_MS }, async () => {
    const route = siteRoutes().find(({ route: path }) => path === '/seminar');
    if (!route) return;
    const phone = await browser.newSession({ viewport: LAYOUT_SCREENS[390], contextOptions: { javaScriptEnabled: false, isMobile: true, hasTouch: true } });
    try {
      const { page } = phone;
      await page.goto(phone.url('/seminar'));
      const photos = page.locator('.gallery__figure');
      const visible = () => photos.evaluateAll((figures) => figures.filter((figure) => figure.checkVisibility()).length);
      const total = await photos.count();
      assert.equal(await visible(), 12);
      await page.getByText(`Show all ${total} photos`).click();
      assert.equal(await visible(), total);
    } finally {
      await phone.context.close();
    }
    const desktop = await browser.newSession({ viewport: LAYOUT_SCREENS[1280] });
    try {
      const { page } = desktop;
      await page.goto(desktop.url('/seminar'));
      const photos = page.locator('.gallery__figure');
      assert.equal(await photos.evaluateAll((figures) => figures.filter((figure) => figure.checkVisibility()).length), await photos.count());
      assert.equal(await page.locator('.show-all__toggle').isVisible(), false);
    } finally {
      await desktop.context.close();
    }
  });
});
