/**
 * `npm run dev` with content mistakes: a broken page shows its own errors in the editor's words,
 * every other page keeps rendering with a notice, and fixing the file brings the page back (the
 * dev server tells the open pages to update). The real Vite config and plugin, on a throwaway
 * content folder, on a free loopback port.
 */
// @tier slow: starts the dev server
// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PAGE_UPDATE_EVENT, type PageUpdate } from '../../src/app/page-update';
import { startDevServer, tinyPage, writeInto } from '../helpers/dev-content';

const root = path.resolve(import.meta.dirname, '../..');
const siteYaml = readFileSync(path.join(root, 'tests/fixtures/site.yaml'), 'utf8');

const page = tinyPage;
const goodCourse = page('ETABS', '    subtitle: Six weeks, live projects\n');
// Line 8: `    subtilte: Six weeks, live projects`.
const brokenCourse = goodCourse.replace('subtitle:', 'subtilte:');

let content: string;
let server: ViteDevServer;
let base: string;
/** What the plugin told the browsers through Vite's websocket. */
let sent: MockInstance<ViteDevServer['ws']['send']>;
/** What the plugin printed in the terminal: its report after each check of the whole site. */
let reported: MockInstance<ViteDevServer['config']['logger']['info']>;
/** The page updates the plugin sent, oldest first. */
const updates = () => sent.mock.calls.filter((call: unknown[]) => call[0] === PAGE_UPDATE_EVENT).map((call: unknown[]) => call[1] as PageUpdate);

const write = (file: string, text: string) => writeInto(content, file, text);

