/**
 * The hosted editor against what an attacker with push access, or a careless editor, can put in its
 * way, over HTTP on a real bare repository: a symbolic link or a submodule on a draft's branch or on
 * main (to /proc/self/environ, to the state folder's preview secret, up the folders, a linked folder)
 * is never followed, never carried into a commit, and refused in words that name the file and never
 * where it leads; a page under a name git leaves out (dist/, node_modules/, .git …) is refused before
 * anything is written, and no write answers "Saved" without the commit that holds it; an animated
 * photo keeps its frames when its metadata is stripped.
 */
// @tier slow: starts the hosted editor over a git repository
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createPage } from '../../scripts/authoring/create-page';
import { DraftChecker } from '../../editor/server/draft-check';
import { namesKeptBy } from '../../scripts/authoring/kept-names';
import { editorId } from '../../editor/repo/editors';
import { previewSecret } from '../../editor/hosted/preview-access';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { Refusal } from '../../editor/server/http';
import { contentPaths, readPageFile, replaceAtomically, resolvePageFile } from '../../scripts/authoring/page-files';
import { templatesOf } from '../../scripts/authoring/templates';
import { saveUpload } from '../../editor/server/upload';
import { loadContent } from '../../src/content/load';
import { EDITOR_API, type Json, type PageResponse } from '../../editor/protocol/api';
import { tinyPage, writeInto } from '../helpers/dev-content';
import { apiCall, cookieOf, editorsYaml, hostedSite, idTokenOf, productionOptions, remoteGit as gitOn, ROOT, withTitle } from '../helpers/hosted';
import type { Account, TestKeys } from './tokens';

/** One editor per story: a draft refused for a link stays refused until a developer mends it. */
const ACCOUNTS = ['environ', 'secret', 'upwards', 'etc', 'submodule', 'public', 'planted', 'agents', 'added', 'names', 'unkept', 'photos', 'served'] as const;
type Story = (typeof ACCOUNTS)[number];
const account = (story: Story): Account => ({ email: `${story}.editor@example.com`, name: `${story[0]!.toUpperCase()}${story.slice(1)} Editor` });
const draftOf = (story: Story) => editorId(account(story).email);

const EDITORS = editorsYaml(ACCOUNTS.map((story) => [account(story), 'editor'] as const));

let temp: string;
let remote: string;
let developer: string;
let stateDir: string;
let keys: TestKeys;
let editor: RunningEditor;
let base: string;
/** Every answer's body, to look for what must never leave the server. */
const answered: string[] = [];

