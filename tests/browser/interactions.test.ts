/**
 * The interactive parts in a real browser: header menus (desktop dropdowns by mouse and keyboard,
 * the phone menu), the placement FAQ, the jobs and programme dialogs, the counters, the hero video,
 * the contact page's map and external links, and the floating call and chat buttons.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { SectionOf } from '../../src/content/page-schema';
import { DESKTOP, browserHarness } from './harness';
import { builtSite, pageData, siteRoutes, waitForBehaviours } from './site';

const browser = browserHarness();
const site = builtSite();

const PHONE = { width: 390, height: 844 } as const;
const TEST_TIMEOUT_MS = 45_000;

function sectionOf<T extends SectionOf<'faq' | 'role-cards' | 'stats'>['type']>(route: string, type: T): SectionOf<T> {
  const section = pageData(route).sections.find((candidate): candidate is SectionOf<T> => candidate.type === type);
  if (!section) throw new Error(`${route} has no ${type} section`);
  return section;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function expectExpanded(button: Locator, expanded: boolean): Promise<void> {
  assert.equal(await button.getAttribute('aria-expanded'), String(expanded), `${await button.textContent()} aria-expanded`);
}

/** Whether the element that has focus is `locator`'s element. */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Links that leave the site must open in a new tab without handing it the page. */
async function expectNewTab(link: Locator, what: string): Promise<void> {
  assert.equal(await link.getAttribute('target'), '_blank', `${what} opens in a new tab`);
  const rel = (await link.getAttribute('rel'))?.split(/\s+/) ?? [];
  assert.ok(rel.includes('noopener') && rel.includes('noreferrer'), `${what} has rel="noopener noreferrer" (${rel.join(' ')})`);
}

describe('header menu at desktop width', () => {
  test('a dropdown opens on hover and closes when the pointer leaves; one at a time', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        await waitForBehaviours(page);
        const nav = mainNav(page);
        const about = nav.getByRole('button', { name: 'About Us' });
        const aboutLink = nav.getByRole('link', { name: 'About CESA' });
        await expectExpanded(about, false);
        assert.equal(await aboutLink.isVisible(), false, 'closed at first');

        await about.hover();
        await aboutLink.waitFor();
        await expectExpanded(about, true);

        const placement = nav.getByRole('button', { name: 'Placement' });
        await placement.hover();
        await nav.getByRole('link', { name: 'Jobs at CESA' }).waitFor();
        await aboutLink.waitFor({ state: 'hidden' });
        await expectExpanded(about, false);

        await page.getByRole('heading', { level: 1 }).hover();
        await nav.getByRole('link', { name: 'Jobs at CESA' }).waitFor({ state: 'hidden' });
        await expectExpanded(placement, false);
      },
      { viewport: DESKTOP },
    );
  });

  test('a dropdown opens with Enter on its button; Escape closes it and returns focus', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page, url }) => {
        await waitForBehaviours(page);
        const nav = mainNav(page);
        const about = nav.getByRole('button', { name: 'About Us' });
        await about.focus();
        await page.keyboard.press('Enter');
        await nav.getByRole('link', { name: 'About CESA' }).waitFor();
        await expectExpanded(about, true);

        // Into the dropdown and back out with Escape.
        await page.keyboard.press('Tab');
        assert.equal(await isFocused(nav.getByRole('link', { name: 'About CESA' })), true, 'Tab goes to the first link');
        await page.keyboard.press('Escape');
        await nav.getByRole('link', { name: 'About CESA' }).waitFor({ state: 'hidden' });
        await expectExpanded(about, false);
        assert.equal(await isFocused(about), true, 'focus is back on About Us');

        // Enter toggles; a nested submenu opens the same way and its links lead to their pages.
        await page.keyboard.press('Enter');
        await expectExpanded(about, true);
        await page.keyboard.press('Enter');
        await expectExpanded(about, false);
        const courses = nav.getByRole('button', { name: 'Our Courses' });
        await courses.focus();
        await page.keyboard.press('Enter');
        const structure = nav.getByRole('button', { name: 'Structure' });
        await structure.focus();
        await page.keyboard.press('Enter');
        const etabs = nav.getByRole('link', { name: 'ETABS', exact: true });
        await etabs.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(url('/etabs'));
        await etabs.waitFor({ state: 'hidden' });
        await expectExpanded(courses, false);
      },
      { viewport: DESKTOP },
    );
  });
});

