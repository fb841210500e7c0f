/**
 * `npm run dev` with content mistakes: a broken page shows its own errors in the editor's words,
 * every other page keeps rendering with a notice, and fixing the file brings the page back (the
 * dev server tells the open pages to reload). The real Vite config and plugin, on a throwaway
 * content folder, on a free loopback port.
 */
// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
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
const reloads = () => sent.mock.calls.filter((call: unknown[]) => (call[0] as { type?: string } | undefined)?.type === 'full-reload').length;

const write = (file: string, text: string) => writeInto(content, file, text);

async function get(route: string, accept = 'text/html'): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${route}`, { headers: { accept }, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/**
 * Saves a content file and resolves once the dev server has told the open pages to reload. The
 * watcher drops a second change of a file within 50 ms of the first (no editor saves that fast, a
 * test does): until the reload comes, the file is saved again.
 */
async function save(file: string, text: string): Promise<void> {
  const before = reloads();
  while (reloads() === before) {
    write(file, text);
    for (let wait = 0; wait < 10 && reloads() === before; wait++) await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
    // Vite's client (it reloads the page on a save), but neither its overlay nor words for programmers.
    expect(body).toContain('<script type="module" src="/@vite/client">');
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

  it('shows the fixed page once the file is saved, and tells the open pages to reload', async () => {
    await save('pages/etabs.yaml', goodCourse);
    expect(sent).toHaveBeenLastCalledWith({ type: 'full-reload', path: '*' });
    const fixed = await get('/etabs');
    expect(fixed.status).toBe(200);
    expect(fixed.body).toContain('ETABS heading');
    expect(fixed.body).not.toContain('cesa-dev-errors');
    expect((await get('/_errors', '*/*')).body).toContain('No mistakes');
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
