/**
 * The hosted editor as its tests set it up: a small site's bare repository standing in for the
 * academy's remote, a local RS256 key set standing in for Google's, the server in production
 * configuration (a real project id, loopback as behind a proxy), editors signed in with tokens that
 * key set signs, and the editor's API called as its page calls it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { signedTokenVerifier } from '../../editor/hosted/id-token';
import type { HostedOptions } from '../../editor/hosted/server';
import { EDITOR_API, type Json, type PageResponse } from '../../editor/protocol/api';
import { claimsFor, signed, testKeys, type Account, type TestKeys } from '../editor-server/tokens';
import { siteRepository } from './site-repository';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The Firebase project the test tokens are issued for. */
export const PROJECT = 'cesa-test-academy';

export const asha: Account = { email: 'asha.editor@example.com', name: 'Asha Editor' };
export const ravi: Account = { email: 'ravi.editor@example.com', name: 'Ravi Editor' };
export const meera: Account = { email: 'meera.publisher@example.com', name: 'Meera Publisher' };

/** An editors.yaml listing each account with its role. */
export function editorsYaml(entries: readonly (readonly [Account, 'editor' | 'publisher'])[]): string {
  return `editors:\n${entries.map(([account, role]) => `  - { email: ${account.email}, name: ${account.name}, role: ${role} }\n`).join('')}`;
}

export interface HostedSite {
  /** The test's own folder, removed after it. */
  temp: string;
  /** The bare repository the server pushes to. */
  remote: string;
  /** The developer's work tree the site's first commit was made in. */
  work: string;
  keys: TestKeys;
}

/**
 * A folder of its own (`cesa-<name>-…`) holding the site's bare repository (with `editors` as its
 * editors.yaml and `code` committed beside the content), and the key set its tokens are signed with.
 */
export async function hostedSite(name: string, repository: { editors: string; code?: readonly string[] }): Promise<HostedSite> {
  const temp = mkdtempSync(path.join(tmpdir(), `cesa-${name}-`));
  const keys = await testKeys();
  return { temp, keys, ...siteRepository(temp, repository) };
}

/**
 * The server as an administrator configures it on a server, over `remote` with its state in
 * `stateDir`: PROJECT's tokens, verified with the local keys; main fetched at every request.
 * `extra` adds to it or replaces any.
 */
export function productionOptions({ remote, keys }: Pick<HostedSite, 'remote' | 'keys'>, stateDir: string, extra: Partial<HostedOptions> = {}): HostedOptions {
  return {
    root: ROOT,
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    firebase: { apiKey: 'test-key', authDomain: `${PROJECT}.firebaseapp.com` },
    remote,
    stateDir,
    mainMaxAgeMs: 0,
    verifier: signedTokenVerifier({ projectId: PROJECT, keys: keys.keys }),
    ...extra,
  };
}

/** `account`'s ID token for `projectId`, signed as Google signs it; `overrides` replace any claim. */
export function idTokenOf(keys: TestKeys, account: Account, { projectId = PROJECT, ...overrides }: { projectId?: string } & Record<string, unknown> = {}): Promise<string> {
  return signed(claimsFor(account, projectId, overrides), keys.privateKey);
}

export interface Answer<T> {
  status: number;
  body: T & { error?: string; hint?: string };
  headers: Headers;
  /** The body as it came. */
  text: string;
}

export interface Call {
  cookie?: string | undefined;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, instead of `body`. */
  raw?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/** A call to the editor's API on `at`, as the editor's page makes it: anything but a GET says it comes from the same origin. */
export async function apiCall<T = Record<string, unknown>>(at: string, method: string, endpoint: string, { cookie, body, raw, headers = {} }: Call = {}): Promise<Answer<T>> {
  const response = await fetch(`${at}${EDITOR_API}/${endpoint}`, {
    method,
    headers: {
      ...(method === 'GET' ? {} : { Origin: at, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }),
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    ...(raw !== undefined ? { body: raw } : body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; hint?: string }, headers: response.headers, text };
}

/** The cookie a Set-Cookie header sets, as a browser sends it back (`name=value`). */
export const cookieOf = (setCookie: string | null | undefined): string => (setCookie ?? '').split(';')[0]!;

/** Signs `account` in on `at` with a token the local keys signed: the session's cookie. */
export async function signIn(at: string, keys: TestKeys, account: Account): Promise<string> {
  const answer = await apiCall(at, 'POST', 'session', { body: { idToken: await idTokenOf(keys, account) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return cookieOf(answer.headers.get('set-cookie'));
}

/** git on the bare remote (the test's side, not the server's). */
export function remoteGit(remote: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', remote, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
}

/** A page's data with its first section's title changed. */
export function withTitle(data: Json, title: string): Json {
  const copy = structuredClone(data) as { sections: { title: string }[] };
  copy.sections[0]!.title = title;
  return copy;
}

export interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET as a browser sends it, with any Host (a preview's own name, answered by the editor's process). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const outgoing = httpGet(url, { headers }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
    });
    outgoing.on('error', reject);
  });
}

/** Signs in on `at` with `idToken` and saves `title` as staad's first title (the draft's preview is then built): the session's cookie. */
export async function signInAndSave(at: string, idToken: string, title: string): Promise<string> {
  const session = await fetch(`${at}${EDITOR_API}/session`, { method: 'POST', headers: { Origin: at, 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken }) });
  expect(session.status).toBe(200);
  const cookie = cookieOf(session.headers.get('set-cookie'));
  const page = (await (await fetch(`${at}${EDITOR_API}/page?file=pages/staad.yaml`, { headers: { Cookie: cookie } })).json()) as PageResponse;
  const saved = await fetch(`${at}${EDITOR_API}/save`, { method: 'POST', headers: { Cookie: cookie, Origin: at, 'Content-Type': 'application/json' }, body: JSON.stringify({ file: page.file, data: withTitle(page.data, title), version: page.version }) });
  expect(saved.status).toBe(200);
  return cookie;
}
