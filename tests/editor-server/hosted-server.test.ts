/**
 * The hosted editor end to end over HTTP, on a real bare repository standing in for the academy's
 * remote: editors sign in with tokens signed by a local key set (standing in for Google's), each save
 * is one commit on the editor's own draft branch with the editor as author, main never moves, and
 * every refusal leaves the remote as it was.
 */
// @tier slow: builds the editor app and starts the hosted editor over a git repository
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildEditorApp } from '../../editor/app-build';
import type { EditorApp } from '../../editor/hosted/app-files';
import { createRemoteJWKSet } from 'jose';
import { signedTokenVerifier } from '../../editor/hosted/id-token';
import { startHostedEditor, type HostedOptions, type RunningEditor } from '../../editor/hosted/server';
import { EDITOR_API, type PageListEntry, type PageResponse, type SaveResponse } from '../../editor/protocol/api';
import { closedPort } from '../helpers/closed-port';
import { apiCall, asha, cookieOf, editorsYaml, hostedSite, idTokenOf, meera, PROJECT, productionOptions, rawGet as get, ravi, remoteGit as gitOn, ROOT, signInAndSave as signInAndSaveWith, withTitle, type Answer } from '../helpers/hosted';
import { claimsFor, signed, unsigned, type Account, type TestKeys } from './tokens';

const stranger: Account = { email: 'stranger@example.com', name: 'Some Stranger' };

const EDITORS = editorsYaml([[asha, 'editor'], [ravi, 'editor'], [meera, 'publisher']]);

let temp: string;
let remote: string;
let keys: TestKeys;
let editor: RunningEditor;
let base: string;
let app: EditorApp;
const logged: Record<string, unknown>[] = [];

/** git on the bare "remote" (the test's side, not the server's). */
const remoteGit = (...args: string[]) => gitOn(remote, ...args);
const mainSha = () => remoteGit('rev-parse', 'refs/heads/main');
const branches = () => remoteGit('for-each-ref', '--format=%(refname)', 'refs/heads/').split('\n').filter(Boolean);

const tokenOf = (account: Account) => idTokenOf(keys, account);
/** The server's options, with its state in `stateDir`. */
const options = (stateDir: string, extra: Partial<HostedOptions> = {}) => productionOptions({ remote, keys }, stateDir, extra);

/** A call to the API of the server under test; a string body is sent as it is. */
function call<T>(method: string, endpoint: string, { cookie, body, headers = {} }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  return apiCall<T>(base, method, endpoint, typeof body === 'string' ? { cookie, raw: body, headers } : { cookie, body, headers });
}

