/**
 * Sign-in with Google on the home page, through the Firebase Auth emulator's popup, and the
 * brochure download it unlocks. Run by `npm run test:browser` (inside `firebase emulators:exec`).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { parse } from 'yaml';
import { SiteSchema } from '../../src/content/site-schema';
import { clearAccounts, openSignInPopup, seedGoogleAccount, signInWithAccount, signInWithNewAccount } from './emulator';
import { PHONE, ROOT, browserHarness, reachFor, waitUntilUsable } from './harness';
import { waitForBehaviours } from './site';

const browser = browserHarness();
const site = SiteSchema.parse(parse(await readFile(join(ROOT, 'pages/_site.yaml'), 'utf8')));

/** Every test gets this long; the popup-closed one waits about 10 s for the SDK to give up. */
const TEST_TIMEOUT_MS = 45_000;
/** The SDK polls the popup every 2 s, then waits 8 s before it reports that the user closed it. */
const POPUP_CLOSED_BUDGET_MS = 14_000;

const login = (page: Page) => page.getByRole('button', { name: 'Login', exact: true });
/** Login's name once it was pressed before sign-in was ready, and sign-in is now ready. */
const signInWithGoogle = (page: Page) => page.getByRole('button', { name: 'Sign in with Google', exact: true });
const logout = (page: Page) => page.getByRole('button', { name: 'Logout', exact: true });
const lockedBrochure = (page: Page) => page.getByRole('button', { name: 'Login to Download' });
const brochureLink = (page: Page) => page.getByRole('link', { name: 'Download Brochure' });

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

async function expectSignedOut(page: Page): Promise<void> {
  await reachFor(login(page));
  assert.equal(await logout(page).count(), 0, 'no Logout when signed out');
  assert.equal(await lockedBrochure(page).isDisabled(), true, 'the brochure button is disabled');
  assert.equal(await brochureLink(page).count(), 0, 'no download link when signed out');
  assert.equal(await page.locator('a[download]').count(), 0);
}

async function expectSignedIn(page: Page): Promise<void> {
  await logout(page).waitFor();
  assert.equal(await login(page).count(), 0, 'no Login when signed in');
  assert.equal(await lockedBrochure(page).count(), 0, 'no "Login to Download" when signed in');
  assert.equal(await brochureLink(page).isVisible(), true);
}

/** Where an element sits in the document (not the viewport, which scrolls). */
function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.x + window.scrollX, y: rect.y + window.scrollY, width: rect.width, height: rect.height };
  });
}

beforeEach(async () => {
  await clearAccounts();
});

