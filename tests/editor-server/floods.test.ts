/**
 * The hosted editor under a flood from someone with no account, over real HTTP against a real bare
 * repository, in its production configuration: 300 connections from one address that never finish
 * their head, opened again as soon as they are closed, take no place a signed-in editor's save, a
 * sign-in or the health check needs; behind a proxy the administrator names, requests without a
 * session are limited per client address, and an address anyone else writes is not believed.
 * (`npm run bench -- floods` prints the share of thirty rounds that succeed.)
 */
// @tier slow: starts the hosted editor over a git repository and floods it with connections
// @vitest-environment node
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../editor/hosted/connection-shares';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { EDITOR_API } from '../../editor/protocol/api';
import { flood, sendAlone } from '../../editor/bench-floods';
import { asha, cookieOf, editorsYaml, hostedSite, idTokenOf, meera, productionOptions, ravi, withTitle, type HostedSite } from '../helpers/hosted';
import type { PageResponse } from '../../editor/protocol/api';

let site: HostedSite;
let editor: RunningEditor;

beforeAll(async () => {
  site = await hostedSite('floods', { editors: editorsYaml([[asha, 'editor'], [ravi, 'editor'], [meera, 'publisher']]) });
  editor = await startHostedEditor(productionOptions(site, path.join(site.temp, 'state'), { limits: { 'sign-in': { count: 1000, perMs: 60_000 }, save: { count: 1000, perMs: 60_000 } }, log: () => undefined }));
}, 60_000);

afterAll(async () => {
  await editor?.close();
  if (site) rmSync(site.temp, { recursive: true, force: true });
});

const sameOrigin = (at: string) => ({ Origin: at, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' });

/** One round, each request on a connection of its own: a sign-in, a page opened and saved by an editor signed in before, the health check. */
async function round(at: string, cookie: string, index: number): Promise<Record<string, number>> {
  const signIn = await sendAlone(at, 'POST', `${EDITOR_API}/session`, { headers: sameOrigin(at), body: JSON.stringify({ idToken: await idTokenOf(site.keys, ravi) }) });
  const page = await sendAlone(at, 'GET', `${EDITOR_API}/page?file=pages%2Fetabs.yaml`, { headers: { Cookie: cookie } });
  let saved = 0;
  if (page.status === 200) {
    const { file, data, version } = JSON.parse(page.body) as PageResponse;
    saved = (await sendAlone(at, 'POST', `${EDITOR_API}/save`, { headers: { ...sameOrigin(at), Cookie: cookie }, body: JSON.stringify({ file, data: withTitle(data, `Saved in a flood, round ${index}`), version }) })).status;
  }
  const health = await sendAlone(at, 'GET', '/healthz');
  return { signIn: signIn.status, page: page.status, saved, health: health.status };
}

describe('300 connections that never finish their head, from one address', () => {
  it('a signed-in editor’s save, a sign-in and the health check still succeed, round after round', async () => {
    const signedIn = await sendAlone(editor.address, 'POST', `${EDITOR_API}/session`, { headers: sameOrigin(editor.address), body: JSON.stringify({ idToken: await idTokenOf(site.keys, asha) }) });
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(String(signedIn.headers['set-cookie'] ?? ''));
    const attack = flood(editor.address, { count: 300, renewMs: 200 });
    try {
      // The flood in place: all 300 opened, and the server full of them.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let index = 0; index < 5; index++) {
        expect(await round(editor.address, cookie, index)).toEqual({ signIn: 200, page: 200, saved: 200, health: 200 });
      }
      expect(attack.opened()).toBeGreaterThan(300);
    } finally {
      await attack.stop();
    }
  });
});

describe('behind a proxy the administrator names', () => {
  let proxied: RunningEditor;
  beforeAll(async () => {
    proxied = await startHostedEditor(
      productionOptions(site, path.join(site.temp, 'state-proxied'), { trustedProxies: ['127.0.0.1'], requestLimits: { perAddress: 4 }, log: () => undefined }),
    );
  }, 60_000);
  afterAll(() => proxied?.close());

  /** A sign-in whose body never comes, through the proxy for `client`: in flight until the server gives up on it. */
  async function heldSignIn(at: string, client: string | null): Promise<Socket> {
    const { hostname, port, host } = new URL(at);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    socket.write([`POST ${EDITOR_API}/session HTTP/1.1`, `Host: ${host}`, `Origin: ${at}`, 'Content-Type: application/json', 'Content-Length: 100', ...(client ? [`X-Forwarded-For: ${client}`] : []), '', ''].join('\r\n'));
    return socket;
  }

  it('requests without a session from one client address are limited, another client’s are not, and a signed-in editor’s never', async () => {
    const taken = new Promise<void>((resolve) => {
      let seen = 0;
      const onRequest = (_req: IncomingMessage) => {
        if (++seen < 4) return;
        proxied.server.off('request', onRequest);
        resolve();
      };
      proxied.server.on('request', onRequest);
    });
    const held = await Promise.all(Array.from({ length: 4 }, () => heldSignIn(proxied.address, '198.51.100.1, 203.0.113.7')));
    await taken;
    try {
      const fifth = await sendAlone(proxied.address, 'GET', '/healthz', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
      expect(fifth.status).toBe(429);
      expect(JSON.parse(fifth.body)).toMatchObject({ code: 'EDITOR_TOO_MANY_FROM_ADDRESS', error: 'More requests came at once from your network address than the editor answers before you sign in.' });
      // What the client wrote left of the proxy's entry is not believed: the proxy's entry is the address.
      expect((await sendAlone(proxied.address, 'GET', '/healthz', { headers: { 'X-Forwarded-For': '203.0.113.7, 203.0.113.8' } })).status).toBe(200);
      expect((await sendAlone(proxied.address, 'GET', '/healthz', { headers: { 'X-Forwarded-For': '203.0.113.8' } })).status).toBe(200);
      const signedIn = await sendAlone(proxied.address, 'POST', `${EDITOR_API}/session`, { headers: { ...sameOrigin(proxied.address), 'X-Forwarded-For': '203.0.113.9' }, body: JSON.stringify({ idToken: await idTokenOf(site.keys, asha) }) });
      expect(signedIn.status).toBe(200);
      const cookie = cookieOf(String(signedIn.headers['set-cookie'] ?? ''));
      expect((await sendAlone(proxied.address, 'GET', `${EDITOR_API}/pages`, { headers: { Cookie: cookie, 'X-Forwarded-For': '203.0.113.7' } })).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('X-Forwarded-For from anyone but a named proxy says nothing: the server without one limits no address', async () => {
    const held = await Promise.all(Array.from({ length: 20 }, () => heldSignIn(editor.address, '203.0.113.7')));
    try {
      expect((await sendAlone(editor.address, 'GET', '/healthz', { headers: { 'X-Forwarded-For': '203.0.113.7' } })).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('the client’s address is the right-most one a named proxy did not write', () => {
    const from = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;
    expect(clientAddress(from('::ffff:10.0.0.2', '1.2.3.4, 203.0.113.7, 10.0.0.3'), ['10.0.0.2', '10.0.0.3'])).toBe('203.0.113.7');
    expect(clientAddress(from('10.0.0.9', '203.0.113.7'), ['10.0.0.2'])).toBeNull();
    expect(clientAddress(from('10.0.0.2'), ['10.0.0.2'])).toBeNull();
    expect(clientAddress(from('10.0.0.2', 'not an address'), ['10.0.0.2'])).toBeNull();
  });
});