async function signIn(account: Account): Promise<string> {
  const answer = await call<{ email: string }>('POST', 'session', { body: { idToken: await tokenOf(account) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const cookie = answer.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^cesa_editor=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
  return cookie.split(';')[0]!;
}

async function openPage(cookie: string, file: string): Promise<PageResponse> {
  const answer = await call<PageResponse>('GET', `page?file=${encodeURIComponent(file)}`, { cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Commits on a draft branch of the remote that main does not have: author, committer, subject, files. */
function draftCommits(id: string): { author: string; committer: string; subject: string; files: string[] }[] {
  const log = remoteGit('log', '--format=%H%x00%an <%ae>%x00%cn%x00%s', `refs/heads/main..refs/heads/drafts/${id}`);
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha, author, committer, subject] = line.split('\0') as [string, string, string, string];
      const files = remoteGit('diff-tree', '--no-commit-id', '--name-only', '-r', sha).split('\n').filter(Boolean);
      return { author, committer, subject, files };
    });
}

/** Commits editors.yaml on the remote's main as a developer would. */
function editorsOnMain(text: string): void {
  const clone = mkdtempSync(path.join(temp, 'developer-'));
  execFileSync('git', ['clone', '--quiet', remote, clone]);
  writeFileSync(path.join(clone, 'editors.yaml'), text);
  execFileSync('git', ['-C', clone, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-am', 'Editors']);
  execFileSync('git', ['-C', clone, 'push', '--quiet', 'origin', 'main']);
}

beforeAll(async () => {
  ({ temp, remote, keys } = await hostedSite('hosted', { editors: EDITORS }));
  app = await buildEditorApp(ROOT);
  editor = await startHostedEditor(
    options(path.join(temp, 'state'), {
      app,
      // The tests sign in more often than a person would.
      limits: { 'sign-in': { count: 100, perMs: 60_000 } },
      log: (entry) => logged.push(entry),
    }),
  );
  base = editor.address;
}, 120_000);

afterAll(async () => {
  await editor?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('two editors, each in their own draft', () => {
  it('makes each save one commit on the editor’s own draft, authored by them and pushed before the answer; main does not move', async () => {
    const mainBefore = mainSha();
    const ashaCookie = await signIn(asha);
    const raviCookie = await signIn(ravi);

    const ashaPage = await openPage(ashaCookie, 'pages/etabs.yaml');
    const saved = await call<SaveResponse>('POST', 'save', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data: withTitle(ashaPage.data, 'ETABS, by Asha'), version: ashaPage.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.headers.get('x-cesa-commit')).toMatch(/^[0-9a-f]{40}$/);
    // Already on the remote when the answer came.
    expect(remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com')).toBe(saved.headers.get('x-cesa-commit'));

    const raviPage = await openPage(raviCookie, 'pages/staad.yaml');
    // Ravi's draft does not have Asha's change.
    expect((await openPage(raviCookie, 'pages/etabs.yaml')).text).not.toContain('by Asha');
    const raviSaved = await call<SaveResponse>('POST', 'save', { cookie: raviCookie, body: { file: 'pages/staad.yaml', data: withTitle(raviPage.data, 'STAAD, by Ravi'), version: raviPage.version } });
    expect(raviSaved.status, JSON.stringify(raviSaved.body)).toBe(200);

    expect(draftCommits('asha-editor-example-com')).toEqual([
      { author: `${asha.name} <${asha.email}>`, committer: 'CESA editor server', subject: 'Update pages/etabs.yaml', files: ['pages/etabs.yaml'] },
    ]);
    expect(draftCommits('ravi-editor-example-com')).toEqual([
      { author: `${ravi.name} <${ravi.email}>`, committer: 'CESA editor server', subject: 'Update pages/staad.yaml', files: ['pages/staad.yaml'] },
    ]);
    expect(remoteGit('show', 'refs/heads/drafts/asha-editor-example-com:pages/etabs.yaml')).toContain('title: ETABS, by Asha');
    expect(mainSha()).toBe(mainBefore);
    expect(logged).toContainEqual(expect.objectContaining({ event: 'save', email: asha.email, files: ['pages/etabs.yaml'] }));
  });

  it('says in the page list who has a draft that changes a page', async () => {
    const cookie = await signIn(meera);
    const { status, body } = await call<PageListEntry[]>('GET', 'pages', { cookie });
    expect(status).toBe(200);
    expect(body.find((page) => page.file === 'pages/etabs.yaml')?.drafts).toEqual([asha.name]);
    expect(body.find((page) => page.file === 'pages/staad.yaml')?.drafts).toEqual([ravi.name]);
    expect(body.find((page) => page.file === 'pages/index.yaml')?.drafts).toBeUndefined();
  });

  it('makes no commit for a save that changes nothing', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/etabs.yaml');
    const before = remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com');
    const saved = await call<SaveResponse>('POST', 'save', { cookie, body: { file: page.file, data: page.data, version: page.version } });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('x-cesa-commit')).toBeNull();
    expect(remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com')).toBe(before);
  });

  it('answers an error when the push fails, keeping nothing of the save on the server and the remote', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/etabs.yaml');
    const draftBefore = remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com');
    // The remote takes no pack larger than one byte: every push fails.
    remoteGit('config', 'receive.maxInputSize', '1');
    try {
      const saved = await call<SaveResponse>('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Never pushed'), version: page.version } });
      expect(saved.status).toBe(502);
      expect(saved.body.error).toBe("Your change was not saved: the site's repository did not take it.");
      expect(saved.body.hint).toMatch(/^What you typed is still here\./);
    } finally {
      remoteGit('config', '--unset', 'receive.maxInputSize');
    }
    expect(remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com')).toBe(draftBefore);
    // The draft shows what the remote has, so saving again (the editor still has the text) works.
    const again = await openPage(cookie, 'pages/etabs.yaml');
    expect(again.text).toBe(page.text);
    const retried = await call<SaveResponse>('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Pushed at last'), version: again.version } });
    expect(retried.status).toBe(200);
    expect(draftCommits('asha-editor-example-com')[0]).toMatchObject({ subject: 'Update pages/etabs.yaml', author: `${asha.name} <${asha.email}>` });
    expect(remoteGit('show', 'refs/heads/drafts/asha-editor-example-com:pages/etabs.yaml')).toContain('Pushed at last');
  });

  it('follows the draft when someone moved it on the remote, and a save of a changed page meets the conflict dialog', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/etabs.yaml');
    const clone = path.join(temp, 'fixer');
    execFileSync('git', ['clone', '--quiet', '--branch', 'drafts/asha-editor-example-com', remote, clone]);
    const file = path.join(clone, 'pages/etabs.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Pushed at last', 'Fixed by a developer'));
    execFileSync('git', ['-C', clone, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-am', 'Fix the title']);
    execFileSync('git', ['-C', clone, 'push', '--quiet', 'origin', 'drafts/asha-editor-example-com']);
    const saved = await call<{ conflict: true; text: string }>('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Asha again'), version: page.version } });
    expect(saved.status).toBe(409);
    expect(saved.body.text).toContain('Fixed by a developer');
    expect(remoteGit('log', '-1', '--format=%an', 'refs/heads/drafts/asha-editor-example-com')).toBe('Dev');
  });

  it('keeps sessions and drafts over a restart of the server', async () => {
    const cookie = await signIn(asha);
    const state = path.join(temp, 'state');
    await editor.close();
    editor = await startHostedEditor(options(state, { app, port: Number(new URL(base).port), limits: { 'sign-in': { count: 100, perMs: 60_000 } }, log: (entry) => logged.push(entry) }));
    // The developer's fix, which the draft's work tree follows.
    expect((await openPage(cookie, 'pages/etabs.yaml')).text).toContain('Fixed by a developer');
  });
});

describe('a server that lost its state folder', () => {
  it('signs people out but loses nothing saved: the drafts come back from the remote', async () => {
    const fresh = await startHostedEditor(options(path.join(temp, 'new-state'), { log: () => undefined }));
    try {
      const token = await tokenOf(asha);
      const session = await fetch(`${fresh.address}${EDITOR_API}/session`, { method: 'POST', headers: { Origin: fresh.address, 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken: token }) });
      const cookie = cookieOf(session.headers.get('set-cookie'));
      const page = (await (await fetch(`${fresh.address}${EDITOR_API}/page?file=pages/etabs.yaml`, { headers: { Cookie: cookie } })).json()) as PageResponse;
      expect(page.text).toBe(remoteGit('show', 'refs/heads/drafts/asha-editor-example-com:pages/etabs.yaml') + '\n');
    } finally {
      await fresh.close();
    }
  });
});

