/**
 * `npx tsx commands/editor-screenshots.ts`: the editors' guide's pictures of the visual editor
 * (docs/images/editor/*.png), taken in Chromium: the editor's screens from `npm run dev` on a copy of the
 * content, then the hosted editor's (sign-in, Ready for review, the publishers' screen, a publish) from
 * `npm run editor-server` on this computer, with its example editors and a state folder of its own.
 * Nothing of the project is changed. Run it again after the editor's look changes: the pictures keep
 * their names, so the guide keeps showing them. `--only dev` or `--only hosted` takes one set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { createServer } from 'vite';
import { fieldId } from '../editor/app/form/contract';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/bench/chromium';
import { editorDevServerConfig } from '../editor/server/dev-config';
import { buildEditorApp } from '../editor/app-build';
import { EXAMPLE_EDITORS } from '../editor/repo/editors';

const root = process.cwd();
const out = path.join(root, 'docs/images/editor');
const { values } = parseArgs({ options: { only: { type: 'string' } } });
if (values.only !== undefined && values.only !== 'dev' && values.only !== 'hosted') {
  console.error(`--only takes dev or hosted, not ${values.only}.`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });

/** A screenshot of the window, as a small palette PNG. */
async function shoot(page: Page, name: string): Promise<void> {
  // The preview beside the form draws the page in its own frame: wait for its first heading.
  if (await page.locator('iframe.ed-preview__frame').count()) await page.frameLocator('iframe.ed-preview__frame').locator('h1, h2').first().waitFor();
  await page.waitForTimeout(600);
  const png = await page.screenshot();
  const file = path.join(out, `${name}.png`);
  writeFileSync(file, await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer());
  console.log(`docs/images/editor/${name}.png`);
}

/** A window of 1280 × 800 that reaches only this computer. */
async function newWindow(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(120_000);
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
  return context;
}

/** The editor in `npm run dev`: the page list, a page, a mistake, Add section, a photo, saving, New page, the site settings. */
async function devScreens(browser: Browser): Promise<void> {
  const content = mkdtempSync(path.join(tmpdir(), 'cesa-editor-shots-'));
  cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true });
  cpSync(path.join(root, 'public'), path.join(content, 'public'), { recursive: true });
  const server = await createServer({ ...editorDevServerConfig(root, { port: 0, contentRoot: content }), logLevel: 'silent' });
  await server.listen();
  const base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
  try {
    const context = await newWindow(browser);
    const page = await context.newPage();
    const field = (at: string) => page.locator(`#${fieldId(at)}`);
    await page.goto(`${base}/_editor`);
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await page.getByLabel('Search pages').fill('staad');
    await shoot(page, 'pages');

    await page.goto(`${base}/_editor?file=pages/etabs.yaml`);
    await field('sections[0]').click();
    await field('sections[0].subtitle').scrollIntoViewIfNeeded();
    await field('sections[0].subtitle').fill('Analysis and design of multistorey buildings, in six weeks');
    await shoot(page, 'page');

    await field('sections[0].title').fill('');
    await field('sections[0].title').scrollIntoViewIfNeeded();
    await page.getByText('1 error').first().waitFor();
    await shoot(page, 'error');
    await field('sections[0].title').fill('{software}');

    const add = page.getByRole('button', { name: 'Add section' }).last();
    await add.scrollIntoViewIfNeeded();
    await add.click();
    await page.getByRole('button', { name: /^FAQ/ }).scrollIntoViewIfNeeded();
    await shoot(page, 'add-section');
    await page.keyboard.press('Escape');

    // A photo: the hero's picture, with its description beside it.
    await page.goto(`${base}/_editor?file=pages/etabs.yaml`);
    await field('sections[0]').click();
    await field('sections[0].image.alt').scrollIntoViewIfNeeded();
    await shoot(page, 'photo');

    // Saving: the change above, saved; the header says so.
    await field('sections[0].subtitle').fill('Analysis and design of multistorey buildings, in six weeks');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await shoot(page, 'saved');

    await page.goto(`${base}/_editor`);
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'new-page');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: /^Site settings/ }).click();
    await page.getByRole('heading', { name: 'Site settings' }).first().waitFor();
    await shoot(page, 'site-settings');
  } finally {
    await server.close();
    rmSync(content, { recursive: true, force: true });
  }
}