describe('header menu at phone width', () => {
  test('the hamburger opens the menu, groups open independently, a link closes it', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page, url }) => {
        await waitForBehaviours(page);
        const nav = mainNav(page);
        const toggle = nav.getByRole('button', { name: 'Open menu' });
        const about = nav.getByRole('button', { name: 'About Us' });
        const placement = nav.getByRole('button', { name: 'Placement' });
        await expectExpanded(toggle, false);
        assert.equal(await about.isVisible(), false, 'the menu is closed at first');

        await toggle.click();
        const close = nav.getByRole('button', { name: 'Close menu' });
        await close.waitFor();
        await expectExpanded(close, true);
        assert.equal(await nav.getByRole('button', { name: 'Open menu' }).count(), 0, 'the toggle is renamed');
        const groups = site.menu.filter((item) => item.items.length > 0);
        for (const group of groups) {
          assert.equal(await nav.getByRole('button', { name: group.label }).isVisible(), true, `${group.label} is listed`);
        }

        await about.click();
        await placement.click();
        await expectExpanded(about, true);
        await expectExpanded(placement, true);
        assert.equal(await nav.getByRole('link', { name: 'About CESA' }).isVisible(), true);
        assert.equal(await nav.getByRole('link', { name: 'Jobs at CESA' }).isVisible(), true);

        await about.click();
        await expectExpanded(about, false);
        await expectExpanded(placement, true);
        assert.equal(await nav.getByRole('link', { name: 'About CESA' }).isVisible(), false, 'About Us closed on its own');
        assert.equal(await nav.getByRole('link', { name: 'Jobs at CESA' }).isVisible(), true, 'Placement stayed open');

        await nav.getByRole('link', { name: 'Jobs at CESA' }).click();
        await page.waitForURL(url('/jobs'));
        await waitForBehaviours(page);
        await nav.getByRole('button', { name: 'Open menu' }).waitFor();
        await expectExpanded(nav.getByRole('button', { name: 'Open menu' }), false);
        assert.equal(await placement.isVisible(), false, 'following a link closes the menu');

        // Escape closes it too, and gives focus back to the toggle.
        await nav.getByRole('button', { name: 'Open menu' }).click();
        await about.waitFor();
        await about.focus();
        await page.keyboard.press('Escape');
        await about.waitFor({ state: 'hidden' });
        assert.equal(await isFocused(nav.getByRole('button', { name: 'Open menu' })), true);
      },
      { viewport: PHONE },
    );
  });
});

describe('placement FAQ', () => {
  const faq = sectionOf('/placement', 'faq');

  test('one answer open at a time, the open one closes on click, + and − markers, by mouse and keyboard', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.ok(faq.items.length >= 2, 'at least two questions to switch between');
    await browser.withPage('/placement', async ({ page }) => {
      await waitForBehaviours(page);
      // Each question is the summary of its answer's <details>, and a heading in the page's outline.
      const question = (index: number) => page.locator('summary', { has: page.getByRole('heading', { level: 3, name: faq.items[index]!.question }) });
      const answer = (index: number) => page.locator('details', { has: question(index) }).locator('.faq__answer');
      const isOpen = (index: number) => page.locator('details', { has: question(index) }).evaluate((details) => (details as HTMLDetailsElement).open);
      const marker = (index: number) => question(index).locator('.faq__marker').evaluate((element) => getComputedStyle(element, '::before').content.replaceAll('"', ''));

      for (const [index] of faq.items.entries()) {
        assert.equal(await isOpen(index), false);
        assert.equal(await marker(index), '+');
        assert.equal(await answer(index).isVisible(), false);
      }

      await question(0).click();
      assert.equal(await isOpen(0), true);
      assert.equal(await marker(0), '−');
      assert.equal(await answer(0).isVisible(), true);
      assert.equal((await answer(0).textContent())?.includes(faq.items[0]!.answer[0]!), true, 'the answer is its own');

      await question(1).click();
      assert.equal(await isOpen(1), true);
      assert.equal(await isOpen(0), false, 'opening one closes the other');
      assert.equal(await answer(0).isVisible(), false);
      assert.equal(await marker(0), '+');
      assert.equal(await marker(1), '−');

      await question(1).click();
      for (const [index] of faq.items.entries()) assert.equal(await isOpen(index), false, 'clicking the open one closes it');

      // Keyboard: a summary is a button to the browser, so Enter and Space work.
      const last = faq.items.length - 1;
      await question(last).focus();
      await page.keyboard.press('Enter');
      assert.equal(await isOpen(last), true);
      await page.keyboard.press('Space');
      assert.equal(await isOpen(last), false);
    });
  });

  test('without JavaScript every answer opens, and the page is whole', { timeout: TEST_TIMEOUT_MS }, async () => {
    const session = await browser.newSession({ contextOptions: { javaScriptEnabled: false } });
    try {
      const { page } = session;
      await page.goto(session.url('/placement'));
      for (const item of faq.items) {
        const summary = page.locator('summary', { has: page.getByRole('heading', { level: 3, name: item.question }) });
        await summary.click();
        const answer = page.locator('details', { has: summary }).locator('.faq__answer');
        assert.equal(await answer.isVisible(), true, `${item.question} opens`);
      }
    } finally {
      await session.context.close();
    }
  });
});