describe('the built editor app', () => {
  it('serves the editor (with its sign-in) and its preview as built pages, their files as never-changing', async () => {
    const root = await fetch(`${base}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/_editor');
    for (const [pathname, rootId] of [['/_editor', 'editor-root'], ['/_editor/preview', 'root']] as const) {
      const response = await fetch(`${base}${pathname}`);
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      // The editor is framed by nothing; its preview only by the editor.
      expect(response.headers.get('x-frame-options')).toBe(pathname === '/_editor' ? 'DENY' : 'SAMEORIGIN');
      expect(response.headers.get('content-security-policy')).toContain(pathname === '/_editor' ? "frame-ancestors 'none'" : "frame-ancestors 'self'");
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self' https://apis.google.com; style-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(html).toContain(`<div id="${rootId}"></div>`);
      expect(html).not.toContain('/@vite/client');
      const script = /<script type="module" src="(\/_editor\/app\/assets\/[^"]+\.js)"><\/script>/.exec(html)?.[1];
      const style = /<link rel="stylesheet" href="(\/_editor\/app\/assets\/[^"]+\.css)" \/>/.exec(html)?.[1];
      for (const file of [script, style]) {
        const asset = await fetch(`${base}${file ?? 'missing'}`);
        expect(asset.status, file).toBe(200);
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      }
    }
    expect((await fetch(`${base}/_editor/app/../../etc/passwd`)).status).not.toBe(200);
    expect((await fetch(`${base}/_editor/app/%2e%2e/%2e%2e/package.json`)).status).not.toBe(200);
  });

  it('holds no server configuration (remote, project key, state folder) in the files it sends', () => {
    const files = readdirSync(path.join(app.dir, 'assets')).map((file) => readFileSync(path.join(app.dir, 'assets', file), 'utf8'));
    for (const secret of ['CESA_EDITOR_REMOTE', 'BEGIN PRIVATE KEY', 'test-key', remote, temp]) expect(files.some((text) => text.includes(secret)), secret).toBe(false);
  });

  it('gives the browser the Firebase configuration of the server, and a draft\'s files only to a signed-in editor', async () => {
    expect((await call('GET', 'auth-config')).body).toEqual({ apiKey: 'test-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT, emulatorUrl: null });
    expect((await fetch(`${base}/images/logo.svg`)).status).toBe(401);
    const cookie = await signIn(asha);
    const logo = await fetch(`${base}/images/logo.svg`, { headers: { Cookie: cookie } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('refused, with nothing written', () => {
  /** Runs `attempt` and checks that no branch of the remote moved and none appeared. */
  async function nothingWritten(attempt: () => Promise<void>): Promise<void> {
    const before = remoteGit('for-each-ref', '--format=%(refname) %(objectname)');
    await attempt();
    expect(remoteGit('for-each-ref', '--format=%(refname) %(objectname)')).toBe(before);
  }

  it('an account not on the list: told which account it signed in with, and nobody named', async () => {
    await nothingWritten(async () => {
      const answer = await call('POST', 'session', { body: { idToken: await tokenOf(stranger) } });
      expect(answer.status).toBe(403);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.body.error).toBe('You signed in as stranger@example.com, which is not on the list of editors.');
      expect(answer.body.hint).toBe("Ask the site's publishers to add stranger@example.com to the editors, or sign in with another Google account.");
    });
  });

  it('an unsigned token (the emulator’s kind) when the server does not run with the emulator, and a token of another project', async () => {
    await nothingWritten(async () => {
      const none = await call('POST', 'session', { body: { idToken: unsigned(claimsFor(asha, PROJECT)) } });
      expect(none.status).toBe(401);
      expect(none.body.error).toMatch(/not signed/);
      const other = await call('POST', 'session', { body: { idToken: await signed(claimsFor(asha, 'another-academy'), keys.privateKey) } });
      expect(other.status).toBe(401);
      expect(other.body.error).toMatch(/another Firebase project/);
      const forged = await call('POST', 'session', { body: { idToken: await signed(claimsFor(asha, PROJECT), keys.otherKey) } });
      expect(forged.status).toBe(401);
      expect(forged.headers.get('set-cookie')).toBeNull();
    });
    expect(JSON.stringify(logged)).not.toMatch(/eyJ/);
  });

  it('no session, or a made-up one', async () => {
    expect((await call('GET', 'pages')).status).toBe(401);
    expect((await call('GET', 'pages', { cookie: 'cesa_editor=made-up' })).status).toBe(401);
  });

  it('an editor removed from editors.yaml on main during the session, at their next request', async () => {
    const cookie = await signIn(ravi);
    const page = await openPage(cookie, 'pages/staad.yaml');
    // A developer removes Ravi on main (pushed to the remote).
    const clone = path.join(temp, 'developer');
    execFileSync('git', ['clone', '--quiet', remote, clone]);
    writeFileSync(path.join(clone, 'editors.yaml'), EDITORS.split('\n').filter((line) => !line.includes(ravi.email)).join('\n'));
    execFileSync('git', ['-C', clone, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '-am', 'Ravi left']);
    execFileSync('git', ['-C', clone, 'push', '--quiet', 'origin', 'main']);
    await nothingWritten(async () => {
      const read = await call('GET', 'pages', { cookie });
      expect(read.status).toBe(403);
      expect(read.body.error).toBe(`You signed in as ${ravi.email}, which is not on the list of editors.`);
      const save = await call('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Sneaky'), version: page.version } });
      expect(save.status).toBe(403);
    });
  });

  it('a foreign Origin, a missing Origin, and a cross-site or same-site request', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/etabs.yaml');
    const body = { file: page.file, data: withTitle(page.data, 'From elsewhere'), version: page.version };
    await nothingWritten(async () => {
      const variants: Record<string, string>[] = [
        { Origin: 'https://evil.example' },
        { Origin: 'http://localhost:1' },
        { Origin: base, 'Sec-Fetch-Site': 'cross-site' },
        { Origin: base, 'Sec-Fetch-Site': 'same-site' },
      ];
      for (const headers of variants) {
        const answer = await call('POST', 'save', { cookie, body, headers });
        expect(answer.status, JSON.stringify(headers)).toBe(403);
        expect(answer.body.error).toBe('The editor accepts changes only from its own pages.');
      }
      const response = await fetch(`${base}${EDITOR_API}/save`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(response.status).toBe(403);
      const signInElsewhere = await call('POST', 'session', { body: { idToken: await tokenOf(asha) }, headers: { Origin: 'https://evil.example' } });
      expect(signInElsewhere.status).toBe(403);
    });
  });

  it('another Host (a page elsewhere pointing its name at this server)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port: Number(new URL(base).port), path: `${EDITOR_API}/pages`, headers: { host: 'rebound.example:80' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(status).toBe(421);
  });

  it('every way of naming a file outside pages/ in a file field, and editors.yaml itself', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/etabs.yaml');
    const names = [
      'editors.yaml',
      'pages/../editors.yaml',
      '../editors.yaml',
      '/etc/passwd.yaml',
      path.join(temp, 'remote.git/x.yaml'),
      'pages\\..\\editors.yaml',
      'pages/%2e%2e/editors.yaml',
      'pages/..%2feditors.yaml',
      'pages/%2E%2E%2Feditors.yaml',
      'pages/./etabs.yaml',
      'pages//etabs.yaml',
      'pages/etabs.yaml\0',
      'public/../editors.yaml',
    ];
    await nothingWritten(async () => {
      for (const file of names) {
        const save = await call('POST', 'save', { cookie, body: { file, data: page.data, version: page.version, overwrite: true } });
        expect(save.status, file).toBe(400);
        const read = await call('GET', `page?file=${encodeURIComponent(file)}`, { cookie });
        expect(read.status, file).toBe(400);
        const remove = await call('POST', 'delete', { cookie, body: { file, version: page.version } });
        expect(remove.status, file).toBe(400);
        const copy = await call('POST', 'create', { cookie, body: { name: 'Copied', route: '/copied', from: { copy: file } } });
        expect([400, 404], file).toContain(copy.status);
      }
      for (const route of ['/../editors', '/a\\b', '/%2e%2e/editors', '/a/../../editors']) {
        const create = await call('POST', 'create', { cookie, body: { name: 'Hosted Course', route, from: { template: 'course' } } });
        expect(create.status, route).toBe(400);
      }
    });
    expect(remoteGit('show', 'refs/heads/main:editors.yaml')).not.toContain('data');
  });

  it('data nested 900,000 deep, as the whole body or inside a save’s data, and 70 deep inside its data: 400 in words', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/etabs.yaml');
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepData = (depth: number) => `{"file":"pages/etabs.yaml","version":${JSON.stringify(page.version)},"data":{"sections":${nested(depth)}}}`;
    await nothingWritten(async () => {
      for (const [what, body] of [['the body', nested(900_000)], ['a save’s data', deepData(900_000)], ['a save’s data, 70 deep', deepData(70)]] as const) {
        for (const endpoint of ['save', 'validate']) {
          const answer = await call('POST', endpoint, { cookie, body });
          expect(answer.status, `${what} to ${endpoint}`).toBe(400);
          expect(answer.body).toEqual({ code: 'EDITOR_REQUEST_TOO_DEEP', error: 'The editor sent data nested more than 64 levels deep, deeper than any page.', hint: 'Reload the editor (the page in the browser) and try again.' });
        }
      }
      const signInAnswer = await call('POST', 'session', { body: `{"idToken":${nested(8000)}}` });
      expect(signInAnswer.status).toBe(400);
    });
    expect(logged.filter((entry) => entry.event === 'error')).toEqual([]);
  });

  it('editors.yaml listing two addresses that would share one draft: nobody signs in, told why in words', async () => {
    const listed = remoteGit('show', 'refs/heads/main:editors.yaml');
    editorsOnMain(`${listed}\n  - { email: asha_editor@example.com, name: Another Asha, role: editor }\n`);
    try {
      await nothingWritten(async () => {
        for (const account of [asha, meera]) {
          const answer = await call('POST', 'session', { body: { idToken: await tokenOf(account) } });
          expect(answer.status).toBe(503);
          expect(answer.headers.get('set-cookie')).toBeNull();
          expect(answer.body.error).toBe('Nobody can edit until the list of editors (editors.yaml on main) is corrected.');
          expect(answer.body.hint).toMatch(/^editors\.yaml: asha\.editor@example\.com \(line 2\) and asha_editor@example\.com \(line \d+\) would share one draft \(drafts\/asha-editor-example-com\), each reading and overwriting the other's work\. Nobody can sign in until one of the two is removed: ask a developer/);
        }
      });
    } finally {
      editorsOnMain(`${listed}\n`);
    }
    expect((await call('POST', 'session', { body: { idToken: await tokenOf(asha) } })).status).toBe(200);
  });

  it('links in the draft (a developer could commit one): never followed out of it', async () => {
    const cookie = await signIn(asha);
    // Made in the draft's work tree on the server, as a checkout of such a commit would have them.
    const draft = path.join(temp, 'state/drafts/asha-editor-example-com');
    writeFileSync(path.join(temp, 'secret.txt'), 'not for editors');
    symlinkSync(temp, path.join(draft, 'public/images/elsewhere'));
    symlinkSync(path.join(temp, 'secret.txt'), path.join(draft, 'pages/linked.yaml'));
    // (A refused write puts the work tree back as the commit has it, which removes them already.)
    onTestFinished(() => {
      rmSync(path.join(draft, 'public/images/elsewhere'), { force: true });
      rmSync(path.join(draft, 'pages/linked.yaml'), { force: true });
    });
    expect((await fetch(`${base}/images/logo.svg`, { headers: { Cookie: cookie } })).status).toBe(200);
    const linkedFolder = await fetch(`${base}/images/elsewhere/secret.txt`, { headers: { Cookie: cookie } });
    expect(linkedFolder.status).toBe(404);
    expect(await linkedFolder.text()).not.toContain('not for editors');
    const linkedPage = await call<PageResponse>('GET', 'page?file=pages/linked.yaml', { cookie });
    expect(linkedPage.status).toBe(400);
    await nothingWritten(async () => {
      const save = await call('POST', 'save', { cookie, body: { file: 'pages/linked.yaml', data: { meta: {} }, version: 'x', overwrite: true } });
      expect(save.status).toBe(400);
    });
  });

  it('an upload whose name tries to leave its folder is saved inside public/images/uploads under a clean name', async () => {
    const cookie = await signIn(asha);
    const response = await fetch(`${base}${EDITOR_API}/upload?name=${encodeURIComponent('../../../editors.yaml.svg')}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base, 'Sec-Fetch-Site': 'same-origin' },
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
    });
    const body = (await response.json()) as { src: string };
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.src).toBe('/images/uploads/editors-yaml.svg');
    const [commit] = draftCommits('asha-editor-example-com');
    expect(commit).toMatchObject({ author: `${asha.name} <${asha.email}>`, subject: 'Add photo public/images/uploads/editors-yaml.svg', files: ['public/images/uploads/editors-yaml.svg'] });
    expect(branches()).toContain('refs/heads/main');
  });
});

