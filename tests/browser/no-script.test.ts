/**
 * With JavaScript off (a blocked script, an old phone, a reader mode): every route is readable, its
 * links lead somewhere, the FAQ answers open (interactions.test.ts), and no visible control does
 * nothing. The only buttons shown are those the browser runs itself: a job card's button opens its
 * dialog (an invoker command), and on desktop a menu group's button opens its dropdown while focused.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, browserHarness } from './harness';
import { siteRoutes } from './site';

const browser = browserHarness();
const routes = siteRoutes();

/** What a visible button does without script, or null when it does nothing. */
async function visibleButtonsThatDoNothing(page: Page, desktop: boolean): Promise<string[]> {
  const useless: string[] = [];
  const buttons = page.locator('button:visible');
  for (let index = 0; index < (await buttons.count()); index += 1) {
    const button = buttons.nth(index);
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent())?.trim() ?? '';
    const target = await button.getAttribute('commandfor');
    if (target && (await button.getAttribute('command')) === 'show-modal') {
      await button.click();
      const opened = await page.locator(`dialog[id="${target}"]`).evaluate((dialog) => (dialog as HTMLDialogElement).open);
      if (opened) await page.keyboard.press('Escape');
      if (!opened) useless.push(`${name} (its dialog did not open)`);
      continue;
    }
    const list = await button.getAttribute('aria-controls');
    if (desktop && list && (await button.evaluate((element) => element.classList.contains('menu__toggle')))) {
      await button.focus();
      if (!(await page.locator(`[id="${list}"]`).isVisible())) useless.push(`${name} (focus did not open its list)`);
      await page.locator('body').focus();
      continue;
    }
    // A job dialog's own buttons are not visible until it opens; any other visible button does nothing.
    useless.push(name);
  }
  return useless;
}

for (const [width, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  describe(`without JavaScript, at ${width} width`, { concurrency: 2 }, () => {
    for (const entry of routes) {
      test(`${entry.route}: readable, its menu's links reachable, no control that does nothing`, { timeout: 60_000 }, async () => {
        const session = await browser.newSession({ viewport, contextOptions: { javaScriptEnabled: false } });
        try {
          const { page } = session;
          await page.goto(session.url(entry.route));
          assert.equal(await page.title(), entry.title);
          assert.equal((await page.locator('h1').textContent())?.trim(), entry.heading);
          assert.equal(await page.locator('h1').isVisible(), true);
          // The main menu's links: listed (phone) or reachable by focusing their group (desktop).
          const nav = page.getByRole('navigation', { name: 'Main' });
          if (width === 'phone') {
            const links = nav.getByRole('link');
            for (let index = 0; index < (await links.count()); index += 1) assert.equal(await links.nth(index).isVisible(), true, await links.nth(index).innerText());
          }
          assert.deepEqual(await visibleButtonsThatDoNothing(page, width === 'desktop'), []);
        } finally {
          await session.context.close();
        }
      });
    }
  });
}

describe('without JavaScript, links navigate', () => {
  test('a menu link and a footer link load their pages', { timeout: 60_000 }, async () => {
    const session = await browser.newSession({ viewport: PHONE, contextOptions: { javaScriptEnabled: false } });
    try {
      const { page } = session;
      await page.goto(session.url('/'));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact us' }).click();
      await page.waitForURL(session.url('/contact'));
      // On a phone the footer's columns of links are disclosures: open the first, as a visitor does.
      await page.getByRole('contentinfo').locator('summary').first().click();
      const footerLink = page.getByRole('contentinfo').getByRole('link').filter({ has: page.locator('xpath=self::*[starts-with(@href, "/")]') }).first();
      const href = (await footerLink.getAttribute('href'))!;
      await footerLink.click();
      await page.waitForURL(session.url(href));
    } finally {
      await session.context.close();
    }
  });
});
