/**
 * The drafts' whole-site previews of a server in production configuration (a real project id, tokens
 * signed by a local key set standing in for Google's, previews on a wildcard name, listening on
 * loopback as behind a proxy), over HTTP on a real bare repository: a ticket works once, also across a
 * restart of the server; a preview carries the live site's headers only (no local Auth emulator in its
 * policy, which only the emulator mode admits), and asks search engines to keep nothing.
 */
// @tier slow: builds the editor app and starts the hosted editor over a git repository
// @vitest-environment node
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEditorApp } from '../../editor/app-build';
import type { EditorApp } from '../../editor/hosted/app-files';
import { signedTokenVerifier } from '../../editor/hosted/id-token';
import { startHostedEditor, type HostedOptions, type RunningEditor } from '../../editor/hosted/server';
import { cookieOf, editorsYaml, hostedSite, idTokenOf, meera, PROJECT, productionOptions, rawGet as get, ROOT, signInAndSave as signInAndSaveWith } from '../helpers/hosted';
import type { TestKeys } from './tokens';

const DRAFT = 'meera-publisher-example-com';
const DRAFT_HOST = `${DRAFT}.preview.cesa.example`;

let temp: string;
let remote: string;
let keys: TestKeys;
let app: EditorApp;

beforeAll(async () => {
  ({ temp, remote, keys } = await hostedSite('preview-production', { editors: editorsYaml([[meera, 'publisher']]) }));
  app = await buildEditorApp(ROOT);
}, 300_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Signs in with a token of `projectId` and saves `title` as staad's first title: the draft's preview is then built. */
async function signInAndSave(at: string, projectId: string, title: string): Promise<string> {
  return signInAndSaveWith(at, await idTokenOf(keys, meera, { projectId }), title);
}

/** "Preview the whole site": the address of the preview's entry, with a fresh ticket. */
async function ticketAddress(at: string, cookie: string): Promise<URL> {
  const open = await get(`${at}/_editor/whole-site`, { Cookie: cookie });
  expect(open.status, open.body).toBe(303);
  return new URL(open.headers.location ?? '');
}

/** The server as an administrator configures it, on `port` (0: any). */
function production(stateDir: string, port = 0): Omit<HostedOptions, 'app'> {
  return productionOptions({ remote, keys }, stateDir, { port, previewOrigin: 'https://{draft}.preview.cesa.example', log: () => undefined });
}

describe('a server in production configuration', () => {
  let server: RunningEditor;
  let at: string;
  let cookie: string;
  const state = () => path.join(temp, 'production-state');

  beforeAll(async () => {
    server = await startHostedEditor({ ...production(state()), app });
    at = server.address;
    cookie = await signInAndSave(at, PROJECT, 'STAAD in production');
    await server.previews!.settled(DRAFT);
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  it('serves previews with the live site’s headers only: no local emulator in their policy, and noindex', async () => {
    const entry = await ticketAddress(at, cookie);
    const taken = await get(`${at}${entry.pathname}${entry.search}`, { Host: entry.host });
    expect(taken.status, taken.body).toBe(303);
    const previewCookie = cookieOf(taken.headers['set-cookie']?.[0]);
    const shown = await get(`${at}/staad`, { Host: DRAFT_HOST, Cookie: previewCookie });
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('STAAD in production');
    const policy = shown.headers['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/127\.0\.0\.1|localhost|:9099/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('refuses a used ticket after a restart, in words', async () => {
    const entry = await ticketAddress(at, cookie);
    const ticketPath = `${entry.pathname}${entry.search}`;
    expect((await get(`${at}${ticketPath}`, { Host: entry.host })).status).toBe(303);

    await server.close();
    server = await startHostedEditor({ ...production(state(), Number(new URL(at).port)), app });
    const again = await get(`${at}${ticketPath}`, { Host: entry.host });
    expect(again.status).toBe(403);
    expect(again.body).toBe('This preview link was already used: each works once. Open it again from the editor with "Preview the whole site".\n');
    expect(again.headers['set-cookie']).toBeUndefined();

    // A ticket not used before a restart still works once after it (the first look builds the draft again).
    expect((await get(`${at}/_editor/whole-site`, { Cookie: cookie })).status).toBe(503);
    await server.previews!.settled(DRAFT);
    const fresh = await ticketAddress(at, cookie);
    await server.close();
    server = await startHostedEditor({ ...production(state(), Number(new URL(at).port)), app });
    expect((await get(`${at}${fresh.pathname}${fresh.search}`, { Host: fresh.host })).status).toBe(303);
  }, 120_000);
});

describe('a server in emulator mode (zero-config)', () => {
  it('admits the local Auth emulator in its previews’ policy, which the site signs in with there', async () => {
    const local = await startHostedEditor(
      productionOptions({ remote, keys }, path.join(temp, 'emulator-state'), {
        app,
        projectId: 'demo-cesa',
        firebase: { apiKey: 'demo-cesa-api-key', authDomain: 'demo-cesa.firebaseapp.com' },
        emulatorHost: '127.0.0.1:9099',
        verifier: signedTokenVerifier({ projectId: 'demo-cesa', keys: keys.keys }),
        previews: true,
        log: () => undefined,
      }),
    );
    try {
      const cookie = await signInAndSave(local.address, 'demo-cesa', 'STAAD with the emulator');
      await local.previews!.settled(DRAFT);
      const entry = await ticketAddress(local.address, cookie);
      const taken = await get(entry.href);
      expect(taken.status, taken.body).toBe(303);
      const shown = await get(`${entry.origin}/staad`, { Cookie: cookieOf(taken.headers['set-cookie']?.[0]) });
      expect(shown.status).toBe(200);
      expect(shown.headers['content-security-policy']).toContain('http://127.0.0.1:9099');
    } finally {
      await local.close();
    }
  }, 300_000);
});
