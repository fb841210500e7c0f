/**
 * `npm run editor-server` with no configuration: the remote is a bare copy of the checkout's last
 * commit on main, with an example editors.yaml committed when the checkout has none, and kept (with
 * its drafts) by the next run; the checkout itself is not touched.
 */
// @tier slow: runs git and builds the live site
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE_EDITORS } from '../../editor/repo/editors';
import { LiveFolder } from '../../editor/publish/deploy';
import { Publisher } from '../../editor/publish/publisher';
import { liveSite, localRemote } from '../../editor/hosted/zero-config';
import { tinyPage, writeInto } from '../helpers/dev-content';

const ROOT = path.resolve(import.meta.dirname, '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'cesa-zero-config-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function checkout(name: string, files: Record<string, string>): string {
  const dir = path.join(temp, name);
  for (const [file, text] of Object.entries(files)) writeInto(dir, file, text);
  const gitIn = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', '-c', 'init.defaultBranch=work', ...args], { encoding: 'utf8' }).trim();
  gitIn('init', '--quiet');
  gitIn('add', '--all');
  gitIn('commit', '--quiet', '-m', 'The site');
  return dir;
}

describe('the local remote', () => {
  it('is the checkout’s last commit on main, with example editors when it has none, and is kept by the next run', async () => {
    const site = checkout('site', { 'pages/index.yaml': tinyPage('Home') });
    const head = execFileSync('git', ['-C', site, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(site, 'pages/index.yaml'), tinyPage('Not committed'));
    const state = path.join(temp, 'state');
    const first = await localRemote(site, state);
    expect(first).toMatchObject({ made: true, exampleEditors: true, editors: EXAMPLE_EDITORS });
    const remoteGit = (...args: string[]) => execFileSync('git', ['--git-dir', first.remote, ...args], { encoding: 'utf8' }).trim();
    expect(remoteGit('rev-parse', 'refs/heads/main^')).toBe(head);
    expect(remoteGit('diff-tree', '--no-commit-id', '--name-only', '-r', 'refs/heads/main')).toBe('editors.yaml');
    expect(remoteGit('show', 'refs/heads/main:pages/index.yaml')).toContain('title: Home');
    for (const editor of EXAMPLE_EDITORS) expect(editor.email).toMatch(/@example\.com$/);
    // The checkout is as it was: nothing committed into it, its change still there.
    expect(execFileSync('git', ['-C', site, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()).toBe(head);
    expect(execFileSync('git', ['-C', site, 'status', '--porcelain'], { encoding: 'utf8' }).trim()).toBe('M pages/index.yaml');

    const main = remoteGit('rev-parse', 'refs/heads/main');
    const second = await localRemote(site, state);
    expect(second).toMatchObject({ made: false, exampleEditors: false });
    expect(remoteGit('rev-parse', 'refs/heads/main')).toBe(main);
  });

  it('keeps the checkout’s own editors.yaml', async () => {
    const site = checkout('listed', { 'pages/index.yaml': tinyPage('Home'), 'editors.yaml': 'editors:\n  - { email: only@example.org, name: Only One, role: publisher }\n' });
    const local = await localRemote(site, path.join(temp, 'listed-state'));
    expect(local).toMatchObject({ exampleEditors: false, editors: [{ email: 'only@example.org', name: 'Only One', role: 'publisher' }] });
  });

  it('serves main as the live site before anything is published, built and served as npm start does', async () => {
    const templates = Object.fromEntries(readdirSync(path.join(ROOT, 'pages/_templates')).map((file) => [`pages/_templates/${file}`, readFileSync(path.join(ROOT, 'pages/_templates', file), 'utf8')]));
    const site = checkout('live', {
      'pages/_site.yaml': readFileSync(path.join(ROOT, 'tests/fixtures/site.yaml'), 'utf8'),
      ...templates,
      'pages/index.yaml': tinyPage('Home'),
      'pages/etabs.yaml': tinyPage('ETABS on main'),
      'public/images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>',
    });
    const state = path.join(temp, 'live-state');
    const local = await localRemote(site, state);
    const folder = new LiveFolder(path.join(state, 'live'));
    const publisher = new Publisher({ root: ROOT, stateDir: state, remote: local.remote, committer: { name: 'Server', email: 'server@localhost' }, deployer: folder, log: () => undefined });
    await publisher.open();
    const live = await liveSite(folder, publisher);
    try {
      const page = await fetch(`${live.url}/etabs`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('ETABS on main heading');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    } finally {
      await live.close();
    }
  }, 300_000);
});
