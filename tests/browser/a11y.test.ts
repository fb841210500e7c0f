/**
 * Accessibility in the browser: axe-core (WCAG 2.0 and 2.1, levels A and AA) on every route at
 * desktop and phone widths, and on the states only a visitor's action shows (phone menu, desktop
 * dropdown, FAQ answer, dialog); a visible focus indicator on every tab stop; one h1 per page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { audit, expectNoViolations, report } from './axe';
import { browserHarness, type PageOptions } from './harness';
import { siteRoutes, waitForBehaviours } from './site';

const browser = browserHarness();
const routes = siteRoutes();

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Routes audited at once: contexts are cheap, but the machine has two cores. */
const CONCURRENCY = 3;
const ROUTE_TIMEOUT_MS = 60_000;

async function expectOneH1(page: Page, where: string): Promise<void> {
  const headings = await page.locator('h1').allTextContents();
  assert.equal(headings.length, 1, `${where} has ${headings.length} h1: ${JSON.stringify(headings)}`);
}

describe('every route at desktop and phone widths', { concurrency: CONCURRENCY }, () => {
  for (const { route } of routes) {
    test(`${route}: no axe violations, one h1`, { timeout: ROUTE_TIMEOUT_MS }, async () => {
      await browser.withPage(
        route,
        async ({ page }) => {
          await waitForBehaviours(page);
          // One load per route, audited at each width in turn: loading is most of the cost.
          const reports: string[] = [];
          for (const [name, viewport] of Object.entries(VIEWPORTS)) {
            const where = `${route} (${name}, ${viewport.width}×${viewport.height})`;
            await page.setViewportSize(viewport);
            await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
            await expectOneH1(page, where);
            const violations = await audit(page);
            if (violations.length > 0) reports.push(report(where, violations));
          }
          assert.deepEqual(reports, [], reports.join('\n'));
        },
        { viewport: VIEWPORTS.desktop },
      );
    });
  }
});

describe('states shown by a visitor action', { concurrency: CONCURRENCY }, () => {
  const phone: PageOptions = { viewport: VIEWPORTS.phone };

  test('the phone menu, open with a group expanded', { timeout: ROUTE_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        await waitForBehaviours(page);
        const nav = page.getByRole('navigation', { name: 'Main' });
        await nav.getByRole('button', { name: 'Open menu' }).click();
        await nav.getByRole('button', { name: 'Our Courses' }).click();
        await nav.getByRole('button', { name: 'Structure' }).click();
        await nav.getByRole('link', { name: 'ETABS', exact: true }).waitFor();
        await expectNoViolations(page, '/ with the phone menu open');
      },
      phone,
    );
  });

  test('the audit finds a violation when there is one', { timeout: ROUTE_TIMEOUT_MS }, async () => {
    await browser.withPage('/about', async ({ page }) => {
      await waitForBehaviours(page);
      // An image without alt text and a button without a name, added to a page that has neither.
      await page.evaluate(() => {
        const image = document.createElement('img');
        image.src = '/favicon.svg';
        const button = document.createElement('button');
        document.querySelector('main')?.append(image, button);
      });
      const ids = (await audit(page)).map((violation) => violation.id);
      assert.ok(ids.includes('image-alt'), `image-alt reported: ${ids.join(', ')}`);
      assert.ok(ids.includes('button-name'), `button-name reported: ${ids.join(', ')}`);
    });
  });

  test('a desktop dropdown, open', { timeout: ROUTE_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/about',
      async ({ page }) => {
        await waitForBehaviours(page);
        await page.getByRole('button', { name: 'About Us' }).click();
        await page.getByRole('link', { name: 'Our Faculty' }).first().waitFor();
        await expectNoViolations(page, '/about with the About Us dropdown open');
      },
      { viewport: VIEWPORTS.desktop },
    );
  });

  test('a placement FAQ answer, open', { timeout: ROUTE_TIMEOUT_MS }, async () => {
    await browser.withPage('/placement', async ({ page }) => {
      await waitForBehaviours(page);
      // Each question is the summary of its answer's <details> (native disclosure, no script).
      const question = page.locator('summary', { has: page.getByRole('heading', { level: 3, name: 'Why CESA' }) });
      await question.click();
      await page.locator('details[open]', { has: question }).locator('.faq__answer').waitFor();
      await expectNoViolations(page, '/placement with an answer open');
    });
  });

  for (const path of ['/jobs', '/faculty-development-program']) {
    test(`the dialog of a card on ${path}, at both widths`, { timeout: ROUTE_TIMEOUT_MS }, async () => {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        await browser.withPage(
          path,
          async ({ page }) => {
            await waitForBehaviours(page);
            await page.locator('main button[aria-haspopup="dialog"]').first().click();
            await page.getByRole('dialog').waitFor();
            await expectNoViolations(page, `${path} (${name}) with a dialog open`);
          },
          { viewport },
        );
      }
    });
  }
});

/**
 * What has focus now and whether it shows (an outline or a box shadow); `again` once focus comes
 * back to an element it has been on (the walk has gone round the page).
 */
function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const store = window as unknown as { focusWalk?: WeakSet<Element> };
    const seen = (store.focusWalk ??= new WeakSet());
    // Focus inside a frame leaves the frame element active while its own document moves on.
    const frame = element.tagName === 'IFRAME';
    const again = !frame && seen.has(element);
    seen.add(element);
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return {
      description: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${label}"`,
      frame,
      again,
      visible: outline || shadow,
    };
  });
}

describe('visible focus on every tab stop', { concurrency: CONCURRENCY }, () => {
  /** More than the longest page has; the walk stops when focus comes round again. */
  const MAX_STOPS = 400;
  const pages: [string, keyof typeof VIEWPORTS][] = [
    ['/', 'desktop'],
    ['/', 'phone'],
    ['/placement', 'desktop'],
    ['/jobs', 'desktop'],
    ['/contact', 'phone'],
  ];
  for (const [path, name] of pages) {
    test(`${path} at ${name} width`, { timeout: 120_000 }, async () => {
      await browser.withPage(
        path,
        async ({ page }) => {
          await waitForBehaviours(page);
          let stops = 0;
          const hidden: string[] = [];
          for (let press = 0; press < MAX_STOPS; press += 1) {
            await page.keyboard.press('Tab');
            const focused = await focusState(page);
            // Past the last stop focus leaves the document for the browser's own UI.
            if (!focused || focused.again) break;
            // A frame's document draws its own focus: the page cannot style inside it.
            if (focused.frame) continue;
            stops += 1;
            if (!focused.visible) hidden.push(focused.description);
          }
          assert.ok(stops > 5, `Tab reached only ${stops} element(s) on ${path}`);
          assert.deepEqual(hidden, [], `no visible focus indicator on ${path} (${name}) for:\n  ${hidden.join('\n  ')}`);
        },
        { viewport: VIEWPORTS[name] },
      );
    });
  }
});
