/**
 * Sign-in with Google on the home page, through the Firebase Auth emulator's popup, and the
 * brochure download it unlocks: one press on the panel's one action opens the popup, and the PDF
 * downloads once signed in, on a touch phone and with a mouse or keyboard. Run by
 * `npm run test:browser` (inside `firebase emulators:exec`).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, test } from 'node:test';
import type { Download, Locator, Page } from 'playwright-core';
import { parse } from 'yaml';
import { SiteSchema } from '../../src/content/site-schema';
import { ISLAND_DUE_MARK } from '../../src/islands/ids';
import { SIGN_IN_TO_DOWNLOAD, clearAccounts, openSignInPopup, seedGoogleAccount, signInWithAccount, signInWithNewAccount } from './emulator';
import { DESKTOP, ROOT, browserHarness, type PageSession } from './harness';
import { waitForBehaviours } from './site';

const browser = browserHarness();
const site = SiteSchema.parse(parse(await readFile(join(ROOT, 'pages/_site.yaml'), 'utf8')));

/** Every test gets this long; the popup-closed one waits about 10 s for the SDK to give up. */
const TEST_TIMEOUT_MS = 45_000;
/** The SDK polls the popup every 2 s, then waits 8 s before it reports that the user closed it. */
const POPUP_CLOSED_BUDGET_MS = 14_000;

/** A touch phone with no hover: what most of the academy's visitors hold. */
const TOUCH_PHONE = { viewport: { width: 390, height: 844 }, contextOptions: { hasTouch: true, isMobile: true } } as const;
/** The home page's last section: a visitor who follows a link to it lands far below the brochure panel. */
const FAR_FROM_THE_PANEL = '/#talk-to-us';

const panel = (page: Page) => page.getByRole('region', { name: 'Download our brochure' });
const signIn = (page: Page) => panel(page).getByRole('button', { name: SIGN_IN_TO_DOWNLOAD, exact: true });
const logout = (page: Page) => panel(page).getByRole('button', { name: 'Logout', exact: true });
const brochureLink = (page: Page) => panel(page).getByRole('link', { name: 'Download Brochure' });
const status = (page: Page) => panel(page).getByRole('status');

/** The lazily loaded Firebase chunk of the build. */
const FIREBASE_CHUNK = /\/assets\/firebase-[^/]*\.js$/;
/** What the brochure island brings when it is due: React (with react-dom's hydrate), the island's code, Firebase. */
const ISLAND_CODE = /\/assets\/(firebase|hydrate|jsx-runtime|island-brochure)-[^/]*\.js$/;

/** Records the island's code as the page fetches it. */
function islandRequests(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (ISLAND_CODE.test(pathname)) fetched.push(pathname);
  });
  return fetched;
}

/** Resolves when the Firebase chunk has arrived: sign-in's code is in the page. */
function signInArrives(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => FIREBASE_CHUNK.test(new URL(response.url()).pathname));
}

/** The brochure PDF a download delivered, checked: its name and its first bytes. */
async function expectBrochure(download: Download): Promise<void> {
  assert.equal(download.suggestedFilename(), site.brochure.fileName);
  const bytes = await readFile(await download.path());
  assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'the download is a PDF');
}

/** Presses Tab (only Tab: nothing scrolls the page or clicks) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, maxPresses = 400): Promise<number> {
  const handle = await target.elementHandle();
  for (let presses = 1; presses <= maxPresses; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((element) => document.activeElement === element, handle)) return presses;
  }
  throw new Error(`${maxPresses} presses of Tab never reached the element`);
}

const hasFocus = (locator: Locator) => locator.evaluate((element) => document.activeElement === element);

/** Signed out, the panel offers exactly one thing to do, and it can be done. */
async function expectOneAction(page: Page): Promise<void> {
  await signIn(page).waitFor();
  const actions = panel(page).locator('button, a[href]');
  assert.equal(await actions.count(), 1, 'one action in the panel');
  assert.equal(await signIn(page).isEnabled(), true);
  assert.equal(await signIn(page).getAttribute('aria-disabled'), null, 'not announced as unavailable');
  assert.equal(await logout(page).count(), 0, 'no Logout when signed out');
  assert.equal(await page.locator('a[download]').count(), 0, 'no download link when signed out');
}

async function expectSignedIn(page: Page): Promise<void> {
  await logout(page).waitFor();
  assert.equal(await signIn(page).count(), 0, 'no sign-in action when signed in');
  assert.equal(await brochureLink(page).isVisible(), true);
  assert.equal(await brochureLink(page).getAttribute('href'), site.brochure.file);
}

/** Where an element sits in the document (not the viewport, which scrolls). */
function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
}

/**
 * One press on the sign-in action: the popup opens from it; signing in there downloads the PDF with
 * no other press. `press` is the visitor's press (a tap, a click, Enter).
 */
async function pressSignInAndDownload(session: PageSession, press: () => Promise<void>): Promise<void> {
  const { page } = session;
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  const [popup] = await Promise.all([page.waitForEvent('popup'), press()]);
  await popup.waitForLoadState('domcontentloaded');
  const download = page.waitForEvent('download');
  await signInWithNewAccount(popup);
  await expectBrochure(await download);
  await expectSignedIn(page);
  assert.equal(popups, 1, 'one popup');
}

