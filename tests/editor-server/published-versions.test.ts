/**
 * Only this server's publishes are versions, on a real repository over HTTP: a `published/N` tag
 * pushed with git by someone with push access (its words claiming "published by Meera Publisher") is
 * listed as not published from the editor, with nothing of what it claims, and is never put back
 * live: unreviewed content does not reach the live site through the list of versions.
 */
// @tier slow: starts the hosted editor over a git repository
// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import type { ReviewResponse } from '../../editor/protocol/publish';
import { LiveFolder } from '../../editor/publish/deploy';
import { apiCall, asha, editorsYaml, hostedSite, meera, productionOptions, remoteGit, signIn, type HostedSite } from '../helpers/hosted';
import { developerGit } from '../helpers/site-repository';
import { tinyPage } from '../helpers/dev-content';

let site: HostedSite;
let editor: RunningEditor;
let live: string;

beforeAll(async () => {
  site = await hostedSite('versions', { editors: editorsYaml([[asha, 'editor'], [meera, 'publisher']]) });
  live = path.join(site.temp, 'live');
  editor = await startHostedEditor(productionOptions(site, path.join(site.temp, 'state'), { deployer: new LiveFolder(live), log: () => undefined }));
}, 60_000);

afterAll(async () => {
  await editor?.close();
  if (site) rmSync(site.temp, { recursive: true, force: true });
});

describe('a published/N tag the server did not make', () => {
  it('is listed as not published from the editor, claims nothing, and is refused when put back live', async () => {
    // Someone with push access: an unreviewed page on main's history, tagged as if Meera had published it.
    const clone = mkdtempSync(path.join(site.temp, 'pusher-'));
    developerGit(clone, 'clone', '--quiet', site.remote, '.');
    writeFileSync(path.join(clone, 'pages/etabs.yaml'), tinyPage('Unreviewed ETABS'));
    developerGit(clone, 'commit', '--quiet', '-am', 'Unreviewed');
    developerGit(clone, 'tag', '--annotate', '-m', `drafts/asha-editor-example-com published by ${meera.name} <${meera.email}>`, 'published/1');
    developerGit(clone, 'push', '--quiet', 'origin', 'refs/tags/published/1');
    const mainBefore = remoteGit(site.remote, 'rev-parse', 'refs/heads/main');

    const cookie = await signIn(editor.address, site.keys, meera);
    const review = await apiCall<ReviewResponse>(editor.address, 'GET', 'publish/review', { cookie });
    expect(review.status, review.text).toBe(200);
    expect(review.body.versions).toEqual([{ tag: 'published/1', at: expect.any(String) as string, what: '', by: '', live: false, fromEditor: false }]);
    expect(JSON.stringify(review.body.versions)).not.toContain(meera.name);

    const rolled = await apiCall(editor.address, 'POST', 'publish/rollback', { cookie, body: { tag: 'published/1' } });
    expect(rolled.status, rolled.text).toBe(409);
    expect(rolled.body).toMatchObject({
      code: 'PUBLISH_VERSION_NOT_FROM_EDITOR',
      error: 'published/1 was not published from the editor: nobody reviewed it here, so it is not put back live.',
    });
    expect(remoteGit(site.remote, 'rev-parse', 'refs/heads/main')).toBe(mainBefore);
    expect(existsSync(live) ? readdirSync(live) : []).toEqual([]);
  });
});
