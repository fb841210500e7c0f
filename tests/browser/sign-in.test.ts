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
import { PHONE, ROOT, browserHarness } from './harness';
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

/**
 * Scrolls a control into view, as a visitor must before using it (the panel loads sign-in when
 * it nears the screen), and waits until it can be used: Login is never `disabled` (it stays in
 * the Tab order), only `aria-disabled` until sign-in is ready, which harness.ts's waitForEnabled
 * (`:disabled` only) does not see.
 */
async function waitForUsable(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  const handle = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction(
      (element) => element instanceof HTMLElement && !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true',
      handle,
    );
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
  await waitForUsable(login(page));
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
  test('the prerendered page is signed out; it hydrates with no errors and without moving the buttons', { timeout: TEST_TIMEOUT_MS }, async () => {
    // Without JavaScript: exactly the server HTML.
    const noJs = await browser.newSession({ contextOptions: { javaScriptEnabled: false } });
    let before: { login: Awaited<ReturnType<typeof box>>; brochure: Awaited<ReturnType<typeof box>> };
    try {
      await noJs.page.goto(noJs.url('/'));
      assert.equal(await lockedBrochure(noJs.page).isDisabled(), true);
      assert.equal(await login(noJs.page).isDisabled(), true, 'Login waits for Firebase');
      assert.equal(await logout(noJs.page).count(), 0);
      before = { login: await box(login(noJs.page)), brochure: await box(lockedBrochure(noJs.page)) };
    } finally {
      await noJs.context.close();
    }

    await browser.withPage('/', async ({ page }) => {
      await expectSignedOut(page);
      assert.deepEqual(await box(login(page)), before.login, 'Login did not move or resize');
      assert.deepEqual(await box(lockedBrochure(page)), before.brochure, 'the brochure button did not move or resize');
      // Give late errors (hydration warnings, rejected promises) a moment to surface.
      await page.waitForTimeout(500);
    });
  });

  test('a phone visitor who does not scroll to the panel never downloads the sign-in code', { timeout: TEST_TIMEOUT_MS }, async () => {
    await browser.withPage(
      '/',
      async ({ page }) => {
        const firebase: string[] = [];
        page.on('request', (request) => {
          if (/\/assets\/firebase-[^/]*\.js$/.test(new URL(request.url()).pathname)) firebase.push(request.url());
        });
        await waitForBehaviours(page);
        // Idle time in which it used to load.
        await page.waitForTimeout(2500);
        assert.deepEqual(firebase, [], 'nothing fetched while the panel is out of reach');
        assert.equal(await login(page).isDisabled(), true);

        await waitForUsable(login(page));
        assert.equal(firebase.length, 1, 'fetched once the panel came near');
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
      await waitForUsable(login(page));
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
      await waitForUsable(signIn);
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