describe('dialogs for job and programme cards', () => {
  for (const route of ['/jobs', '/faculty-development-program']) {
    const section = sectionOf(route, 'role-cards');
    const card = section.cards[1] ?? section.cards[0]!;

    test(`${route}: ${section.action} opens a modal dialog for that card`, { timeout: TEST_TIMEOUT_MS }, async () => {
      await browser.withPage(route, async ({ page }) => {
        await waitForBehaviours(page);
        const opener = page.getByRole('button', { name: `${section.action}: ${card.name}` });
        assert.equal((await opener.textContent())?.trim(), section.action, `the button reads ${section.action}`);
        await opener.click();

        const dialog = page.getByRole('dialog', { name: card.name });
        await dialog.waitFor();
        assert.equal(await dialog.evaluate((element) => element.matches(':modal')), true, 'modal: the page behind is inert');
        await page.waitForFunction((element) => element?.contains(document.activeElement) ?? false, await dialog.elementHandle());
        if (card.responsibilities.length > 0) assert.equal(await dialog.getByRole('heading', { name: 'Responsibilities' }).isVisible(), true);
        if (card.skills.length > 0) assert.equal(await dialog.getByRole('heading', { name: 'Skills required' }).isVisible(), true);
        for (const other of section.cards.filter((candidate) => candidate.id !== card.id)) {
          assert.equal(await dialog.getByRole('heading', { name: other.name }).count(), 0, `nothing about ${other.name}`);
        }

        // Apply goes to the external form in a new tab (not followed: the network is closed).
        const apply = dialog.getByRole('link', { name: 'Apply' });
        assert.equal(await apply.getAttribute('href'), site.form.url);
        await expectNewTab(apply, 'Apply');

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await isFocused(opener), true, 'Escape returns focus to the button');

        await opener.click();
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await page.getByRole('dialog').count(), 0, 'Close clears the selection');
        assert.equal(await isFocused(opener), true, 'Close returns focus to the button');

        // Another card opens its own dialog.
        const first = section.cards[0]!;
        if (first.id !== card.id) {
          await page.getByRole('button', { name: `${section.action}: ${first.name}` }).click();
          await page.getByRole('dialog', { name: first.name }).waitFor();
        }
      });
    });
  }
});