describe('sign-in and the brochure on the home page', { timeout: TEST_TIMEOUT_MS * 10 }, () => {
  test('without JavaScript the panel says sign-in needs it, and shows no button that does nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const noJs = await browser.newSession({ contextOptions: { javaScriptEnabled: false } });
    try {
      await noJs.page.goto(noJs.url('/'));
      await noJs.page.getByText('Signing in needs JavaScript').waitFor();
      assert.equal(await noJs.page.getByText('Signing in needs JavaScript').isVisible(), true);
      assert.equal(await login(noJs.page).count(), 0, 'no Login that could not work');
      assert.equal(await lockedBrochure(noJs.page).count(), 0);
      assert.equal(await logout(noJs.page).count(), 0);
    } finally {
      await noJs.context.close();
    }
  });

  test('signed out, the prerendered buttons need no code until the visitor reaches for them, and hydrating moves neither', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage('/', async ({ page }) => {
      const fetched = islandRequests(page);
      await waitForBehaviours(page);
      // The buttons as the HTML draws them, before any code of the island.
      const before = { login: await box(login(page)), brochure: await box(lockedBrochure(page)) };
      assert.equal(await login(page).getAttribute('aria-disabled'), 'true', 'Login is announced as unavailable until sign-in is ready');
      assert.equal(await lockedBrochure(page).isDisabled(), true);
      assert.deepEqual(fetched, [], 'no React, island or Firebase code before the visitor reaches for the panel');

      await expectSignedOut(page);
      assert.ok(fetched.some((path) => FIREBASE_CHUNK.test(path)), 'reaching for Login loaded sign-in');
      assert.deepEqual(await box(login(page)), before.login, 'Login did not move or resize');
      assert.deepEqual(await box(lockedBrochure(page)), before.brochure, 'the brochure button did not move or resize');
    });
  });

  test('a phone visitor who scrolls past the panel without touching it downloads neither React nor sign-in', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        const fetched = islandRequests(page);
        await waitForBehaviours(page);
        await page.waitForLoadState('networkidle');
        // In view, not reached for: the panel is read, not used.
        await login(page).scrollIntoViewIfNeeded();
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await page.waitForLoadState('networkidle');
        assert.deepEqual(fetched, [], 'nothing of the island fetched');

        // A tap on the panel is a reach: sign-in loads, and Login becomes usable.
        await login(page).scrollIntoViewIfNeeded();
        await login(page).dispatchEvent('touchstart');
        await waitUntilUsable(login(page));
        assert.equal(fetched.filter((path) => FIREBASE_CHUNK.test(path)).length, 1, 'sign-in fetched once, when reached for');
      },
      { viewport: PHONE },
    );
  });

  test('signed out, the brochure button is greyed out, disabled and reads "Login to Download"', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage('/', async ({ page }) => {
      await expectSignedOut(page);
      const locked = lockedBrochure(page);
      await locked.click({ force: true, timeout: 2000 }).catch(() => undefined);
      assert.equal(await page.locator('a[download]').count(), 0, 'clicking the disabled button offers no download');
      const styles = await locked.evaluate((element) => {
        const style = getComputedStyle(element);
        return { cursor: style.cursor, background: style.backgroundColor };
      });
      const loginBackground = await login(page).evaluate((element) => getComputedStyle(element).backgroundColor);
      assert.equal(styles.cursor, 'not-allowed');
      assert.notEqual(styles.background, loginBackground, 'greyed out, unlike the active buttons');
    });
  });

  test('sign in with a new account through the emulator popup', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage('/', async ({ page }) => {
      const signedOutBox = await box(lockedBrochure(page));
      const popup = await openSignInPopup(page);
      const popupClosed = popup.waitForEvent('close');
      await signInWithNewAccount(popup);
      await expectSignedIn(page);
      await popupClosed;
      assert.deepEqual(await box(brochureLink(page)), signedOutBox, 'the download button took the place of the locked one');
    });
  });

  test('sign in with an existing Google account, download the brochure, reload, log out', { timeout: TEST_TIMEOUT_MS }, async () => {
    const account = { email: 'asha.patil@example.com', name: 'Asha Patil' };
    await seedGoogleAccount(account);

    await browser.withPage('/', async ({ page }) => {
      const popup = await openSignInPopup(page);
      await signInWithAccount(popup, account.email);
      await expectSignedIn(page);

      const link = brochureLink(page);
      assert.equal(await link.getAttribute('href'), site.brochure.file);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      assert.equal(download.suggestedFilename(), site.brochure.fileName);
      const file = await download.path();
      const bytes = await readFile(file);
      assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'the download is a PDF');

      // The session is kept in local storage: a reload comes back signed in.
      await page.reload();
      await expectSignedIn(page);

      await logout(page).click();
      await expectSignedOut(page);
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('firebase:authUser:')));
      assert.deepEqual(stored, [], 'Logout clears the stored user');

      await page.reload();
      await expectSignedOut(page);
    });
  });

  test('a keyboard user tabs to Login and signs in with Enter', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage('/', async ({ page }) => {
      await waitForBehaviours(page);
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'starts at the top of the page');
      const presses = await tabTo(page, login(page));
      assert.ok(presses > 1, 'Login is reached through the page, not first');
      // Reaching Login loads sign-in; Enter works once it is ready (one press, straight to the popup).
      await waitUntilUsable(login(page));
      assert.equal(await hasFocus(login(page)), true, 'focus stayed on Login');
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
      await popup.waitForLoadState('domcontentloaded');
      await signInWithNewAccount(popup);
      await expectSignedIn(page);
    });
  });

  test('Enter on Login before sign-in has loaded says so; once ready, one more Enter opens the popup', { timeout: TEST_TIMEOUT_MS }, async () => {
    // The Firebase chunk is held back until the test lets it through, so that the first Enter
    // comes before sign-in is ready however fast the machine is (routed before the page loads:
    // on a desktop screen the panel may be near enough to load at once).
    const session = await browser.newSession();
    const { page } = session;
    try {
      let letThrough = (): void => undefined;
      const held = new Promise<void>((resolve) => {
        letThrough = resolve;
      });
      let requested = (): void => undefined;
      const chunkRequested = new Promise<void>((resolve) => {
        requested = resolve;
      });
      await page.route(FIREBASE_CHUNK, async (route) => {
        requested();
        await held;
        await route.fallback();
      });
      let popups = 0;
      page.on('popup', () => {
        popups += 1;
      });

      await page.goto(session.url('/'), { waitUntil: 'load' });
      await waitForBehaviours(page);
      await tabTo(page, login(page));
      assert.equal(await login(page).getAttribute('aria-disabled'), 'true', 'announced as unavailable until ready');
      assert.equal(await login(page).isDisabled(), true);
      await chunkRequested;

      await page.keyboard.press('Enter');
      const loading = page.getByRole('status').filter({ hasText: 'Sign-in is loading…' });
      await loading.waitFor();
      assert.equal(await loading.isVisible(), true, 'the pending state is shown');
      assert.equal(await hasFocus(login(page)), true, 'focus stays on Login');
      assert.equal(popups, 0);

      letThrough();
      const signIn = signInWithGoogle(page);
      await waitUntilUsable(signIn);
      assert.equal(await hasFocus(signIn), true, 'the same, still focused button now says "Sign in with Google"');
      assert.match(
        (await page.getByRole('status').filter({ hasText: 'Sign-in is ready' }).textContent()) ?? '',
        /press “Sign in with Google”/,
      );
      assert.equal(popups, 0, 'no popup opens by itself');

      const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
      await popup.waitForLoadState('domcontentloaded');
      await signInWithNewAccount(popup);
      await expectSignedIn(page);
      assert.equal(await page.locator('.brochure__status').textContent(), '', 'the status line is empty again');
      assert.deepEqual(session.problems, [], 'no page errors');
    } finally {
      await session.context.close();
    }
  });

  test('closing the popup returns to signed out with Login enabled', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page, problems }) => {
        const popup = await openSignInPopup(page);
        await popup.locator('#add-account-button').waitFor();
        await popup.close();

        const started = Date.now();
        while (!problems.some((problem) => problem.text.startsWith('Login Error'))) {
          assert.ok(Date.now() - started < POPUP_CLOSED_BUDGET_MS, 'the closed popup is reported within the budget');
          await page.waitForTimeout(250);
        }
        assert.match(problems.find((problem) => problem.text.startsWith('Login Error'))?.text ?? '', /popup-closed-by-user/);
        await expectSignedOut(page);
        assert.equal(await page.getByRole('alert').count(), 0, 'nothing is shown to the visitor');

        // Not stuck: Login opens a new popup.
        const again = await openSignInPopup(page);
        await signInWithNewAccount(again);
        await expectSignedIn(page);
      },
      { allowConsoleErrors: [/^Login Error .*auth\/popup-closed-by-user/] },
    );
  });
});
