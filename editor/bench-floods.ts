/**
 * The hosted editor under a flood, for `npm run bench -- floods` (and tests/editor-server/floods.test.ts):
 * connections that never finish their request's head, as a stranger with no account sends them from
 * one address (slowloris), opened again as soon as the server closes them; meanwhile rounds of what
 * people do, each request on a connection of its own (the hardest case: no connection kept from an
 * earlier request): a sign-in, a signed-in editor's page opened and saved, the health check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { signedTokenVerifier } from './hosted/id-token';
import { startHostedEditor } from './hosted/server';
import { localRemote } from './hosted/zero-config';
import { EDITOR_API } from './protocol/api';

export interface Flood {
  /** Connections opened so far (renewals included). */
  opened(): number;
  stop(): Promise<void>;
}

/** `count` connections sending the start of a head and nothing more, each opened again `renewMs` after the server closes it, until stopped. */
export function flood(at: string, { count, renewMs }: { count: number; renewMs: number }): Flood {
  const { hostname, port, host } = new URL(at);
  const open = new Set<Socket>();
  let stopped = false;
  let opened = 0;
  const one = () => {
    if (stopped) return;
    opened++;
    const socket = connect(Number(port), hostname);
    open.add(socket);
    socket.on('error', () => undefined);
    socket.once('connect', () => socket.write(`GET /_editor HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: slow`));
    socket.once('close', () => {
      open.delete(socket);
      if (!stopped) setTimeout(one, renewMs).unref();
    });
  };
  for (let index = 0; index < count; index++) one();
  return {
    opened: () => opened,
    async stop() {
      stopped = true;
      await Promise.all([...open].map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.destroy()))));
    },
  };
}

export interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a new connection, closed after it; a connection the server closed answers status 0. */
export function sendAlone(at: string, method: string, pathname: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {}): Promise<Sent> {
  return new Promise((resolve) => {
    const outgoing = request(`${at}${pathname}`, { method, agent: false, headers: { Connection: 'close', ...headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) } }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }));
      incoming.on('error', () => resolve({ status: 0, headers: {}, body: text }));
    });
    outgoing.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    outgoing.end(body);
  });
}

/** What one round's requests were answered with (0: the connection was closed unanswered). */
export interface Round {
  signIn: number;
  page: number;
  saved: number;
  health: number;
}

const succeeded = (round: Round) => round.signIn === 200 && round.page === 200 && round.saved === 200 && round.health === 200;

/** A Google ID token for `email` as the bench's own key signs it. */
function tokenOf(projectId: string, key: CryptoKey, email: string, name: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: `https://securetoken.google.com/${projectId}`, aud: projectId, auth_time: now - 10, user_id: `uid-${email}`, sub: `uid-${email}`, iat: now - 10, exp: now + 3600, email, email_verified: true, name, firebase: { identities: { 'google.com': ['1'], email: [email] }, sign_in_provider: 'google.com' } };
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'bench-1', typ: 'JWT' }).sign(key);
}

/**
 * `rounds` rounds under a flood of `count` connections from one address, on the hosted editor in its
 * production configuration over a copy of `project`'s last commit: how many rounds had every request answered 200.
 */
export async function floodRounds(project: string, { rounds = 30, count = 300, renewMs = 200 } = {}): Promise<{ rounds: Round[]; succeeded: number; opened: number }> {
  const projectId = 'cesa-bench-academy';
  const keys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench-1', alg: 'RS256', use: 'sig' };
  const temp = mkdtempSync(path.join(tmpdir(), 'cesa-bench-floods-'));
  const { remote } = await localRemote(project, path.join(temp, 'state'));
  const editor = await startHostedEditor({
    root: project,
    host: '127.0.0.1',
    port: 0,
    projectId,
    firebase: { apiKey: 'bench-key', authDomain: `${projectId}.firebaseapp.com` },
    remote,
    stateDir: path.join(temp, 'state'),
    verifier: signedTokenVerifier({ projectId, keys: createLocalJWKSet({ keys: [jwk] }) }),
    limits: { 'sign-in': { count: 1000, perMs: 60_000 }, save: { count: 1000, perMs: 60_000 }, read: { count: 10_000, perMs: 60_000 } },
    log: () => undefined,
  });
  const at = editor.address;
  const sameOrigin = { Origin: at, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' };
  const signIn = async (email: string, name: string) => sendAlone(at, 'POST', `${EDITOR_API}/session`, { headers: sameOrigin, body: JSON.stringify({ idToken: await tokenOf(projectId, keys.privateKey, email, name) }) });
  const attack = { stop: () => Promise.resolve(), opened: () => 0 };
  try {
    const first = await signIn('asha.editor@example.com', 'Asha Editor');
    if (first.status !== 200) throw new Error(`sign-in before the flood: ${first.status} ${first.body}`);
    const cookie = String(first.headers['set-cookie'] ?? '').split(';')[0]!;
    Object.assign(attack, flood(at, { count, renewMs }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const done: Round[] = [];
    for (let index = 0; index < rounds; index++) {
      const signedIn = await signIn('ravi.editor@example.com', 'Ravi Editor');
      const page = await sendAlone(at, 'GET', `${EDITOR_API}/page?file=pages%2Fetabs.yaml`, { headers: { Cookie: cookie } });
      let saved = 0;
      if (page.status === 200) {
        const { file, data, version } = JSON.parse(page.body) as { file: string; data: { meta: { description?: string } }; version: string };
        data.meta.description = `Saved in a flood, round ${index}`;
        saved = (await sendAlone(at, 'POST', `${EDITOR_API}/save`, { headers: { ...sameOrigin, Cookie: cookie }, body: JSON.stringify({ file, data, version }) })).status;
      }
      const health = await sendAlone(at, 'GET', '/healthz');
      done.push({ signIn: signedIn.status, page: page.status, saved, health: health.status });
    }
    return { rounds: done, succeeded: done.filter(succeeded).length, opened: attack.opened() };
  } finally {
    await attack.stop();
    await editor.close();
    rmSync(temp, { recursive: true, force: true });
  }
}