async function get(route: string, accept = 'text/html'): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${route}`, { headers: { accept }, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/**
 * Saves a content file and resolves with the update the dev server then sent to the open pages. The
 * watcher drops a second change of a file within 50 ms of the first (no editor saves that fast, a
 * test does): until the update comes, the file is saved again.
 */
async function save(file: string, text: string): Promise<PageUpdate> {
  const before = updates().length;
  while (updates().length === before) {
    write(file, text);
    for (let wait = 0; wait < 10 && updates().length === before; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return updates()[before]!;
}

/** Resolves once the dev server has printed its report of the whole site after the last save ('content OK'). */
async function checkedAfter(reportsBefore: number): Promise<void> {
  while (reported.mock.calls.length === reportsBefore) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Resolves once the dev server has sent `count` updates in all (the checks across files send one when they change what pages show). */
async function updatesSent(count: number): Promise<void> {
  while (updates().length < count) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The watcher sees the content folder (added after Vite's own, outside its root) once it lists its files. */
async function watching(): Promise<void> {
  const pagesDir = path.join(content, 'pages');
  while (!(server.watcher.getWatched()[pagesDir] ?? []).includes('etabs.yaml')) await new Promise((resolve) => setTimeout(resolve, 50));
}

beforeAll(async () => {
  content = mkdtempSync(path.join(tmpdir(), 'cesa-dev-'));
  write('public/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  write('pages/_site.yaml', siteYaml);
  write('pages/index.yaml', page('Home'));
  write('pages/etabs.yaml', brokenCourse);
  write('pages/contact.yaml', page('Contact'));
  ({ server, base } = await startDevServer(content, (created) => {
    sent = vi.spyOn(created.ws, 'send');
    reported = vi.spyOn(created.config.logger, 'info');
  }));
  expect((server.httpServer!.address() as AddressInfo).address).toBe('127.0.0.1');
  await watching();
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(content, { recursive: true, force: true });
});

describe('the dev server with a broken page', { timeout: 120_000 }, () => {
  it("shows the broken page's own errors in plain words: file, line, column, path, what to do, the lines", async () => {
    const { status, body } = await get('/etabs');
    expect(status).toBe(500);
    expect(body).toContain('This page has a mistake to fix');
    expect(body).toContain('pages/etabs.yaml:8:5  sections[0].subtilte  [unknown-key]');
    expect(body).toContain('&quot;subtilte&quot; is not a field here');
    expect(body).toContain('Did you mean &quot;subtitle&quot;?');
    expect(body).toContain('&gt; 8 |     subtilte: Six weeks, live projects');
    // The dev server's script (it reloads the page on a save), but neither Vite's overlay nor words for programmers.
    expect(body).toContain('<script type="module" src="/src/dev-client.ts">');
    expect(body).not.toMatch(/ErrorOverlay|vite\.config|hmr\.overlay|fix the code/i);
  });

  it('renders every other page, with its script and a notice linking to the errors', async () => {
    const { status, body } = await get('/contact');
    expect(status).toBe(200);
    expect(body).toContain('Contact heading');
    expect(body).toContain('<script type="module" src="/src/site.ts">');
    expect(body).not.toContain('id="cesa-data"');
    expect(body).toMatch(/1 file has errors — <a href="\/_errors"[^>]*>see it<\/a>/);
  });

  it('lists every error at /_errors, with a link to the page of each file', async () => {
    const { status, body } = await get('/_errors', '*/*');
    expect(status).toBe(200);
    expect(body).toContain('1 mistake in 1 file');
    expect(body).toContain('pages/etabs.yaml:8:5');
    expect(body).toContain('<a href="/etabs">open /etabs</a>');
  });

  it('shows the fixed page once the file is saved, and tells every open page to update (their notice goes)', async () => {
    expect(await save('pages/etabs.yaml', goodCourse)).toEqual({ routes: '*' });
    const fixed = await get('/etabs');
    expect(fixed.status).toBe(200);
    expect(fixed.body).toContain('ETABS heading');
    expect(fixed.body).not.toContain('cesa-dev-errors');
    expect((await get('/_errors', '*/*')).body).toContain('No mistakes');
  });

  it('a saved page is served with its new text, and only its open pages are told to update', async () => {
    const reportsBefore = reported.mock.calls.length;
    expect(await save('pages/contact.yaml', page('Contact', '    subtitle: Call us today\n'))).toEqual({ routes: ['/contact'] });
    const saved = await get('/contact');
    // The checks across files follow the response, and report.
    await checkedAfter(reportsBefore);
    expect(saved.status).toBe(200);
    expect(saved.body).toContain('Call us today');
    expect(saved.body).toContain('<script type="module" src="/src/dev-client.ts">');
  });

  it('a saved page with a link to no page is shown, then the checks across files show its mistake on every open page', async () => {
    const broken = page('Contact', '    actions:\n      - label: Our courses\n        href: /coarses\n');
    const sentBefore = updates().length;
    expect(await save('pages/contact.yaml', broken)).toEqual({ routes: ['/contact'] });
    // The page's request comes first; the checks follow its response.
    expect((await get('/contact')).body).toContain('Our courses');
    await updatesSent(sentBefore + 2);
    expect(updates().at(-1)).toEqual({ routes: '*' });
    const checked = await get('/contact');
    expect(checked.status).toBe(500);
    expect(checked.body).toContain('the link goes to /coarses, which is not a page of this site');
    expect(await save('pages/contact.yaml', page('Contact'))).toEqual({ routes: '*' });
    expect((await get('/contact')).status).toBe(200);
  });

  it('a mistake in _site.yaml shows its errors on every page, still in plain words; fixing it recovers', async () => {
    // A link in the menu to a page that does not exist: the site document is valid, its menu is not.
    await save('pages/_site.yaml', siteYaml.replace('href: /\n', 'href: /hme\n'));
    for (const route of ['/', '/etabs', '/contact']) {
      const { status, body } = await get(route);
      expect(status).toBe(500);
      expect(body).toContain('The site document has a mistake');
      expect(body).toContain('pages/_site.yaml:8:5  menu[0].href  [broken-link]');
      expect(body).toContain('the link goes to /hme, which is not a page of this site');
    }
    await save('pages/_site.yaml', siteYaml);
    expect((await get('/')).status).toBe(200);
  });
});