/**
 * Google's loader, answered on this computer: the Firebase SDK and the emulator's sign-in page load it
 * from apis.google.com, which this machine does not reach. The browser tests' stand-in, read as a file.
 */
const GAPI_URL = 'https://apis.google.com/js/api.js';
const GAPI_STUB = readFileSync(path.join(root, 'tests/browser/gapi-stub.js'), 'utf8');

/** `npm run editor-server` on this computer, in `state`; resolves with the editor's address once it is up. */
function startEditorServer(state: string): Promise<{ server: ChildProcess; editor: string }> {
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['commands/editor-server.ts', '--state', state, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const said: string[] = [];
  return new Promise((resolve, reject) => {
    let editor = '';
    for (const stream of [server.stdout, server.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        said.push(line);
        editor ||= /^CESA editor: (http:\/\/\S+)\/_editor /.exec(line)?.[1] ?? '';
        if (editor && /^Live site \(main/.test(line)) resolve({ server, editor });
      });
    }
    server.once('exit', (code) => reject(new Error(`npm run editor-server stopped (${String(code)}):\n${said.join('\n')}`)));
  });
}

/** The hosted editor: sign-in, an editor's draft marked ready, the publishers' screen, a publish. */
async function hostedScreens(browser: Browser): Promise<void> {
  const [editor, , publisher] = EXAMPLE_EDITORS as [(typeof EXAMPLE_EDITORS)[0], unknown, (typeof EXAMPLE_EDITORS)[0]];
  const state = mkdtempSync(path.join(tmpdir(), 'cesa-hosted-shots-'));
  await buildEditorApp(root, (message) => console.log(message));
  const { server, editor: base } = await startEditorServer(state);
  /** A window of its own, signed in as `email` through the emulator's popup. */
  const signedIn = async (email: string, shotBefore?: string): Promise<Page> => {
    const context = await newWindow(browser);
    await context.route((url) => `${url.origin}${url.pathname}` === GAPI_URL, (route) => route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: GAPI_STUB }));
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${page.url()}: ${error.message}`));
    await page.goto(`${base}/_editor`);
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    await button.waitFor();
    if (shotBefore) await shoot(page, shotBefore);
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.waitForLoadState('domcontentloaded');
    await popup.locator('.js-reuse-account', { hasText: email }).click();
    await page.getByRole('group', { name: 'Your account' }).waitFor();
    return page;
  };
  try {
    const page = await signedIn(editor.email, 'sign-in');
    await page.goto(`${base}/_editor?file=${encodeURIComponent('pages/etabs.yaml')}`);
    const toggle = page.locator(`#${fieldId('sections[0]')}`);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.locator(`#${fieldId('sections[0].subtitle')}`).fill('Analysis and design of multistorey buildings, in six weeks');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Ready for review' }).click();
    await page.getByText(/^Waiting for review since/).waitFor();
    await shoot(page, 'ready-for-review');

    const publishing = await signedIn(publisher.email);
    await publishing.getByRole('button', { name: 'Review and publish' }).click();
    const draft = publishing.getByRole('listitem').filter({ has: publishing.getByRole('heading', { name: `${editor.name}'s draft` }) });
    // The page by its name, its text as a visitor reads it, the words added marked.
    const etabs = draft.getByRole('listitem').filter({ has: publishing.getByRole('heading', { name: /^ETABS V-22\s+\/etabs$/ }) });
    await etabs.getByLabel('After publishing').locator('ins').first().waitFor();
    await shoot(publishing, 'review');
    await draft.getByRole('button', { name: `Publish ${editor.name}'s draft` }).click();
    const confirm = publishing.getByRole('alertdialog', { name: `Publish ${editor.name}'s draft?` });
    await confirm.getByRole('button', { name: 'Publish now' }).waitFor();
    await shoot(publishing, 'publish-confirm');
    await confirm.getByRole('button', { name: 'Publish now' }).click();
    await publishing.getByText(/the live site shows it now/).waitFor();
    // The screen lists the new version, live now, once it has read the published versions again.
    const live = publishing.getByText('(live now)');
    await live.waitFor();
    await live.scrollIntoViewIfNeeded();
    await shoot(publishing, 'published');
  } finally {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    rmSync(state, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  if (values.only !== 'hosted') await devScreens(browser);
  if (values.only !== 'dev') await hostedScreens(browser);
} finally {
  await browser.close();
}
