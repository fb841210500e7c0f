/**
 * The publishing API's rate limit (rate-limit.ts, kind `publish`) is taken from the session's cookie
 * alone, before the request's body, the list of editors or the repository is read: with the site's
 * repository gone, a publisher past the limit is told to wait (429), not that the repository does not
 * answer, so no fetch, merge or build ran for the request.
 */
// @tier slow: starts the hosted editor over a git repository
// @vitest-environment node
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { EDITOR_API } from '../../editor/protocol/api';
import { asha, editorsYaml, hostedSite, meera, productionOptions, signIn as signInAt } from '../helpers/hosted';
import type { Account, TestKeys } from './tokens';

let temp: string;
let remote: string;
let editor: RunningEditor;
let keys: TestKeys;

beforeAll(async () => {
  ({ temp, remote, keys } = await hostedSite('publish-limits', { editors: editorsYaml([[asha, 'editor'], [meera, 'publisher']]) }));
  editor = await startHostedEditor(productionOptions({ remote, keys }, path.join(temp, 'state'), { limits: { publish: { count: 2, perMs: 3_600_000 } }, log: () => undefined }));
}, 120_000);

afterAll(async () => {
  await editor?.close();
  rmSync(temp, { recursive: true, force: true });
});

const signIn = (account: Account) => signInAt(editor.address, keys, account);

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