describe('counters on the home page', () => {
  const stats = sectionOf('/', 'stats');
  const format = new Intl.NumberFormat('en-US');
  const finals = stats.items.map((item) => `${format.format(item.value)}${item.suffix}`);
  const figures = (page: Page) => page.getByRole('region', { name: stats.title }).locator('li [aria-hidden="true"]');
  const shown = (page: Page) => figures(page).allTextContents();

  test('the prerendered HTML holds the final figures with a comma separator', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.ok(finals.includes('11,350+'), 'the content has 11,350+');
    const html = await (await fetch(`${browser.baseUrl}/`, { signal: AbortSignal.timeout(10_000) })).text();
    for (const figure of finals) assert.ok(html.includes(figure), `${figure} is in the HTML`);
  });

  test('they count up once scrolled into view and reach the figures within 4 s', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        const fetched: string[] = [];
        page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
        const counterCode = () => fetched.filter((path) => /\/assets\/behaviour-stats-[^/]*\.js$/.test(path));
        await waitForBehaviours(page);
        await page.waitForLoadState('networkidle');
        // Far below the fold on load: the final figures of the HTML, and no counter code fetched.
        assert.deepEqual(await shown(page), finals);
        assert.deepEqual(counterCode(), [], 'the counters load nothing until the band nears the screen');

        // Just below the screen: the counter code loads, and the figures wait at 0 out of sight.
        await page.evaluate(() => {
          const band = document.querySelector('.stats')!;
          window.scrollTo(0, band.getBoundingClientRect().top + window.scrollY - window.innerHeight - 40);
        });
        await page.waitForFunction((count) => {
          const texts = [...document.querySelectorAll('.stats li [aria-hidden="true"]')].map((element) => element.textContent);
          return texts.length === count && texts.every((text) => text?.startsWith('0'));
        }, finals.length);

        assert.equal(counterCode().length, 1, 'the counter code, fetched once');

        const started = Date.now();
        await figures(page).first().scrollIntoViewIfNeeded();
        // Counting: the largest figure passes through values between 0 and the final one.
        const largest = Math.max(...stats.items.map((item) => item.value));
        await page.waitForFunction(
          (target) =>
            [...document.querySelectorAll('.stats li [aria-hidden="true"]')].some((element) => {
              const value = Number(element.textContent?.replace(/[^\d]/g, ''));
              return value > 0 && value < target;
            }),
          largest,
          { polling: 'raf', timeout: 4000 },
        );
        await page.waitForFunction(
          (expected) => {
            const texts = [...document.querySelectorAll('.stats li [aria-hidden="true"]')].map((element) => element.textContent);
            return JSON.stringify(texts) === JSON.stringify(expected);
          },
          finals,
          { timeout: Math.max(1, 4500 - (Date.now() - started)) },
        );
        assert.ok(Date.now() - started < 4500, `reached the figures in ${Date.now() - started} ms`);
        assert.deepEqual(await shown(page), finals);
      },
      { viewport: DESKTOP },
    );
  });

  test('with reduced motion they show the final figures at once', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        await waitForBehaviours(page);
        assert.deepEqual(await shown(page), finals, 'before scrolling');
        await figures(page).first().scrollIntoViewIfNeeded();
        // Its behaviour loads as the band nears the screen: what it shows once it runs is what counts.
        await waitForBehaviours(page);
        await page.locator('.stats[data-behaviour-attached]').waitFor();
        await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
        assert.deepEqual(await shown(page), finals, 'after scrolling');
      },
      { viewport: DESKTOP, reducedMotion: 'reduce' },
    );
  });
});

describe('hero video on the home page', () => {
  const videoState = (page: Page) =>
    page.locator('.hero video').evaluate((element) => {
      const video = element as HTMLVideoElement;
      return { muted: video.muted, loop: video.loop, poster: video.getAttribute('poster'), paused: video.paused, time: video.currentTime };
    });

  test('it loops muted with a poster, and a visible button pauses and plays it', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        await waitForBehaviours(page);
        const state = await videoState(page);
        assert.equal(state.muted, true);
        assert.equal(state.loop, true);
        assert.ok(state.poster, 'has a poster');
        const poster = await fetch(new URL(state.poster, browser.baseUrl), { signal: AbortSignal.timeout(10_000) });
        assert.equal(poster.status, 200, 'the poster exists');

        const video = page.locator('.hero video');
        await page.waitForFunction((element) => !(element as HTMLVideoElement).paused, await video.elementHandle());
        const pause = page.getByRole('button', { name: 'Pause video' });
        await pause.scrollIntoViewIfNeeded();
        assert.equal(await pause.isVisible(), true);

        await pause.click();
        const play = page.getByRole('button', { name: 'Play video' });
        await play.waitFor();
        assert.equal((await videoState(page)).paused, true);

        await play.click();
        await pause.waitFor();
        await page.waitForFunction((element) => !(element as HTMLVideoElement).paused, await video.elementHandle());
      },
      { viewport: DESKTOP },
    );
  });

  test('with reduced motion it is not playing, and Play is offered', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        await waitForBehaviours(page);
        const state = await videoState(page);
        assert.equal(state.paused, true);
        assert.equal(state.time, 0);
        assert.equal(await page.getByRole('button', { name: 'Play video' }).count(), 1);
        assert.equal(await page.getByRole('button', { name: 'Pause video' }).count(), 0);
      },
      { viewport: DESKTOP, reducedMotion: 'reduce' },
    );
  });
});

describe('contact page', () => {
  test('the map loads lazily; every external link opens in a new tab with noopener noreferrer', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage('/contact', async ({ page }) => {
      await waitForBehaviours(page);
      const map = page.locator('iframe');
      assert.equal(await map.count(), 1);
      assert.equal(await map.getAttribute('loading'), 'lazy');
      assert.ok(await map.getAttribute('title'), 'the map has a title');

      const origin = new URL(browser.baseUrl).origin;
      const external = await page.locator('a[href^="http"]').evaluateAll(
        (links, siteOrigin) => links.filter((link) => new URL((link as HTMLAnchorElement).href).origin !== siteOrigin).length,
        origin,
      );
      // The enquiry form (hero and contact section), the social links, the footer's form link, chat.
      assert.ok(external >= site.social.length + 3, `found ${external} external links`);
      for (let index = 0; index < external; index += 1) {
        const link = page.locator(`a[href^="http"]:not([href^="${origin}"])`).nth(index);
        await expectNewTab(link, `${await link.textContent()} (${await link.getAttribute('href')})`);
      }
    });
  });
});