const remoteGit = (...args: string[]) => gitOn(remote, ...args);
const devGit = (...args: string[]) => execFileSync('git', ['-C', developer, '-c', 'user.name=Someone With Push Access', '-c', 'user.email=push@example.com', ...args], { encoding: 'utf8' }).trim();
const tipOf = (branch: string) => remoteGit('for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`);
const worktreeOf = (story: Story) => path.join(stateDir, 'drafts', draftOf(story));

/**
 * A commit on `branch` of the remote, made from main by someone with push access, as `change` leaves
 * the developer's clone and `staged` its index.
 */
function pushed(branch: string, change: (work: string) => void, staged: () => void = () => undefined): string {
  devGit('fetch', '--quiet', 'origin');
  devGit('checkout', '--quiet', '-B', 'work', 'origin/main');
  change(developer);
  devGit('add', '--all');
  staged();
  devGit('commit', '--quiet', '--allow-empty', '-m', `Change ${branch}`);
  devGit('push', '--quiet', '--force', 'origin', `HEAD:refs/heads/${branch}`);
  return devGit('rev-parse', 'HEAD');
}

/** The server's environment as the system shows it through /proc/self/environ: its PATH entry. */
const ENVIRON_MARK = readFileSync('/proc/self/environ', 'utf8')
  .split('\0')
  .find((entry) => entry.startsWith('PATH='))!;

/** What must appear in no answer and in no object of the remote: the server's files and paths. */
function secrets(): string[] {
  return [ENVIRON_MARK, readFileSync(path.join(stateDir, 'preview-secret'), 'utf8').trim(), 'root:x:0:0'];
}

function expectNothingLeaked(): void {
  for (const text of answered) {
    for (const secret of secrets()) expect(text).not.toContain(secret);
    expect(text).not.toContain(temp);
    expect(text).not.toContain('/proc/self/environ');
    expect(text).not.toContain('/etc');
  }
  // Every object of the remote, whatever branch holds it (the attacker's links are the paths they name, not these).
  const objects = execFileSync('git', ['--git-dir', remote, 'cat-file', '--batch-all-objects', '--batch'], { maxBuffer: 256 * 1024 * 1024 });
  for (const secret of secrets()) expect(objects.includes(Buffer.from(secret))).toBe(false);
}

interface Answer {
  status: number;
  body: { error?: string; hint?: string } & Record<string, unknown>;
  headers: Headers;
}

async function call(method: string, endpoint: string, { cookie, body }: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const answer = await apiCall(base, method, endpoint, { cookie, body });
  answered.push(answer.text);
  return answer;
}

/** Signs in through call(), so that its answer is looked at too. */
async function signIn(story: Story): Promise<string> {
  const answer = await call('POST', 'session', { body: { idToken: await idTokenOf(keys, account(story)) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return cookieOf(answer.headers.get('set-cookie'));
}

async function upload(cookie: string, name: string, bytes: Buffer): Promise<Answer> {
  const response = await fetch(`${base}${EDITOR_API}/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: base, 'Sec-Fetch-Site': 'same-origin' },
    body: new Uint8Array(bytes),
  });
  const text = await response.text();
  answered.push(text);
  return { status: response.status, body: JSON.parse(text) as Answer['body'], headers: response.headers };
}

/** Each thing an editor does with a draft: all refused alike, in the same words, with nothing changed. */
async function everythingRefused(cookie: string, words: RegExp): Promise<void> {
  const attempts = [
    await call('GET', 'pages', { cookie }),
    await call('GET', 'page?file=pages%2Fetabs.yaml', { cookie }),
    await call('POST', 'create', { cookie, body: { name: 'From Template', route: '/from-template', from: { template: 'course' } } }),
    await call('POST', 'save', { cookie, body: { file: 'pages/etabs.yaml', data: { meta: { title: 'x' } }, version: 'x', overwrite: true } }),
  ];
  for (const attempt of attempts) {
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(409);
    expect(attempt.body.error).toMatch(words);
    expect(attempt.body.hint).toMatch(/^A developer must replace it with the file or folder itself in the site's repository/);
  }
}

beforeAll(async () => {
  // With the project's own .gitignore, as the academy's repository has it.
  ({ temp, remote, keys } = await hostedSite('links', { editors: EDITORS, code: ['.gitignore'] }));
  developer = path.join(temp, 'developer');
  execFileSync('git', ['clone', '--quiet', remote, developer]);
  stateDir = path.join(temp, 'state');
  // The secret the state folder holds for previews: one more thing a link could lead to.
  previewSecret(stateDir);
  editor = await startHostedEditor(
    productionOptions({ remote, keys }, stateDir, {
      limits: { 'sign-in': { count: 100, perMs: 60_000 }, save: { count: 100, perMs: 60_000 }, upload: { count: 100, perMs: 60_000 } },
      log: () => undefined,
    }),
  );
  base = editor.address;
}, 120_000);

afterAll(async () => {
  await editor?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('a link or a submodule pushed on a draft’s branch or on main', () => {
  it('a template linked to /proc/self/environ on the branch of a draft not yet opened: the draft is not made, nothing is read or committed', async () => {
    const branch = `drafts/${draftOf('environ')}`;
    const tip = pushed(branch, (work) => {
      rmSync(path.join(work, 'pages/_templates/course.yaml'));
      symlinkSync('/proc/self/environ', path.join(work, 'pages/_templates/course.yaml'));
    });
    const cookie = await signIn('environ');
    await everythingRefused(cookie, /^Your draft cannot be opened: pages\/_templates\/course\.yaml is a link to another file or folder, which the editor never follows\.$/);
    expect(tipOf(branch)).toBe(tip);
    // No work tree was made, so no link is on the server's disk.
    expect(existsSync(worktreeOf('environ'))).toBe(false);
    expectNothingLeaked();
  });

  it('a template linked to the state folder’s preview secret, pushed while the draft is open: the draft stays as it was', async () => {
    const cookie = await signIn('secret');
    const page = await call('GET', 'page?file=pages%2Fetabs.yaml', { cookie });
    expect(page.status).toBe(200);
    const branch = `drafts/${draftOf('secret')}`;
    const head = execFileSync('git', ['-C', worktreeOf('secret'), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const tip = pushed(branch, (work) => {
      rmSync(path.join(work, 'pages/_templates/course.yaml'));
      symlinkSync(path.join(stateDir, 'preview-secret'), path.join(work, 'pages/_templates/course.yaml'));
    });
    await everythingRefused(cookie, /^Your draft was changed on the site's repository, and now pages\/_templates\/course\.yaml is a link to another file or folder, which the editor never follows, so the editor keeps your draft as it was\.$/);
    expect(execFileSync('git', ['-C', worktreeOf('secret'), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()).toBe(head);
    expect(lstatSync(path.join(worktreeOf('secret'), 'pages/_templates/course.yaml')).isFile()).toBe(true);
    expect(tipOf(branch)).toBe(tip);
    expectNothingLeaked();
  });

  it('a page folder linked up the folders (../../..) and one linked to /etc', async () => {
    pushed(`drafts/${draftOf('upwards')}`, (work) => symlinkSync('../../..', path.join(work, 'pages/up')));
    await everythingRefused(await signIn('upwards'), /^Your draft cannot be opened: pages\/up is a link/);
    pushed(`drafts/${draftOf('etc')}`, (work) => symlinkSync('/etc', path.join(work, 'pages/x')));
    const cookie = await signIn('etc');
    await everythingRefused(cookie, /^Your draft cannot be opened: pages\/x is a link/);
    expect((await call('GET', 'page?file=pages%2Fx%2Fpasswd.yaml', { cookie })).status).toBe(409);
    expectNothingLeaked();
  });

  it('a submodule (a commit of another repository at pages/sub) and a link under public/, with others: the first named, the rest counted', async () => {
    pushed(
      `drafts/${draftOf('submodule')}`,
      () => undefined,
      () => devGit('update-index', '--add', '--cacheinfo', `160000,${devGit('rev-parse', 'HEAD')},pages/sub`),
    );
    expect(remoteGit('ls-tree', `drafts/${draftOf('submodule')}`, 'pages/sub')).toMatch(/^160000 commit /);
    await everythingRefused(await signIn('submodule'), /^Your draft cannot be opened: pages\/sub is another repository inside the site's \(a submodule\), which the editor never takes in\.$/);
    pushed(`drafts/${draftOf('public')}`, (work) => {
      symlinkSync(path.join(stateDir, 'preview-secret'), path.join(work, 'public/images/photo.jpg'));
      symlinkSync('/etc/passwd', path.join(work, 'public/robots.txt'));
    });
    await everythingRefused(await signIn('public'), /^Your draft cannot be opened: public\/images\/photo\.jpg is a link to another file or folder, which the editor never follows \(and 1 more like it\)\.$/);
    expectNothingLeaked();
  });

  it('a link on main: no new draft is made from it (the draft of an editor who never saved), and none is pushed', async () => {
    const branch = `drafts/${draftOf('planted')}`;
    const mainBefore = tipOf('main');
    pushed('main', (work) => symlinkSync('/proc/self/environ', path.join(work, 'pages/_templates/environ.yaml')));
    try {
      await everythingRefused(await signIn('planted'), /^Your draft cannot be opened: pages\/_templates\/environ\.yaml is a link/);
      expect(tipOf(branch)).toBe('');
    } finally {
      // Main mended by a developer: the draft opens.
      devGit('push', '--quiet', '--force', 'origin', `${mainBefore}:refs/heads/main`);
    }
    expect((await call('GET', 'pages', { cookie: await signIn('planted') })).status).toBe(200);
    expectNothingLeaked();
  });

  it('a link in main’s code (AGENTS.md → README.md), as publishing tolerates it: a new draft is made, a save is committed and pushed, the link carried unchanged', async () => {
    const mainBefore = tipOf('main');
    pushed('main', (work) => symlinkSync('README.md', path.join(work, 'AGENTS.md')));
    try {
      const cookie = await signIn('agents');
      const page = await call('GET', 'page?file=pages%2Fetabs.yaml', { cookie });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const { file, data, version } = page.body as unknown as PageResponse;
      const saved = await call('POST', 'save', { cookie, body: { file, data: withTitle(data, 'Saved beside a link in the code'), version } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const branch = `drafts/${draftOf('agents')}`;
      expect(remoteGit('show', `${branch}:pages/etabs.yaml`)).toContain('Saved beside a link in the code');
      expect(remoteGit('ls-tree', branch, 'AGENTS.md')).toMatch(/^120000 blob /);
      // The draft's work tree, looked at again on the next request, holds main's own link: it opens.
      expect((await call('GET', 'pages', { cookie })).status).toBe(200);
    } finally {
      devGit('push', '--quiet', '--force', 'origin', `${mainBefore}:refs/heads/main`);
    }
    expectNothingLeaked();
  });

  it('a link outside pages/ and public/ that main never had, pushed on a draft: refused as any link is', async () => {
    pushed(`drafts/${draftOf('added')}`, (work) => symlinkSync('/proc/self/environ', path.join(work, 'AGENTS.md')));
    await everythingRefused(await signIn('added'), /^Your draft cannot be opened: AGENTS\.md is a link to another file or folder, which the editor never follows\.$/);
    expectNothingLeaked();
  });

  it('editors.yaml on main a link: nobody may sign in, in words, and where it leads is never said', async () => {
    const mainBefore = tipOf('main');
    pushed('main', (work) => {
      rmSync(path.join(work, 'editors.yaml'));
      symlinkSync('/etc/passwd', path.join(work, 'editors.yaml'));
    });
    try {
      const answer = await call('POST', 'session', { body: { idToken: await idTokenOf(keys, account('names')) } });
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatch(/^Nobody can edit until the list of editors/);
      expect(answer.body.hint).toMatch(/editors\.yaml on main is a link to another file/);
    } finally {
      devGit('push', '--quiet', '--force', 'origin', `${mainBefore}:refs/heads/main`);
    }
    expect((await call('GET', 'pages', { cookie: await signIn('names') })).status).toBe(200);
    expectNothingLeaked();
  });

  it('a link or another repository put into the work tree on the server: never committed, the save refused in words and undone', async () => {
    const cookie = await signIn('planted');
    const draft = worktreeOf('planted');
    const branch = `drafts/${draftOf('planted')}`;
    const page = await call('GET', 'page?file=pages%2Fstaad.yaml', { cookie });
    const { data, version } = page.body as unknown as PageResponse;
    const titled = (title: string): Json => ({ ...(data as Record<string, Json>), meta: { ...((data as Record<string, Json>).meta as Record<string, Json>), title } });
    symlinkSync(path.join(stateDir, 'preview-secret'), path.join(draft, 'public/images/planted.txt'));
    const saved = await call('POST', 'save', { cookie, body: { file: 'pages/staad.yaml', data: titled('Planted'), version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(409);
    expect(saved.body.error).toBe('Nothing was saved: public/images/planted.txt is a link to another file or folder, which the editor never follows.');
    expect(tipOf(branch)).toBe('');
    // Put back as the commit has it: the page as it was, the link gone.
    expect(existsSync(path.join(draft, 'public/images/planted.txt'))).toBe(false);
    expect(readFileSync(path.join(draft, 'pages/staad.yaml'), 'utf8')).not.toContain('Planted');

    // Another repository inside the work tree would be added as a submodule.
    execFileSync('git', ['init', '--quiet', path.join(draft, 'pages/nested')]);
    writeFileSync(path.join(draft, 'pages/nested/a.yaml'), 'meta: {}\n');
    execFileSync('git', ['-C', path.join(draft, 'pages/nested'), '-c', 'user.name=x', '-c', 'user.email=x@example.com', 'commit', '--quiet', '--allow-empty', '-m', 'x']);
    onTestFinished(() => rmSync(path.join(draft, 'pages/nested'), { recursive: true, force: true }));
    const again = await call('POST', 'save', { cookie, body: { file: 'pages/staad.yaml', data: titled('Nested'), version } });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.error).toBe("Nothing was saved: pages/nested is another repository inside the site's (a submodule), which the editor never takes in.");
    expect(tipOf(branch)).toBe('');
    expectNothingLeaked();
  });
});

describe('links in the draft’s work tree (put there on the server), read or served', () => {
  it('pages/ itself a link: no page is read through it, in words', async () => {
    const cookie = await signIn('served');
    const draft = worktreeOf('served');
    expect((await call('GET', 'page?file=pages%2Fetabs.yaml', { cookie })).status).toBe(200);
    renameSync(path.join(draft, 'pages'), path.join(draft, 'pages-elsewhere'));
    symlinkSync('pages-elsewhere', path.join(draft, 'pages'));
    onTestFinished(() => {
      rmSync(path.join(draft, 'pages'));
      renameSync(path.join(draft, 'pages-elsewhere'), path.join(draft, 'pages'));
    });
    const read = await call('GET', 'page?file=pages%2Fetabs.yaml', { cookie });
    expect(read.status).toBe(400);
    expect(read.body).toEqual({ code: 'EDITOR_LINK_NOT_FOLLOWED', error: 'pages is a link to another folder, which the editor never follows.', hint: "A developer must replace the link with the folder itself in the site's repository." });
  });

  it('public/ itself a link, or a folder in it: none of its files is served', async () => {
    const cookie = await signIn('served');
    const draft = worktreeOf('served');
    const get = (pathname: string) => fetch(`${base}${pathname}`, { headers: { Cookie: cookie } });
    expect((await get('/images/logo.svg')).status).toBe(200);
    mkdirSync(path.join(temp, 'outside'), { recursive: true });
    writeFileSync(path.join(temp, 'outside/secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg">not for editors</svg>');
    symlinkSync(path.join(temp, 'outside'), path.join(draft, 'public/images/elsewhere'));
    onTestFinished(() => rmSync(path.join(draft, 'public/images/elsewhere')));
    const linkedFolder = await get('/images/elsewhere/secret.svg');
    expect(linkedFolder.status).toBe(404);
    expect(await linkedFolder.text()).not.toContain('not for editors');

    renameSync(path.join(draft, 'public'), path.join(draft, 'public-elsewhere'));
    symlinkSync('public-elsewhere', path.join(draft, 'public'));
    onTestFinished(() => {
      rmSync(path.join(draft, 'public'));
      renameSync(path.join(draft, 'public-elsewhere'), path.join(draft, 'public'));
    });
    // A link that stays inside the draft is still a link: not followed.
    expect((await get('/images/logo.svg')).status).toBe(404);
  });
});

describe('files of the draft’s public/ that are no photos (whatever git let in), served on the editor’s origin', () => {
  it('a web page or a script, however it is named, is a download (nosniff, sandboxed), never a page or a script of the editor; a drawing is still served as itself', async () => {
    const cookie = await signIn('served');
    // The draft is made when its editor first opens a page.
    expect((await call('GET', 'page?file=pages%2Fetabs.yaml', { cookie })).status).toBe(200);
    const draft = worktreeOf('served');
    const get = (pathname: string) => fetch(`${base}${pathname}`, { headers: { Cookie: cookie } });
    for (const [file, content] of [
      ['public/welcome.html', '<html><script>alert(document.cookie)</script></html>'],
      ['public/app.js', 'alert(document.cookie)'],
      ['public/images/holiday.jpg', '<!doctype html><script src="/app.js"></script>'],
    ] as const) {
      writeFileSync(path.join(draft, file), content);
      onTestFinished(() => rmSync(path.join(draft, file)));
      const answer = await get(`/${file.slice('public/'.length)}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(answer.headers.get('content-disposition')).toBe('attachment');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    }
    const drawing = await get('/images/logo.svg');
    expect(drawing.headers.get('content-type')).toBe('image/svg+xml');
    expect(drawing.headers.get('content-disposition')).toBeNull();
    expect(drawing.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('the editor’s own reads and writes on a content folder holding links (npm run dev, and a draft whatever git let in)', () => {
  let content: string;
  let outside: string;
  const SECRET = '# The server’s own comment\nTOKEN=not-for-editors\n';

  const refusedAs = (run: () => unknown, error: string) => {
    let thrown: unknown;
    try {
      run();
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(Refusal);
    expect((thrown as Refusal).body.error).toBe(error);
    expect(JSON.stringify((thrown as Refusal).body)).not.toContain(outside);
  };

  beforeAll(() => {
    outside = mkdtempSync(path.join(tmpdir(), 'cesa-outside-'));
    writeFileSync(path.join(outside, 'secret.yaml'), SECRET);
    return () => rmSync(outside, { recursive: true, force: true });
  });

  const fresh = () => {
    content = mkdtempSync(path.join(temp, 'content-'));
    writeInto(content, 'pages/_site.yaml', readFileSync(path.join(ROOT, 'tests/fixtures/site.yaml'), 'utf8'));
    writeInto(content, 'pages/index.yaml', tinyPage('Home'));
    writeInto(content, 'pages/etabs.yaml', tinyPage('ETABS'));
    writeInto(content, 'pages/_templates/basic.yaml', readFileSync(path.join(ROOT, 'pages/_templates/basic.yaml'), 'utf8'));
    writeInto(content, 'public/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
    return contentPaths(content);
  };

  it('a template that is a link: listed without being read, and no page is made from it', () => {
    const paths = fresh();
    symlinkSync(path.join(outside, 'secret.yaml'), path.join(content, 'pages/_templates/course.yaml'));
    expect(templatesOf(paths.pagesDir)).toContainEqual({ name: 'course', description: '', course: false });
    refusedAs(() => createPage(paths, loadContent({ root: content }), { name: 'Leak', route: '/leak', from: { template: 'course' } }), 'pages/_templates/course.yaml is a link to another file, which the editor never follows.');
    expect(existsSync(path.join(content, 'pages/leak.yaml'))).toBe(false);
  });

  it('pages/ itself, or a folder in it, a link: nothing read, listed or made through it', () => {
    const paths = fresh();
    symlinkSync('/etc', path.join(content, 'pages/x'));
    refusedAs(() => resolvePageFile(paths, 'pages/x/passwd.yaml', { mustExist: false }), 'pages/x is a link to another folder, which the editor never follows.');
    refusedAs(() => createPage(paths, loadContent({ root: content }), { name: 'Y', route: '/x/y', from: { template: 'basic' } }), 'pages/x is a link to another folder, which the editor never follows.');
    renameSync(path.join(content, 'pages'), path.join(content, 'real-pages'));
    symlinkSync('real-pages', path.join(content, 'pages'));
    refusedAs(() => resolvePageFile(paths, 'pages/etabs.yaml', { mustExist: true }), 'pages is a link to another folder, which the editor never follows.');
    refusedAs(() => templatesOf(paths.pagesDir), 'pages is a link to another folder, which the editor never follows.');
    refusedAs(() => createPage(paths, loadContent({ root: content }), { name: 'New', route: '/new', from: { template: 'basic' } }), 'pages is a link to another folder, which the editor never follows.');
    expect(existsSync(path.join(content, 'real-pages/new.yaml'))).toBe(false);
  });

  it('a page swapped for a link after it was looked at: not read (O_NOFOLLOW), not written over', () => {
    const paths = fresh();
    const page = resolvePageFile(paths, 'pages/etabs.yaml', { mustExist: true });
    rmSync(page.absolute);
    symlinkSync(path.join(outside, 'secret.yaml'), page.absolute);
    refusedAs(() => readPageFile(page), 'pages/etabs.yaml is a link to another file, which the editor never follows.');
    refusedAs(() => replaceAtomically(page.absolute, 'meta: {}\n', page.file), 'pages/etabs.yaml is a link to another file, which the editor never follows.');
    expect(readFileSync(path.join(outside, 'secret.yaml'), 'utf8')).toBe(SECRET);
    expect(lstatSync(page.absolute).isSymbolicLink()).toBe(true);
  });

  it('an upload never goes through a link: public/ itself, or a folder on the way to public/images/uploads', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const paths = fresh();
    mkdirSync(path.join(content, 'public/images'), { recursive: true });
    symlinkSync(outside, path.join(content, 'public/images/uploads'));
    await expect(saveUpload(paths, 'plan.svg', svg)).rejects.toMatchObject({ body: { error: 'public/images/uploads is a link to another folder, which the editor never follows.' } });
    const other = fresh();
    renameSync(path.join(content, 'public'), path.join(content, 'real-public'));
    symlinkSync('real-public', path.join(content, 'public'));
    await expect(saveUpload(other, 'plan.svg', svg)).rejects.toMatchObject({ body: { error: 'public is a link to another folder, which the editor never follows.' } });
    expect(existsSync(path.join(outside, 'plan.svg'))).toBe(false);
    expect(existsSync(path.join(content, 'real-public/images/uploads'))).toBe(false);
  });

  it('the check of a draft never writes through a link left at its scratch file’s name', () => {
    const paths = fresh();
    const scratch = path.join(content, 'scratch');
    mkdirSync(scratch);
    symlinkSync(path.join(outside, 'secret.yaml'), path.join(scratch, `draft-${process.pid}.yaml`));
    const checker = new DraftChecker(paths, scratch);
    const page = resolvePageFile(paths, 'pages/etabs.yaml', { mustExist: true });
    const checked = checker.check(loadContent({ root: content }), page, tinyPage('ETABS, edited'));
    expect(checked.errors).toEqual([]);
    expect(readFileSync(path.join(outside, 'secret.yaml'), 'utf8')).toBe(SECRET);
  });
});

describe('names the site’s repository leaves out', () => {
  const LEFT_OUT = ['pages/dist/courses.yaml', 'pages/node_modules/a.yaml', 'pages/.cache/a.yaml', 'pages/notes.log/a.yaml', 'pages/.firebase/a.yaml', 'pages/a/dist/b.yaml'];
  const GITS_OWN = ['pages/.git/a.yaml', 'pages/a/.GIT/b.yaml', 'pages/.git./a.yaml', 'pages/git~1/a.yaml'];

  it('a page saved under one is refused in words before anything is written; a page under a kept name is saved with its commit', async () => {
    const cookie = await signIn('names');
    const draft = worktreeOf('names');
    const branch = `drafts/${draftOf('names')}`;
    for (const file of [...LEFT_OUT, ...GITS_OWN]) {
      const saved = await call('POST', 'save', { cookie, body: { file, data: { meta: { title: 'Lost?' } }, version: 'x', overwrite: true } });
      expect(saved.status, file).toBe(400);
      expect(saved.body.error, file).toMatch(
        LEFT_OUT.includes(file)
          ? new RegExp(`^${file.replace(/\./g, '\\.')} cannot be saved under that name: the site's repository is set to leave out files of that name or in that folder \\(its \\.gitignore\\), so it would be lost\\.$`)
          : /cannot be saved under that name: a folder or file named .+ is git's own, never part of the site's history, so it would be lost\.$/,
      );
      expect(saved.body.hint).toBe('Nothing was written. Choose another address for the page, or another name for the photo.');
      expect(existsSync(path.join(draft, file)), file).toBe(false);
    }
    expect(tipOf(branch)).toBe('');
    const kept = await call('POST', 'save', { cookie, body: { file: 'pages/distance.yaml', data: { meta: { title: 'Kept' } }, version: 'x', overwrite: true } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.headers.get('x-cesa-commit')).toBe(tipOf(branch));
    expect(remoteGit('show', `${branch}:pages/distance.yaml`)).toContain('title: Kept');
  });

  it('a new page at an address git leaves out is refused the same way', async () => {
    const cookie = await signIn('names');
    const before = tipOf(`drafts/${draftOf('names')}`);
    for (const route of ['/dist/courses', '/node_modules/x', '/courses/dist/x', '/x.log/y']) {
      const created = await call('POST', 'create', { cookie, body: { name: 'Courses', route, from: { template: 'basic' } } });
      expect(created.status, route).toBe(400);
      expect(created.body.error, route).toBe(`pages${route}.yaml cannot be saved under that name: the site's repository is set to leave out files of that name or in that folder (its .gitignore), so it would be lost.`);
      expect(existsSync(path.join(worktreeOf('names'), `pages${route}.yaml`))).toBe(false);
    }
    expect(tipOf(`drafts/${draftOf('names')}`)).toBe(before);
  });

  it('a write that left a file git does not take anyway: refused in words, the file removed, nothing pushed', async () => {
    await signIn('unkept');
    const id = draftOf('unkept');
    const dir = await editor.repository.worktree(id);
    const written = editor.repository.write(id, { name: 'Unkept Editor', email: account('unkept').email }, () => 'Update', (worktree) => {
      writeInto(worktree, 'pages/dist/lost.yaml', 'meta: {}\n');
      return Promise.resolve();
    });
    await expect(written).rejects.toBeInstanceOf(Refusal);
    await expect(written).rejects.toMatchObject({
      status: 400,
      body: { error: "Nothing was saved: the site's repository leaves out pages/dist/lost.yaml (its .gitignore), so it would have been lost.", hint: 'Choose another address for the page, or another name for the photo.' },
    });
    expect(existsSync(path.join(dir, 'pages/dist/lost.yaml'))).toBe(false);
    expect(tipOf(`drafts/${id}`)).toBe('');
  });

  it('npm run dev asks the checkout’s git, when there is one; a folder without git keeps every name but git’s own', async () => {
    const inRepository = namesKeptBy(developer);
    expect(await inRepository('pages/dist/a.yaml')).toMatch(/leave out files of that name/);
    expect(await inRepository('pages/a.yaml')).toBeUndefined();
    // A file git already tracks is committed when changed, whatever the .gitignore says.
    writeInto(developer, 'pages/dist/tracked.yaml', 'meta: {}\n');
    devGit('add', '--force', 'pages/dist/tracked.yaml');
    onTestFinished(() => void devGit('reset', '--quiet', '--hard'));
    expect(await inRepository('pages/dist/tracked.yaml')).toBeUndefined();
    const plain = path.join(temp, 'no-git');
    mkdirSync(plain);
    writeFileSync(path.join(plain, '.gitignore'), 'dist/\n');
    expect(await namesKeptBy(plain)('pages/dist/a.yaml')).toBeUndefined();
    expect(await namesKeptBy(plain)('pages/.git/a.yaml')).toMatch(/git's own/);
  });
});

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An animated PNG of `colours.length` frames, `width`×`height`, with `exif` (TIFF bytes) in an eXIf chunk and a text chunk. */
function animatedPng(width: number, height: number, colours: [number, number, number][], exif: Buffer): Buffer {
  const u32 = (...values: number[]) => Buffer.concat(values.map((value) => Buffer.from([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255])));
  const pixels = ([r, g, b]: [number, number, number]) => deflateSync(Buffer.concat(Array.from({ length: height }, () => Buffer.from([0, ...Array.from({ length: width }, () => [r, g, b]).flat()]))));
  let sequence = 0;
  const frameControl = () => pngChunk('fcTL', Buffer.concat([u32(sequence++, width, height, 0, 0), Buffer.from([0, 1, 0, 10, 0, 0])]));
  const chunks = [
    pngChunk('IHDR', Buffer.concat([u32(width, height), Buffer.from([8, 2, 0, 0, 0])])),
    pngChunk('acTL', u32(colours.length, 0)),
    pngChunk('eXIf', exif),
    pngChunk('tEXt', Buffer.from('Comment\0Taken at the site office', 'latin1')),
  ];
  colours.forEach((colour, index) => {
    chunks.push(frameControl());
    chunks.push(index === 0 ? pngChunk('IDAT', pixels(colour)) : pngChunk('fdAT', Buffer.concat([u32(sequence++), pixels(colour)])));
  });
  chunks.push(pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

const chunkTypes = (png: Buffer) => {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) types.push(png.toString('latin1', at + 4, at + 8));
  return types;
};

describe('animated photos', () => {
  const GPS = { IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 3/1' } };
  const frames = (width: number, height: number, count: number) => {
    const raw = Buffer.alloc(width * height * count * 3);
    for (let frame = 0; frame < count; frame++) for (let pixel = 0; pixel < width * height; pixel++) raw[(frame * width * height + pixel) * 3 + (frame % 3)] = 255;
    return sharp(raw, { raw: { width, height: height * count, channels: 3, pageHeight: height } });
  };
  const committed = (file: string) => execFileSync('git', ['--git-dir', remote, 'show', `refs/heads/drafts/${draftOf('photos')}:${file}`]);

  it('an animated WebP keeps every frame and its timing, without where it was taken', async () => {
    const cookie = await signIn('photos');
    const webp = await frames(40, 30, 3).webp({ loop: 0, delay: [100, 200, 300] }).withExifMerge(GPS).toBuffer();
    const original = await sharp(webp).metadata();
    expect([original.pages, original.exif === undefined]).toEqual([3, false]);
    const answer = await upload(cookie, 'Site visit.webp', webp);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({ src: '/images/uploads/site-visit.webp', width: 40, height: 30 });
    const file = committed('public/images/uploads/site-visit.webp');
    const meta = await sharp(file).metadata();
    expect([meta.pages, meta.pageHeight ?? meta.height, meta.delay, meta.loop]).toEqual([3, 30, [100, 200, 300], 0]);
    expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
    expect(file.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('an animated PNG keeps every frame byte for byte, without its EXIF and text', async () => {
    const cookie = await signIn('photos');
    const exif = (await sharp(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).jpeg().withExifMerge(GPS).toBuffer()).metadata()).exif!;
    // sharp gives a JPEG's EXIF with its "Exif\0\0" header; the eXIf chunk holds what follows.
    const png = animatedPng(24, 16, [[255, 0, 0], [0, 255, 0], [0, 0, 255]], exif.subarray(6));
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const answer = await upload(cookie, 'Crane.png', png);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({ src: '/images/uploads/crane.png', width: 24, height: 16 });
    const file = committed('public/images/uploads/crane.png');
    expect(chunkTypes(file)).toEqual(['IHDR', 'acTL', 'fcTL', 'IDAT', 'fcTL', 'fdAT', 'fcTL', 'fdAT', 'IEND']);
    expect(file.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(file.includes(Buffer.from('site office'))).toBe(false);
    expect((await sharp(file).metadata()).exif).toBeUndefined();
  });

  it('an animated GIF is kept as it is, every frame', async () => {
    const cookie = await signIn('photos');
    const gif = await frames(20, 20, 3).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
    const answer = await upload(cookie, 'Spinner.gif', gif);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const file = committed('public/images/uploads/spinner.gif');
    expect(file.equals(gif)).toBe(true);
    expect((await sharp(file).metadata()).pages).toBe(3);
  });
});
