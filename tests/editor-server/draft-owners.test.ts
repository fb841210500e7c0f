/**
 * A draft keeps its owner across editors.yaml's history, on a real repository over HTTP: an editor
 * removed from the list, and another added whose address gives the same draft name (`sam.k@` and
 * `sam-k@`), never gets the first one's draft, its "ready for review" mark or its preview: they get a
 * fresh draft of their own, whether the server recorded the owner (its state folder) or learns it
 * from the draft's commits (a new state folder).
 */
// @tier slow: starts the hosted editor over a git repository
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import type { PageResponse } from '../../editor/protocol/api';
import type { MyDraftResponse } from '../../editor/protocol/publish';
import { apiCall, editorsYaml, hostedSite, meera, productionOptions, remoteGit, signIn, withTitle, type HostedSite } from '../helpers/hosted';
import { developerGit } from '../helpers/site-repository';

const first = { email: 'sam.k@example.com', name: 'Sam Kulkarni' };
const second = { email: 'sam-k@example.com', name: 'Sameer Khan' };
const NAME = 'sam-k-example-com';

let site: HostedSite;
const running: RunningEditor[] = [];

async function start(state: string): Promise<string> {
  const editor = await startHostedEditor(productionOptions(site, path.join(site.temp, state), { log: () => undefined }));
  running.push(editor);
  return editor.address;
}

async function saveTitle(at: string, cookie: string, title: string): Promise<string> {
  const page = await apiCall<PageResponse>(at, 'GET', 'page?file=pages%2Fetabs.yaml', { cookie });
  expect(page.status, page.text).toBe(200);
  const saved = await apiCall(at, 'POST', 'save', { cookie, body: { file: page.body.file, data: withTitle(page.body.data, title), version: page.body.version } });
  expect(saved.status, saved.text).toBe(200);
  return saved.headers.get('x-cesa-commit') ?? '';
}

/** editors.yaml on main as a developer commits it. */
function listOnMain(text: string): void {
  const clone = mkdtempSync(path.join(site.temp, 'developer-'));
  developerGit(clone, 'clone', '--quiet', site.remote, '.');
  writeFileSync(path.join(clone, 'editors.yaml'), text);
  developerGit(clone, 'commit', '--quiet', '-am', 'The editors changed');
  developerGit(clone, 'push', '--quiet', 'origin', 'main');
}

const tip = (branch: string) => remoteGit(site.remote, 'for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`);

beforeAll(async () => {
  site = await hostedSite('owners', { editors: editorsYaml([[first, 'editor'], [meera, 'publisher']]) });
}, 60_000);

afterAll(async () => {
  for (const editor of running) await editor.close();
  if (site) rmSync(site.temp, { recursive: true, force: true });
});

describe('a draft’s name given to someone else after its owner was removed', () => {
  it('the newcomer gets a fresh draft: not the first one’s work, mark or branch, on this server and on one with a new state folder', async () => {
    const at = await start('state');
    const cookie = await signIn(at, site.keys, first);
    const theirs = await saveTitle(at, cookie, 'Sam K’s unpublished work');
    const ready = await apiCall<MyDraftResponse>(at, 'POST', 'publish/ready', { cookie, body: { ready: true } });
    expect(ready.status, ready.text).toBe(200);
    expect(tip(`drafts/${NAME}`)).toBe(theirs);

    listOnMain(editorsYaml([[second, 'editor'], [meera, 'publisher']]));
    const newcomer = await signIn(at, site.keys, second);
    const page = await apiCall<PageResponse>(at, 'GET', 'page?file=pages%2Fetabs.yaml', { cookie: newcomer });
    expect(JSON.stringify(page.body.data)).not.toContain('Sam K’s unpublished work');
    const mine = await apiCall<MyDraftResponse>(at, 'GET', 'publish/mine', { cookie: newcomer });
    expect(mine.body).toMatchObject({ ready: false, files: [] });
    const saved = await saveTitle(at, newcomer, 'Sameer’s own work');
    expect(tip(`drafts/${NAME}-2`)).toBe(saved);
    expect(tip(`drafts/${NAME}`)).toBe(theirs);
    // The removed editor's session opens nothing.
    expect((await apiCall(at, 'GET', 'pages', { cookie })).status).toBe(403);

    // A server with a new state folder learns the owners from the drafts' commits.
    const fresh = await start('state-new');
    const again = await signIn(fresh, site.keys, second);
    const page2 = await apiCall<PageResponse>(fresh, 'GET', 'page?file=pages%2Fetabs.yaml', { cookie: again });
    expect(JSON.stringify(page2.body.data)).toContain('Sameer’s own work');
    expect(JSON.stringify(page2.body.data)).not.toContain('Sam K’s unpublished work');
  });

  it('the first owner, listed again, gets their own draft back', async () => {
    listOnMain(editorsYaml([[first, 'editor'], [meera, 'publisher']]));
    const at = running[1]!.address;
    const cookie = await signIn(at, site.keys, first);
    const page = await apiCall<PageResponse>(at, 'GET', 'page?file=pages%2Fetabs.yaml', { cookie });
    expect(JSON.stringify(page.body.data)).toContain('Sam K’s unpublished work');
  });
});
