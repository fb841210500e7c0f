/**
 * `npm run dev` in a real browser, as an editor uses it: a page whose file has a mistake shows it
 * in plain words; the other pages work as usual, with a notice; saving the fixed file brings the
 * page back without anyone pressing reload, and breaking it again shows the mistake again. A save
 * of a working page changes the open page in place, without reloading it. The dev server (the
 * project's Vite config and content plugin) runs on a throwaway content folder.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/bench/chromium';
import { startDevServer, tinyPage, writeInto } from '../helpers/dev-content';
import { ACTION_TIMEOUT_MS, ROOT, isInterceptionArtefact } from './harness';
import { waitForBehaviours } from './site';

/** The dev server compiles modules on first request: the first page takes a while on two cores. */
const TEST_TIMEOUT_MS = 180_000;

const page = tinyPage;
const goodCourse = page('ETABS', '    subtitle: Six weeks, live projects\n');
const brokenCourse = goodCourse.replace('subtitle:', 'subtilte:');

let content: string;
let server: ViteDevServer;
let browser: Browser;
let base: string;

const write = (file: string, text: string) => writeInto(content, file, text);

before(async () => {
  content = mkdtempSync(path.join(tmpdir(), 'cesa-dev-browser-'));
  write('public/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  // Every page's head links the site's icon (index.html), which the content's public/ holds.
  write('public/favicon.svg', readFileSync(path.join(ROOT, 'public/favicon.svg'), 'utf8'));
  write('pages/_site.yaml', readFileSync(path.join(ROOT, 'tests/fixtures/site.yaml'), 'utf8'));
  write('pages/index.yaml', page('Home'));
  write('pages/etabs.yaml', brokenCourse);
  write('pages/contact.yaml', page('Contact', '    actions:\n      - label: See the ETABS course\n        href: /etabs\n'));
  write('pages/about.yaml', page('About'));
  ({ server, base } = await startDevServer(content));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(content, { recursive: true, force: true });
});

/** Whether the page shows its content, its behaviours attached, with the notice or not. */
async function expectPage(tab: Page, heading: string, notice: boolean): Promise<void> {
  await tab.getByRole('heading', { level: 1, name: heading }).waitFor();
  await waitForBehaviours(tab);
  assert.equal(await tab.locator('#cesa-dev-errors').count(), notice ? 1 : 0, `the notice on ${tab.url()}`);
}

/**
 * Runs `load` (anything that loads a page in the tab) and waits until that page's dev client is connected
 * to the dev server: a save before then reaches no page (an editor's page has long been connected when they
 * save; a test saves within milliseconds of the load, and on a busy machine the connection comes later).
 */
async function loadConnected(tab: Page, load: () => Promise<unknown>): Promise<void> {
  const connected = tab.waitForEvent('console', { predicate: (message) => message.text().includes('[vite] connected') });
  await load();
  await connected;
}

/** A tab on loopback only, whose page errors and console errors are collected in `problems`. */
async function openTab(): Promise<{ tab: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext();
  context.setDefaultTimeout(TEST_TIMEOUT_MS / 3);
  await context.addInitScript('globalThis.__name = (target) => target;');
  // Loopback only.
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('internetdisconnected')));
  const tab = await context.newPage();
  const problems: string[] = [];
  tab.on('pageerror', (error) => {
    // This context routes its requests too: Chromium then aborts the pages' view transitions (harness.ts).
    if (!isInterceptionArtefact(error)) problems.push(error.stack || error.message);
  });
  tab.on('console', (message) => {
    // The browser logs the error page's status (500) as a failed load.
    if (message.type() === 'error' && !message.text().includes('status of 500')) problems.push(message.text());
  });
  return { tab, problems, close: () => context.close() };
}