beforeEach(async () => {
  await clearAccounts();
});

describe('sign-in and the brochure on the home page', { timeout: TEST_TIMEOUT_MS * 12 }, () => {
  test('without JavaScript the panel says sign-in needs it, and shows no button that does nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const noJs = await browser.newSession({ contextOptions: { javaScriptEnabled: false } });
    try {
      await noJs.page.goto(noJs.url('/'));
      await noJs.page.getByText('Signing in needs JavaScript').waitFor();
      assert.equal(await noJs.page.getByText('Signing in needs JavaScript').isVisible(), true);
      assert.equal(await signIn(noJs.page).count(), 0, 'no sign-in that could not work');
      assert.equal(await logout(noJs.page).count(), 0);
    } finally {
      await noJs.context.close();
    }
  });

  test('a touch-phone visitor far from the panel fetches nothing of sign-in; scrolled to it, one tap opens the popup and the PDF downloads', { timeout: TEST_TIMEOUT_MS }, async () => {
    const session = await browser.newSession(TOUCH_PHONE);
    try {
      const { page } = session;
      const fetched = islandRequests(page);
      await page.goto(session.url(FAR_FROM_THE_PANEL), { waitUntil: 'load' });
      await waitForBehaviours(page);
      await page.waitForLoadState('networkidle');
      assert.ok((await box(panel(page))).y + 844 * 2 < (await page.evaluate(() => window.scrollY)), 'the panel is screens away');
      assert.deepEqual(fetched, [], 'no React, island or Firebase code while the panel is far from the screen');
      assert.equal(await page.evaluate((mark) => performance.getEntriesByName(`${mark}brochure`).length, ISLAND_DUE_MARK), 0);

      // Scrolling towards the panel brings sign-in before the visitor presses anything.
      const arrived = signInArrives(page);
      await panel(page).getByRole('heading').scrollIntoViewIfNeeded();
      await arrived;
      await expectOneAction(page);
      await pressSignInAndDownload(session, () => signIn(page).tap());
      assert.equal(fetched.filter((path) => FIREBASE_CHUNK.test(path)).length, 1, 'sign-in fetched once');
      assert.deepEqual(session.problems, [], 'no page errors');
    } finally {
      await session.context.close();
    }
  });

  test('with a mouse at 1280 px: one click opens the popup and the PDF downloads; the Download link takes the button\'s place', { timeout: TEST_TIMEOUT_MS }, async () => {
    const session = await browser.newSession({ viewport: DESKTOP });
    try {
      const { page } = session;
      const arrived = signInArrives(page);
      await page.goto(session.url('/'), { waitUntil: 'load' });
      await signIn(page).scrollIntoViewIfNeeded();
      await arrived;
      await expectOneAction(page);
      const before = await box(signIn(page));
      await pressSignInAndDownload(session, () => signIn(page).click());
      const after = await box(brochureLink(page));
      assert.deepEqual({ x: after.x, y: after.y }, { x: before.x, y: before.y }, 'the download link stands where the button stood');
      assert.deepEqual(session.problems, [], 'no page errors');
    } finally {
      await session.context.close();
    }
  });

  test('a keyboard user tabs to the one action, presses Enter once: popup, PDF, and the focus on the Download link', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage('/', async (session) => {
      const { page } = session;
      await waitForBehaviours(page);
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'starts at the top of the page');
      const presses = await tabTo(page, signIn(page));
      assert.ok(presses > 1, 'reached through the page, not first');
      await pressSignInAndDownload(session, () => page.keyboard.press('Enter'));
      assert.equal(await hasFocus(brochureLink(page)), true, 'the focus moved to the Download link');
    });
  });

  test('a press before sign-in has arrived says it is loading, and the popup opens from that press once it arrives', { timeout: TEST_TIMEOUT_MS }, async () => {
    const session = await browser.newSession(TOUCH_PHONE);
    const { page } = session;
    try {
      const release = await holdFirebase(page);
      await page.goto(session.url('/'), { waitUntil: 'load' });
      await waitForBehaviours(page);
      await signIn(page).scrollIntoViewIfNeeded();
      await release.requested;

      await pressSignInAndDownload(session, async () => {
        await signIn(page).tap();
        await status(page).filter({ hasText: 'Sign-in is loading…' }).waitFor();
        release.letThrough();
      });
      assert.equal(await status(page).textContent(), '', 'the status line is empty again');
      assert.deepEqual(session.problems, [], 'no page errors');
    } finally {
      await session.context.close();
    }
  });

  test('a press that can no longer open a window when sign-in arrives is asked for once more, and no popup opens by itself', { timeout: TEST_TIMEOUT_MS }, async () => {
    const session = await browser.newSession();
    const { page } = session;
    try {
      let popups = 0;
      page.on('popup', () => {
        popups += 1;
      });
      const release = await holdFirebase(page);
      await page.goto(session.url('/'), { waitUntil: 'load' });
      await waitForBehaviours(page);
      // Focus given by the page, not a key: nothing the visitor did counts as a press yet.
      await signIn(page).focus();
      await release.requested;
      await signIn(page).dispatchEvent('click');
      await status(page).filter({ hasText: 'Sign-in is loading…' }).waitFor();

      // From here the test must not evaluate anything in the page until sign-in has arrived:
      // Playwright's evaluations (locator waits included) count as a press. The status line reports
      // its changes through a binding instead.
      let statusChanged = (_text: string): void => undefined;
      const ready = new Promise<string>((resolve) => {
        statusChanged = (text) => {
          if (text.startsWith('Sign-in is ready')) resolve(text);
        };
      });
      await page.exposeFunction('cesaTestStatusChanged', (text: string) => statusChanged(text));
      // The moment of that press passes: a browser allows a window for about 5 s after a press, and
      // a window opened uses it up at once, which is how it is ended here without waiting.
      const spent = await page.evaluate(() => {
        const line = document.querySelector('.section--brochure [role="status"]')!;
        const report = (window as unknown as { cesaTestStatusChanged: (text: string) => void }).cesaTestStatusChanged;
        new MutationObserver(() => report(line.textContent ?? '')).observe(line, { childList: true, characterData: true, subtree: true });
        window.open('about:blank', '_blank', 'popup')?.close();
        return !navigator.userActivation.isActive;
      });
      assert.equal(spent, true, 'the press can no longer open a window');
      popups = 0;
      // The window took the foreground from the page; the page has it again, as after a real popup closed.
      await page.bringToFront();
      release.letThrough();
      assert.equal(await ready, `Sign-in is ready: press “${SIGN_IN_TO_DOWNLOAD}” again to choose your account.`);
      assert.equal(popups, 0, 'no popup opens by itself');
      assert.equal(await hasFocus(signIn(page)), true, 'the focus stayed on the button');

      await pressSignInAndDownload(session, () => page.keyboard.press('Enter'));
      assert.deepEqual(session.problems, [], 'no page errors');
    } finally {
      await session.context.close();
    }
  });

  test('an existing Google account: sign in, the PDF downloads; a reload comes back signed in; Logout, and one press signs in again', { timeout: TEST_TIMEOUT_MS }, async () => {
    const account = { email: 'asha.patil@example.com', name: 'Asha Patil' };
    await seedGoogleAccount(account);

    await browser.withPage('/', async ({ page }) => {
      const popup = await openSignInPopup(page);
      const download = page.waitForEvent('download');
      await signInWithAccount(popup, account.email);
      await expectBrochure(await download);
      await expectSignedIn(page);

      // The link downloads it again.
      const [again] = await Promise.all([page.waitForEvent('download'), brochureLink(page).click()]);
      await expectBrochure(again);

      // The session is kept in local storage: a reload comes back signed in.
      await page.reload();
      await expectSignedIn(page);

      await logout(page).click();
      await expectOneAction(page);
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('firebase:authUser:')));
      assert.deepEqual(stored, [], 'Logout clears the stored user');

      const [popupAgain] = await Promise.all([page.waitForEvent('popup'), signIn(page).click()]);
      await popupAgain.waitForLoadState('domcontentloaded');
      const downloadAgain = page.waitForEvent('download');
      await signInWithAccount(popupAgain, account.email);
      await expectBrochure(await downloadAgain);
    });
  });

  test('closing the popup returns to signed out with the one action usable, and nothing downloads', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page, problems }) => {
        let downloads = 0;
        page.on('download', () => {
          downloads += 1;
        });
        const popup = await openSignInPopup(page);
        await popup.locator('#add-account-button').waitFor();
        await popup.close();

        const started = Date.now();
        while (!problems.some((problem) => problem.text.startsWith('Login Error'))) {
          assert.ok(Date.now() - started < POPUP_CLOSED_BUDGET_MS, 'the closed popup is reported within the budget');
          await page.waitForTimeout(250);
        }
        assert.match(problems.find((problem) => problem.text.startsWith('Login Error'))?.text ?? '', /popup-closed-by-user/);
        await expectOneAction(page);
        assert.equal(await page.getByRole('alert').count(), 0, 'nothing is shown to the visitor');
        assert.equal(downloads, 0);

        // Not stuck: the action opens a new popup.
        const again = await openSignInPopup(page);
        await signInWithNewAccount(again);
        await expectSignedIn(page);
      },
      { allowConsoleErrors: [/^Login Error .*auth\/popup-closed-by-user/] },
    );
  });
});

/** Holds the Firebase chunk until `letThrough()`; `requested` resolves once the page asked for it. */
async function holdFirebase(page: Page): Promise<{ requested: Promise<void>; letThrough: () => void }> {
  let letThrough = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  let onRequest = (): void => undefined;
  const requested = new Promise<void>((resolve) => {
    onRequest = resolve;
  });
  await page.route(FIREBASE_CHUNK, async (route) => {
    onRequest();
    await held;
    await route.fallback();
  });
  return { requested, letThrough };
}
