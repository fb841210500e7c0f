/**
 * `npx tsx scripts/editor-screenshots.ts`: the editors' guide's pictures of the visual editor (docs/images/editor/*.png),
 * taken in Chromium from `npm run dev` on a copy of the content (nothing of the project is changed).
 * Run it again after the editor's look changes.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { createServer } from 'vite';
import { fieldId } from '../editor/app/form/contract';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './bench/chromium';
import { editorDevServerConfig } from '../editor/server/dev-config';

const root = process.cwd();
const out = path.join(root, 'docs/images/editor');
const content = mkdtempSync(path.join(tmpdir(), 'cesa-editor-shots-'));
cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true });
cpSync(path.join(root, 'public'), path.join(content, 'public'), { recursive: true });
mkdirSync(out, { recursive: true });

const server = await createServer({ ...editorDevServerConfig(root, { port: 0, contentRoot: content }), logLevel: 'silent' });
await server.listen();
const base = `http://127.0.0.1:${(server.httpServer!.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

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

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(120_000);
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
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
  await field('sections[0].title').fill('ETABS V-22');

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
  await browser.close();
  await server.close();
  rmSync(content, { recursive: true, force: true });
}