test('a broken page shows its mistake, the others keep working, and a save recovers it without reload', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { tab, problems, close } = await openTab();
  try {
    // Another page: shown, its behaviours attached, with the notice.
    await tab.goto(`${base}/contact`);
    await expectPage(tab, 'Contact heading', true);
    assert.match(await tab.locator('#cesa-dev-errors').innerText(), /^1 file has errors — see it$/);

    // A link to the broken page ends on its error page.
    await loadConnected(tab, async () => {
      await tab.getByRole('link', { name: 'See the ETABS course' }).click();
      await tab.getByRole('heading', { level: 1, name: 'This page has a mistake to fix' }).waitFor();
    });
    assert.equal(new URL(tab.url()).pathname, '/etabs');
    const shown = await tab.locator('pre').innerText();
    assert.match(shown, /^pages\/etabs\.yaml:8:5 {2}sections\[0\]\.subtilte {2}\[unknown-key\]/);
    assert.match(shown, /Did you mean "subtitle"\?/);
    assert.match(shown, /> 8 \| {5}subtilte: Six weeks, live projects/);
    assert.equal(await tab.locator('vite-error-overlay').count(), 0, "Vite's overlay is not shown");

    // The editor saves the fixed file: the page comes back by itself (the dev server tells it to reload), without the notice.
    await loadConnected(tab, async () => {
      write('pages/etabs.yaml', goodCourse);
      await expectPage(tab, 'ETABS heading', false);
    });
    assert.equal(await tab.getByText('Six weeks, live projects').count(), 1);

    // …and breaks it again: the mistake shows by itself.
    write('pages/etabs.yaml', brokenCourse);
    await tab.getByRole('heading', { level: 1, name: 'This page has a mistake to fix' }).waitFor();

    // The list of every mistake, from a working page's notice.
    await tab.goto(`${base}/`);
    await expectPage(tab, 'Home heading', true);
    await tab.locator('#cesa-dev-errors a').click();
    await tab.getByRole('heading', { level: 1, name: '1 mistake in 1 file' }).waitFor();
    await tab.getByRole('link', { name: 'open /etabs' }).waitFor({ timeout: ACTION_TIMEOUT_MS });
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

/** Marks the tab's window: the mark is gone after a reload. */
const mark = (tab: Page) => tab.evaluate(() => Object.assign(window, { cesaTestMark: true }));
const marked = (tab: Page) => tab.evaluate(() => 'cesaTestMark' in window);

test('a save changes the open page in place, without reloading it; a broken save shows the mistake and the fix brings the page back', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { tab, problems, close } = await openTab();
  try {
    await loadConnected(tab, async () => {
      await tab.goto(`${base}/about`);
      await expectPage(tab, 'About heading', true);
    });
    await mark(tab);

    // The title and the text change where the editor looks, and the page's parts work again.
    write('pages/about.yaml', page('About us', '    subtitle: Twenty years of training\n'));
    await expectPage(tab, 'About us heading', true);
    await tab.getByText('Twenty years of training').waitFor();
    assert.match(await tab.title(), /About us/);
    assert.equal(await marked(tab), true, 'the page was updated in place, not reloaded');

    // A mistake: the page shows it, as when it is opened.
    await loadConnected(tab, async () => {
      write('pages/about.yaml', page('About us', '    subtilte: Twenty years of training\n'));
      await tab.getByRole('heading', { level: 1, name: 'This page has a mistake to fix' }).waitFor();
    });
    assert.match(await tab.locator('pre').innerText(), /^pages\/about\.yaml:8:5 {2}sections\[0\]\.subtilte {2}\[unknown-key\]/);

    // Fixed: the page comes back by itself.
    await loadConnected(tab, async () => {
      write('pages/about.yaml', page('About again'));
      await expectPage(tab, 'About again heading', true);
    });

    // Another file fixed: the notice goes from the open page, in place too.
    await mark(tab);
    write('pages/etabs.yaml', goodCourse);
    await tab.locator('#cesa-dev-errors').waitFor({ state: 'detached' });
    await expectPage(tab, 'About again heading', false);
    assert.equal(await marked(tab), true, 'the page was updated in place, not reloaded');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
