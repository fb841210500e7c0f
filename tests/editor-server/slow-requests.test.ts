/**
 * The hosted editor under slow and hostile senders, over real HTTP against a real bare repository: a
 * save whose body trickles in, a hundred half-sent sign-ins, bodies larger than anyone unknown may
 * send, and a draft's work held up, never hold up another editor's save, sign-in or page list; a body
 * past its deadline is answered 408 and cut off; rate limits are taken before any fetch or body.
 */
// @tier slow: starts the hosted editor over a git repository
// @vitest-environment node
import { renameSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_REQUEST_LIMITS } from '../../editor/hosted/request-limits';
import { startHostedEditor, type HostedOptions, type RunningEditor } from '../../editor/hosted/server';
import { EDITOR_API, type Json, type PageListEntry, type PageResponse } from '../../editor/protocol/api';
import { apiCall, asha, editorsYaml, hostedSite, meera, productionOptions, ravi, remoteGit as gitOn, signIn as signInAt } from '../helpers/hosted';
import type { Account, TestKeys } from './tokens';

const ASHA = 'asha-editor-example-com';
const RAVI = 'ravi-editor-example-com';

const EDITORS = editorsYaml([[asha, 'editor'], [ravi, 'editor'], [meera, 'publisher']]);

/** A body's deadline here: 1 s, then 100 bytes a second (a body declaring 1 MB has hours; one of 200 bytes, 3 s). */
const BODY = { graceMs: 1000, minBytesPerSecond: 100 };

let temp: string;
let remote: string;
let keys: TestKeys;
let editor: RunningEditor;
let base: string;
const logged: Record<string, unknown>[] = [];

const remoteGit = (...args: string[]) => gitOn(remote, ...args);
const draftTip = (id: string) => remoteGit('for-each-ref', '--format=%(objectname)', `refs/heads/drafts/${id}`);

function options(stateDir: string, extra: Partial<HostedOptions> = {}): HostedOptions {
  return productionOptions({ remote, keys }, path.join(temp, stateDir), {
    limits: { 'sign-in': { count: 1000, perMs: 60_000 } },
    requestLimits: { body: BODY },
    log: (entry) => logged.push(entry),
    ...extra,
  });
}

const call = apiCall;

const signIn = (account: Account, at = base) => signInAt(at, keys, account);

/** A save of `file` with its first section's title changed, as the editor sends it. */
async function save(cookie: string, file: string, title: string, at = base) {
  const page = await call<PageResponse>(at, 'GET', `page?file=${encodeURIComponent(file)}`, { cookie });
  const data = structuredClone(page.body.data) as { sections: { title: string }[] };
  data.sections[0]!.title = title;
  return call(at, 'POST', 'save', { cookie, body: { file, data: data as unknown as Json, version: page.body.version } });
}

/** A request sent by hand: its head, then only `bodyStart` of its body; what comes back, and whether the server closed it. */
interface RawRequest {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  answer: Promise<string>;
  closed: () => boolean;
}

async function rawRequest(at: string, head: string[], bodyStart: string): Promise<RawRequest> {
  const { hostname, port, host } = new URL(at);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  // A connection the server cut off may end in a reset: what it sent before still counts.
  socket.on('error', () => undefined);
  const answer = new Promise<string>((resolve) => socket.once('close', () => ((closed = true), resolve(received))));
  socket.write([...head, `Host: ${host}`, '', bodyStart].join('\r\n'), 'latin1');
  return { socket, answer, closed: () => closed };
}

const saveHead = (at: string, cookie: string | undefined, length: number) => [
  `POST ${EDITOR_API}/save HTTP/1.1`, `Origin: ${at}`, 'Sec-Fetch-Site: same-origin', ...(cookie ? [`Cookie: ${cookie}`] : []), 'Content-Type: application/json', `Content-Length: ${length}`,
];
const signInHead = (at: string, length: number | 'chunked') => [
  `POST ${EDITOR_API}/session HTTP/1.1`, `Origin: ${at}`, 'Content-Type: application/json', length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
];

/** Resolves once the server has taken in `count` more requests (their heads read, their handlers started). */
function requestsTaken(running: RunningEditor, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onRequest = (_req: IncomingMessage) => {
      if (++seen < count) return;
      running.server.off('request', onRequest);
      resolve();
    };
    running.server.on('request', onRequest);
  });
}

beforeAll(async () => {
  ({ temp, remote, keys } = await hostedSite('slow', { editors: EDITORS }));
  editor = await startHostedEditor(options('state'));
  base = editor.address;
}, 120_000);

