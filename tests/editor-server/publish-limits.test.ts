/**
 * The publishing API's rate limit (rate-limit.ts, kind `publish`) is taken from the session's cookie
 * alone, before the request's body, the list of editors or the repository is read: with the site's
 * repository gone, a publisher past the limit is told to wait (429), not that the repository does not
 * answer, so no fetch, merge or build ran for the request.
 */
// @vitest-environment node
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedTokenVerifier } from '../../editor/hosted/id-token';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { EDITOR_API } from '../../editor/protocol/api';
import { siteRepository } from '../helpers/site-repository';
import { claimsFor, signed, testKeys, type Account } from './tokens';

const PROJECT = 'cesa-test-academy';
const meera: Account = { email: 'meera.publisher@example.com', name: 'Meera Publisher' };
const asha: Account = { email: 'asha.editor@example.com', name: 'Asha Editor' };

let temp: string;
let remote: string;
let editor: RunningEditor;
let keys: Awaited<ReturnType<typeof testKeys>>;

beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'cesa-publish-limits-'));
  keys = await testKeys();
  const editors = `editors:\n  - { email: ${asha.email}, name: ${asha.name}, role: editor }\n  - { email: ${meera.email}, name: ${meera.name}, role: publisher }\n`;
  ({ remote } = siteRepository(temp, { editors }));
  editor = await startHostedEditor({
    root: path.resolve(import.meta.dirname, '../..'),
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    firebase: { apiKey: 'test-key', authDomain: `${PROJECT}.firebaseapp.com` },
    remote,
    stateDir: path.join(temp, 'state'),
    mainMaxAgeMs: 0,
    verifier: signedTokenVerifier({ projectId: PROJECT, keys: keys.keys }),
    limits: { publish: { count: 2, perMs: 3_600_000 } },
    log: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await editor?.close();
  rmSync(temp, { recursive: true, force: true });
});

async function signIn(account: Account): Promise<string> {
  const response = await fetch(`${editor.address}${EDITOR_API}/session`, {
    method: 'POST',
    headers: { Origin: editor.address, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken: await signed(claimsFor(account, PROJECT), keys.privateKey) }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

function call(method: string, endpoint: string, cookie: string, body?: unknown): Promise<Response> {
  return fetch(`${editor.address}${EDITOR_API}/publish/${endpoint}`, {
    method,
    headers: { ...(method === 'GET' ? {} : { Origin: editor.address, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }), Cookie: cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('the publishing API’s rate limit', () => {
  it('refuses a publisher past the limit before anything is fetched, saying how long to wait; another person is not held up', async () => {
    const publisher = await signIn(meera);
    const editorCookie = await signIn(asha);
    expect((await call('GET', 'review', publisher)).status).toBe(200);
    expect((await call('GET', 'review', publisher)).status).toBe(200);
    const gone = `${remote}.gone`;
    renameSync(remote, gone);
    try {
      const review = await call('GET', 'review', publisher);
      expect(review.status).toBe(429);
      expect(review.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await review.json()).toEqual({ code: 'PUBLISH_TOO_MANY', error: 'You asked to review, mark or publish more often than the editor takes in a minute.', hint: expect.stringMatching(/^Wait \d+ seconds, then try again\.$/) as string, retryAfter: expect.any(Number) as number });
      const publish = await call('POST', 'publish', publisher, { draft: 'asha-editor-example-com', commit: '0'.repeat(40), digest: '0'.repeat(64), decisions: [] });
      expect(publish.status).toBe(429);
      expect((await call('POST', 'rollback', publisher, { tag: 'published/1' })).status).toBe(429);
      expect((await call('POST', 'again', publisher, {})).status).toBe(429);
      // Asha's own allowance: her request goes on to the repository (which is gone), not refused for Meera's.
      expect((await call('POST', 'ready', editorCookie, { ready: true })).status).not.toBe(429);
    } finally {
      renameSync(gone, remote);
    }
  }, 120_000);
});