describe('floating call and chat buttons', () => {
  test('on every page, on screen at phone width', { timeout: 180_000 }, async () => {
    const session = await browser.newSession({ viewport: PHONE });
    try {
      const { page } = session;
      const routes = siteRoutes();
      for (const { route } of routes) {
        await page.goto(session.url(route), { waitUntil: 'load' });
        const quick = page.getByRole('complementary', { name: 'Quick contact' });
        const call = quick.getByRole('link', { name: `Call ${site.shortName}` });
        const chat = quick.getByRole('link', { name: new RegExp(`^Chat with ${site.shortName}`) });
        assert.equal(await call.getAttribute('href'), `tel:${site.contact.phone.replace(/[^\d+]/g, '')}`, `call on ${route}`);
        // WhatsApp opens with the first message typed: on a course page it names the course.
        const link = new URL((await chat.getAttribute('href')) ?? '');
        const base = new URL(site.contact.chat);
        assert.equal(`${link.origin}${link.pathname}`, `${base.origin}${base.pathname}`, `chat on ${route}`);
        const course = pageData(route).meta.course?.name;
        const text = link.searchParams.get('text') ?? '';
        assert.ok(text.length > 0, `the chat on ${route} opens with a message`);
        if (course) assert.ok(text.includes(course), `the chat on ${route} names ${course}: ${text}`);
        await expectNewTab(chat, `chat on ${route}`);
        for (const button of [call, chat]) {
          const box = await button.boundingBox();
          assert.ok(
            box && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height,
            `${await button.textContent()} is on screen on ${route}`,
          );
        }
      }
      assert.deepEqual(session.problems, [], 'no errors on any page');
    } finally {
      await session.context.close();
    }
  });

  test('the call button does not move when the chat button comes in (a page painted before it is parsed)', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/primavera',
      async ({ page }) => {
        const quick = page.getByRole('complementary', { name: 'Quick contact' });
        const call = quick.getByRole('link', { name: `Call ${site.shortName}` });
        // The page as its script leaves it (behaviours attached) first: a node removed under a behaviour still attaching is not what a visitor sees.
        await waitForBehaviours(page);
        const withBoth = await call.boundingBox();
        // What the browser shows if it paints while the HTML stream has reached only the first button.
        await quick.evaluate((aside) => aside.lastElementChild?.remove());
        assert.deepEqual(await call.boundingBox(), withBoth);
      },
      { viewport: PHONE },
    );
  });
});

describe("a course page's upcoming batches", () => {
  // A course page of the site with three upcoming batches or more, for the day the site was built.
  const route = siteRoutes()
    .map(({ route }) => route)
    .find((candidate) => (pageData(candidate).meta.course?.batches ?? []).filter((batch) => batch.start >= new Date().toISOString().slice(0, 10)).length >= 3);

  test('on a phone: the next batch, the rest one press away; on a wide screen: every batch, no button', { timeout: 60_000, skip: route === undefined ? 'no course has three upcoming batches today' : false }, async () => {
    for (const [viewport, shownFirst] of [[PHONE, 1], [DESKTOP, undefined]] as const) {
      const session = await browser.newSession({ viewport });
      try {
        const { page } = session;
        await page.goto(session.url(route!), { waitUntil: 'load' });
        const section = page.locator('.section--batches');
        const shown = () => section.locator('.batch-card').evaluateAll((cards) => cards.filter((card) => card.checkVisibility()).length);
        const total = await section.locator('.batch-card').count();
        const more = section.getByText(`Show all ${total} batches`);
        if (shownFirst === undefined) {
          assert.equal(await shown(), total, 'every batch on a wide screen');
          assert.equal(await more.isVisible(), false, 'no button on a wide screen');
        } else {
          assert.equal(await shown(), shownFirst, 'the next batch on a phone');
          await more.click();
          assert.equal(await shown(), total, 'every batch once asked');
        }
        assert.deepEqual(session.problems, []);
      } finally {
        await session.context.close();
      }
    }
  });
});