describe('the preview of the whole draft', () => {
  /** Signs in on `at` and saves `title` as staad's first title: the draft's preview is then built. */
  const signInAndSave = async (at: string, account: Account, title: string) => signInAndSaveWith(at, await tokenOf(account), title);

  describe('on a server: each draft on its own name of a wildcard one, answered by the editor’s process', () => {
    const DRAFT_HOST = 'meera-publisher-example-com.preview.cesa.example';
    let previewing: RunningEditor;
    let at: string;
    let cookie: string;
    let mainBefore: string;

    /** The editor's "Preview the whole site": where it sends the editor, with a fresh ticket. */
    async function opened(editorCookie = cookie): Promise<URL> {
      const open = await get(`${at}/_editor/whole-site`, { Cookie: editorCookie });
      expect(open.status, open.body).toBe(303);
      return new URL(open.headers.location ?? '');
    }

    /** The ticket taken on the preview's name: the preview's own cookie. */
    async function entered(): Promise<string> {
      const ticketAt = await opened();
      const answer = await get(`${at}${ticketAt.pathname}${ticketAt.search}`, { Host: ticketAt.host });
      expect(answer.status, answer.body).toBe(303);
      return cookieOf(answer.headers['set-cookie']?.[0]);
    }

    beforeAll(async () => {
      mainBefore = mainSha();
      previewing = await startHostedEditor(
        options(path.join(temp, 'preview-state'), { app, previewOrigin: 'https://{draft}.preview.cesa.example', limits: { 'sign-in': { count: 100, perMs: 60_000 } }, log: () => undefined }),
      );
      at = previewing.address;
      cookie = await signInAndSave(at, meera, 'STAAD in the preview');
      await previewing.previews!.settled('meera-publisher-example-com');
    }, 300_000);

    afterAll(async () => {
      await previewing?.close();
    });

    it('sends the editor to their draft’s name with a ticket, which the preview takes once for a cookie of its own, then to the clean address', async () => {
      const status = (await (await fetch(`${at}${EDITOR_API}/preview`, { headers: { Cookie: cookie } })).json()) as { url: string; building: boolean; errors: number };
      expect(status).toMatchObject({ url: '/_editor/whole-site', building: false, errors: 0 });
      const ticketAt = await opened();
      expect(ticketAt.origin).toBe(`https://${DRAFT_HOST}`);
      expect(ticketAt.pathname).toBe('/_cesa-preview');
      const entry = `${at}${ticketAt.pathname}${ticketAt.search}`;

      const elsewhere = await get(entry, { Host: 'asha-editor-example-com.preview.cesa.example' });
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body).toMatch(/^This link opens the preview of another draft\. Open it again from the editor/);

      const taken = await get(entry, { Host: DRAFT_HOST });
      expect(taken.status).toBe(303);
      expect(taken.headers.location).toBe('/');
      expect(taken.headers['set-cookie']).toEqual([expect.stringMatching(/^__Host-cesa_preview_meera-publisher-example-com=[\w.-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/)]);
      const previewCookie = (taken.headers['set-cookie']?.[0] ?? '').split(';')[0]!;

      const again = await get(entry, { Host: DRAFT_HOST });
      expect(again.status).toBe(403);
      expect(again.body).toMatch(/already used/);
      expect(again.headers['set-cookie']).toBeUndefined();

      const shown = await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie });
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('STAAD in the preview');
      // The live site's headers (firebase.json from the draft's content), not the editor's.
      expect(shown.headers['content-security-policy']).toContain("manifest-src 'self'");
      expect(shown.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
      expect(shown.headers['x-frame-options']).toBeUndefined();
      // Hosting's redirects: an address with a trailing slash is sent to the clean one, on the preview's own name.
      const slash = await get(`${at}/staad/`, { Host: DRAFT_HOST, Cookie: previewCookie });
      expect([slash.status, slash.headers.location]).toEqual([301, '/staad']);
      expect(mainSha()).toBe(mainBefore);
    });

    it('shows nothing of the draft without its cookie (401), with a forged one, or with another draft’s (403), in words', async () => {
      const previewCookie = await entered();
      const refusals: [Record<string, string>, number, RegExp][] = [
        [{}, 401, /^This preview of a draft is private\. Open it again from the editor with "Preview the whole site"\./],
        // The editor's own session cookie is no way into a preview.
        [{ Cookie: cookie }, 401, /private/],
        [{ Cookie: previewCookie.replace(/=.*/, '=made-up.value') }, 403, /not made by the editor/],
        [{ Cookie: `${previewCookie}x` }, 403, /not made by the editor/],
      ];
      for (const [headers, status, words] of refusals) {
        const answer = await get(`${at}/staad`, { Host: DRAFT_HOST, ...headers });
        expect(answer.status, JSON.stringify(headers)).toBe(status);
        expect(answer.body).toMatch(words);
        expect(answer.body).not.toContain('STAAD');
        expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      }
      const otherDraft = await get(`${at}/staad`, { Host: 'asha-editor-example-com.preview.cesa.example', Cookie: previewCookie.replace('cesa_preview_meera-publisher-example-com', 'cesa_preview_asha-editor-example-com') });
      expect(otherDraft.status).toBe(403);
      expect(otherDraft.body).toMatch(/^This is the preview of another draft\./);
      // A name that is neither the editor's nor a preview's.
      expect((await get(`${at}/staad`, { Host: 'elsewhere.example', Cookie: previewCookie })).status).toBe(421);
    });

    it('stays open over a restart of the server: the first look builds the draft again, saying so meanwhile', async () => {
      const previewCookie = await entered();
      await previewing.close();
      previewing = await startHostedEditor(
        options(path.join(temp, 'preview-state'), { app, port: Number(new URL(at).port), previewOrigin: 'https://{draft}.preview.cesa.example', log: () => undefined }),
      );
      const building = await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie });
      expect(building.status).toBe(503);
      expect(building.headers['retry-after']).toBe('5');
      expect(building.body).toBe('The preview of your draft is being built. Reload this page in a few seconds.\n');
      await previewing.previews!.settled('meera-publisher-example-com');
      const shown = await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie });
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('STAAD in the preview');
    });

    it('is closed to an editor removed from editors.yaml at their next request, and to one who signed out', async () => {
      const previewCookie = await entered();
      expect((await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie })).status).toBe(200);
      const listed = remoteGit('show', 'refs/heads/main:editors.yaml');
      editorsOnMain(listed.split('\n').filter((line) => !line.includes(meera.email)).join('\n') + '\n');
      try {
        const removed = await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie });
        expect(removed.status).toBe(403);
        expect(removed.body).toMatch(/^meera\.publisher@example\.com is no longer on the list of editors, so this preview of a draft is closed to it\./);
        expect(removed.body).not.toContain('STAAD');
      } finally {
        editorsOnMain(`${listed}\n`);
      }
      expect((await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie })).status).toBe(200);

      const signedOut = await fetch(`${at}${EDITOR_API}/session`, { method: 'DELETE', headers: { Cookie: cookie, Origin: at } });
      expect(signedOut.status).toBe(200);
      const closed = await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie });
      expect(closed.status).toBe(401);
      expect(closed.body).toMatch(/^Your session in the editor has ended/);
      expect((await get(`${at}/_editor/whole-site`, { Cookie: cookie })).status).toBe(401);
    });
  });

  it('on this computer: each draft’s preview on a loopback port of its own, through the same ticket', async () => {
    const local = await startHostedEditor(options(path.join(temp, 'local-preview-state'), { previews: true, log: () => undefined }));
    try {
      const at = local.address;
      const cookie = await signInAndSave(at, meera, 'STAAD on this computer');
      await local.previews!.settled('meera-publisher-example-com');
      const open = await get(`${at}/_editor/whole-site`, { Cookie: cookie });
      expect(open.status).toBe(303);
      const ticketAt = new URL(open.headers.location ?? '');
      expect(ticketAt.hostname).toBe('127.0.0.1');
      expect(ticketAt.port).not.toBe(new URL(at).port);
      expect((await get(`${ticketAt.origin}/staad`)).status).toBe(401);
      const taken = await get(ticketAt.href);
      expect(taken.status).toBe(303);
      const previewCookie = (taken.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
      expect(taken.headers['set-cookie']?.[0]).toMatch(/^cesa_preview_meera-publisher-example-com=[\w.-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
      const shown = await get(`${ticketAt.origin}/staad`, { Cookie: previewCookie });
      expect(shown.status).toBe(200);
      expect(shown.body).toContain('STAAD on this computer');
      // The live site's policy only: the local Auth emulator only in emulator mode, not for listening on loopback.
      expect(shown.headers['content-security-policy']).not.toContain('http://127.0.0.1:9099');
      // A page elsewhere pointing its name at the port.
      expect((await get(`${ticketAt.origin}/staad`, { Host: 'rebound.example', Cookie: previewCookie })).status).toBe(421);
    } finally {
      await local.close();
    }
  }, 300_000);

  it('is refused on a server without its own address for previews', async () => {
    await expect(
      startHostedEditor({ root: ROOT, host: '0.0.0.0', port: 0, origin: 'https://editor.example.org', projectId: PROJECT, firebase: { apiKey: 'k', authDomain: 'd' }, remote: '/nonexistent', stateDir: '/nonexistent', previews: true }),
    ).rejects.toThrow(/set CESA_EDITOR_PREVIEW_ORIGIN/);
  });
});

describe('an unexpected failure', () => {
  const DRAFT = 'asha-editor-example-com';
  const refs = () => remoteGit('for-each-ref', '--format=%(refname) %(objectname)');
  /** The draft's last commit on the remote, or main's while there is none (a draft starts from main). */
  const draftTip = () => remoteGit('for-each-ref', '--format=%(objectname)', `refs/heads/drafts/${DRAFT}`) || mainSha();

  it('during a save whose body was read: answered with the 500 message, logged, with nothing written', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/staad.yaml');
    const before = refs();
    // The server's scratch folder for Asha's draft (where a save's checks write the draft) is a file:
    // the save's checks fail with a file system error, neither a refusal nor git's, after the body is read.
    const scratch = path.join(temp, 'state', 'scratch', DRAFT);
    rmSync(scratch, { recursive: true, force: true });
    writeFileSync(scratch, 'not a folder');
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const errorsBefore = logged.filter((entry) => entry.event === 'error').length;

    const saved = await call<SaveResponse>('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Never saved'), version: page.version } });
    expect(saved.status).toBe(500);
    expect(saved.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(saved.body).toEqual({
      code: 'EDITOR_SERVER_PROBLEM',
      error: "The editor's server ran into a problem and did nothing.",
      hint: "Reload the editor and try again; if it happens again, tell the site's administrator.",
    });
    const errors = logged.filter((entry) => entry.event === 'error').slice(errorsBefore);
    expect(errors).toEqual([{ event: 'error', route: `${EDITOR_API}/save`, error: expect.stringContaining('EEXIST') as unknown }]);
    expect(refs()).toBe(before);

    // With the scratch folder free again: the draft is as it was, and the save goes through.
    rmSync(scratch, { force: true });
    const again = await openPage(cookie, 'pages/staad.yaml');
    expect(again.text).toBe(page.text);
    const retried = await call<SaveResponse>('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Saved after all'), version: again.version } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(remoteGit('show', `refs/heads/drafts/${DRAFT}:pages/staad.yaml`)).toContain('Saved after all');
  });

  it('a save the browser gave up on while sending it: nobody answered, nothing logged as an error or written, the server goes on', async () => {
    const cookie = await signIn(asha);
    const page = await openPage(cookie, 'pages/staad.yaml');
    const draftBefore = draftTip();
    const errorsBefore = logged.filter((entry) => entry.event === 'error').length;
    const { hostname, port } = new URL(base);
    const body = Buffer.from(JSON.stringify({ file: page.file, data: withTitle(page.data, 'Given up'), version: page.version }));
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    // Half the body, then the connection closed, as a browser closing its tab mid-upload.
    socket.write(
      [`POST ${EDITOR_API}/save HTTP/1.1`, `Host: ${new URL(base).host}`, `Origin: ${base}`, 'Sec-Fetch-Site: same-origin', `Cookie: ${cookie}`, 'Content-Type: application/json', `Content-Length: ${body.length}`, '', body.subarray(0, body.length >> 1).toString('latin1')].join('\r\n'),
      'latin1',
    );
    let answered = '';
    socket.on('data', (chunk: Buffer) => (answered += chunk.toString('utf8')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    // Saves of one draft take turns: the next one is answered once the server is done with the one given up.
    const saved = await call<SaveResponse>('POST', 'save', { cookie, body: { file: page.file, data: withTitle(page.data, 'Not given up'), version: page.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(answered).toBe('');
    expect(logged.filter((entry) => entry.event === 'error').slice(errorsBefore)).toEqual([]);
    // One commit more on the draft, the save that was sent whole.
    expect(remoteGit('rev-parse', `refs/heads/drafts/${DRAFT}~1`)).toBe(draftBefore);
    expect(remoteGit('show', `refs/heads/drafts/${DRAFT}:pages/staad.yaml`)).toContain('Not given up');
  });
});

describe('limits', () => {
  it('refuses the save past the limit, in words with how long to wait, with nothing written', async () => {
    const limited = await startHostedEditor(
      options(path.join(temp, 'limited-state'), { limits: { save: { count: 1, perMs: 60_000 }, 'sign-in': { count: 2, perMs: 60_000 } }, log: () => undefined }),
    );
    try {
      const signInThere = async () => fetch(`${limited.address}${EDITOR_API}/session`, { method: 'POST', headers: { Origin: limited.address, 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken: await tokenOf(meera) }) });
      const cookie = cookieOf((await signInThere()).headers.get('set-cookie'));
      const save = async (title: string) => {
        const page = (await (await fetch(`${limited.address}${EDITOR_API}/page?file=pages/index.yaml`, { headers: { Cookie: cookie } })).json()) as PageResponse;
        return fetch(`${limited.address}${EDITOR_API}/save`, { method: 'POST', headers: { Cookie: cookie, Origin: limited.address, 'Content-Type': 'application/json' }, body: JSON.stringify({ file: page.file, data: withTitle(page.data, title), version: page.version }) });
      };
      expect((await save('Once')).status).toBe(200);
      const before = remoteGit('rev-parse', 'refs/heads/drafts/meera-publisher-example-com');
      const refused = await save('Twice');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(await refused.json()).toEqual({ code: 'EDITOR_TOO_MANY_SAVES', error: 'You saved more often than the editor takes in a minute.', hint: expect.stringMatching(/^Wait \d+ seconds, then try again\. What you typed is kept\.$/) as unknown, retryAfter: expect.any(Number) as unknown });
      expect(remoteGit('rev-parse', 'refs/heads/drafts/meera-publisher-example-com')).toBe(before);
      expect((await signInThere()).status).toBe(200);
      expect((await signInThere()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('photos', () => {
  const upload = (cookie: string, name: string, body: Buffer) =>
    fetch(`${base}${EDITOR_API}/upload?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { Cookie: cookie, Origin: base, 'Sec-Fetch-Site': 'same-origin' }, body: new Uint8Array(body) });

  it('are committed without where they were taken (EXIF, GPS), turned as they are shown', async () => {
    const cookie = await signIn(asha);
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c63' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 3/1' } })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect([original.orientation, original.width, original.height, original.exif === undefined]).toEqual([6, 300, 200, false]);
    expect(photo.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const response = await upload(cookie, 'Site visit.jpg', photo);
    const body = (await response.json()) as { src: string; width: number; height: number };
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body).toEqual({ src: '/images/uploads/site-visit.jpg', width: 200, height: 300 });
    const committed = execFileSync('git', ['--git-dir', remote, 'show', 'refs/heads/drafts/asha-editor-example-com:public/images/uploads/site-visit.jpg']);
    const meta = await sharp(committed).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(committed.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(draftCommits('asha-editor-example-com')[0]).toMatchObject({ subject: 'Add photo public/images/uploads/site-visit.jpg', author: `${asha.name} <${asha.email}>` });
  });

  it('are refused above 20 MB, with nothing written', async () => {
    const cookie = await signIn(asha);
    const before = remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com');
    const response = await upload(cookie, 'huge.jpg', Buffer.alloc(21 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('This is more than the editor accepts at once (20 MB).');
    expect(remoteGit('rev-parse', 'refs/heads/drafts/asha-editor-example-com')).toBe(before);
  });
});

describe('Google’s keys out of reach (the server offline)', () => {
  it('a sign-in is answered 503 saying the server could not reach Google, not that the token was refused; the log says why', async () => {
    const entries: Record<string, unknown>[] = [];
    const offline = await startHostedEditor(
      options(path.join(temp, 'offline-state'), {
        verifier: signedTokenVerifier({ projectId: PROJECT, keys: createRemoteJWKSet(new URL(`http://127.0.0.1:${await closedPort()}/keys`)) }),
        log: (entry) => entries.push(entry),
      }),
    );
    try {
      const answer = await fetch(`${offline.address}${EDITOR_API}/session`, { method: 'POST', headers: { Origin: offline.address, 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken: await tokenOf(asha) }) });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await answer.json()).toEqual({
        code: 'EDITOR_SIGN_IN_KEYS_UNREACHABLE',
        error: "The server could not reach Google to check your sign-in: a network problem on the server's side, not your account.",
        hint: "Try again in a minute. If it keeps happening, tell the site's administrator.",
      });
      expect(entries).toContainEqual({ event: 'sign-in-keys-unreachable', reason: expect.stringMatching(/^Google's keys could not be fetched: ECONNREFUSED/) as unknown });
    } finally {
      await offline.close();
    }
  });
});

describe('starting', () => {
  const base = { root: ROOT, port: 0, firebase: { apiKey: 'k', authDomain: 'd' }, remote: '/nonexistent', stateDir: '/nonexistent' };

  it('refuses emulator mode with a project that is not a demo- project, or off loopback, and says why', async () => {
    await expect(startHostedEditor({ ...base, host: '127.0.0.1', projectId: 'cesa-academy', emulatorHost: '127.0.0.1:9099' })).rejects.toThrow(/only with a demo- project, and the project is cesa-academy/);
    await expect(startHostedEditor({ ...base, host: '0.0.0.0', origin: 'https://editor.example.org', projectId: 'demo-cesa', emulatorHost: '127.0.0.1:9099' })).rejects.toThrow(/listens only on this computer \(127\.0\.0\.1\), and it was asked to listen on 0\.0\.0\.0/);
  });

  it('refuses a demo- project without the emulator, plain http off this computer, and no address when listening beyond it', async () => {
    await expect(startHostedEditor({ ...base, host: '127.0.0.1', projectId: 'demo-cesa' })).rejects.toThrow(/exists only in the Auth emulator/);
    await expect(startHostedEditor({ ...base, host: '0.0.0.0', origin: 'http://editor.example.org', projectId: 'cesa-academy' })).rejects.toThrow(/must start with https/);
    await expect(startHostedEditor({ ...base, host: '0.0.0.0', projectId: 'cesa-academy' })).rejects.toThrow(/CESA_EDITOR_ORIGIN/);
  });
});