afterAll(async () => {
  await editor?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('a slow sender holds nobody up', () => {
  it('while a save’s body trickles in, another editor’s save is committed, someone signs in and a page list is answered', async () => {
    const ashaCookie = await signIn(asha);
    const raviCookie = await signIn(ravi);
    const ashaBefore = draftTip(ASHA);
    // Asha's save declares a page of a megabyte and sends its first bytes only.
    const taken = requestsTaken(editor, 1);
    const slow = await rawRequest(base, saveHead(base, ashaCookie, 1_000_000), '{"file":"pages/');
    await taken;

    const saved = await save(raviCookie, 'pages/staad.yaml', 'STAAD, saved meanwhile');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(draftTip(RAVI)).toBe(saved.headers.get('x-cesa-commit'));
    expect(remoteGit('show', `refs/heads/drafts/${RAVI}:pages/staad.yaml`)).toContain('STAAD, saved meanwhile');
    await signIn(meera);
    const pages = await call<PageListEntry[]>(base, 'GET', 'pages', { cookie: raviCookie });
    expect(pages.status).toBe(200);
    expect(pages.body.find((page) => page.file === 'pages/staad.yaml')?.drafts).toEqual([ravi.name]);

    // All of it while Asha's save was still being sent.
    expect(slow.closed()).toBe(false);
    slow.socket.destroy();
    expect(await slow.answer).toBe('');
    expect(draftTip(ASHA)).toBe(ashaBefore);
  });

  it('a hundred half-sent sign-ins hold up no save, sign-in or page list', async () => {
    const raviCookie = await signIn(ravi);
    const taken = requestsTaken(editor, 100);
    // Each declares as much as a sign-in may hold (16 KB) and sends a few bytes.
    const halfSent = await Promise.all(Array.from({ length: 100 }, () => rawRequest(base, signInHead(base, 16_000), '{"idToken":"ey')));
    await taken;

    const saved = await save(raviCookie, 'pages/etabs.yaml', 'ETABS, saved meanwhile');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(draftTip(RAVI)).toBe(saved.headers.get('x-cesa-commit'));
    await signIn(asha);
    expect((await call(base, 'GET', 'pages', { cookie: raviCookie })).status).toBe(200);

    // The sign-ins' share of connections holds the newest of them; those that waited longest were closed to make room.
    expect(halfSent.filter((request) => !request.closed()).length).toBeLessThanOrEqual(DEFAULT_REQUEST_LIMITS.shares.signIn);
    for (const request of halfSent) request.socket.destroy();
    await Promise.all(halfSent.map((request) => request.answer));
  });

  it('a draft’s work held up (a slow push) holds up no other draft’s save, nor sign-ins and page lists', async () => {
    const raviCookie = await signIn(ravi);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => undefined as void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    // Asha's draft busy with a write that waits for the test.
    await editor.repository.worktree(ASHA);
    const ashaWrite = editor.repository.write(ASHA, { name: asha.name, email: asha.email }, () => 'Nothing', async () => {
      started();
      await held;
    });
    await holding;
    try {
      const saved = await save(raviCookie, 'pages/index.yaml', 'Home, saved meanwhile');
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(draftTip(RAVI)).toBe(saved.headers.get('x-cesa-commit'));
      await signIn(meera);
      expect((await call(base, 'GET', 'pages', { cookie: raviCookie })).status).toBe(200);
    } finally {
      release();
    }
    await expect(ashaWrite).resolves.toEqual({ result: undefined, commit: null });
  });
});

describe('cut off', () => {
  it('a save whose body is late past its deadline: answered 408 in words, the connection closed, nothing written', async () => {
    const cookie = await signIn(asha);
    const before = draftTip(ASHA);
    // 200 bytes declared: 1 s, then 2 s for them at 100 bytes a second.
    const slow = await rawRequest(base, saveHead(base, cookie, 200), '{"file":"pages/');
    const answer = await slow.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/Connection: close/i);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: string; hint: string };
    expect(body).toEqual({
      code: 'EDITOR_REQUEST_TOO_SLOW',
      error: 'What the editor sent arrived too slowly, so the server stopped waiting for it, and nothing was changed.',
      hint: 'Check the internet connection, then try again: what you typed is still here.',
    });
    expect(draftTip(ASHA)).toBe(before);
  });

  it('a sign-in whose body is late: 408, the connection closed', async () => {
    const slow = await rawRequest(base, signInHead(base, 100), '{"idToken":"ey');
    expect(await slow.answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('refused before the body is read', () => {
  it('a sign-in declaring more than a token: 413 without waiting for it', async () => {
    const large = await rawRequest(base, signInHead(base, 1_000_000), '');
    const answer = await large.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('This is more than the editor accepts at once (16 KB).');
  });

  it('a sign-in sent in pieces, past 16 KB: 413', async () => {
    const chunk = 'x'.repeat(20_000);
    const large = await rawRequest(base, signInHead(base, 'chunked'), `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(await large.answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('a save of 2 MB without a session: 401 without waiting for the body', async () => {
    const anonymous = await rawRequest(base, saveHead(base, undefined, 2_000_000), '');
    const answer = await anonymous.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('You are not signed in, or your session has ended.');
  });

  it('a save declaring more than a page may be: 413 without waiting for it', async () => {
    const cookie = await signIn(asha);
    const large = await rawRequest(base, saveHead(base, cookie, 3_000_000), '');
    const answer = await large.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('This is more than the editor accepts at once (2 MB).');
  });
});

describe('rate limits', () => {
  it('past the limit, a save and an upload are refused before the remote is asked anything (429, not the remote’s 503)', async () => {
    const limited = await startHostedEditor(options('limited-state', { limits: { save: { count: 1, perMs: 60_000 }, upload: { count: 1, perMs: 60_000 } } }));
    const hidden = `${remote}.away`;
    try {
      const at = limited.address;
      const cookie = await signIn(meera, at);
      const once = await save(cookie, 'pages/index.yaml', 'Once', at);
      expect(once.status, JSON.stringify(once.body)).toBe(200);
      const upload = () => fetch(`${at}${EDITOR_API}/upload?name=logo.svg`, { method: 'POST', headers: { Cookie: cookie, Origin: at, 'Sec-Fetch-Site': 'same-origin' }, body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>' });
      const uploaded = await upload();
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      // The remote is gone: anything that still fetched would be answered 503.
      renameSync(remote, hidden);
      onTestFinished(() => renameSync(hidden, remote));
      const refused = await call(at, 'POST', 'save', { cookie, body: { file: 'pages/index.yaml', data: {}, version: 'x' } });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('You saved more often than the editor takes in a minute.');
      const refusedUpload = await upload();
      expect(refusedUpload.status).toBe(429);
      expect(((await refusedUpload.json()) as { error: string }).error).toBe('You uploaded more photos than the editor takes in an hour.');
    } finally {
      await limited.close();
    }
  });
});
