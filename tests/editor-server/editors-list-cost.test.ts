/**
 * What the list of editors costs: a stranger's refused sign-ins fetch from the site's repository at
 * most once in a while, and name nobody; the preview's files and the API's calls read the list once
 * per fetched commit of main, not once per request. Counted in git processes the server starts.
 */
// @tier slow: starts the hosted editor over a git repository and counts its git processes
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { countGitRuns, type GitRuns } from '../helpers/git-runs';
import { apiCall, asha, editorsYaml, hostedSite, idTokenOf, meera, productionOptions, rawGet, ravi, signIn, type HostedSite } from '../helpers/hosted';
import { developerGit } from '../helpers/site-repository';

let site: HostedSite;
let editor: RunningEditor;
let runs: GitRuns;

beforeAll(async () => {
  site = await hostedSite('editors-cost', { editors: editorsYaml([[asha, 'editor'], [meera, 'publisher']]) });
  runs = countGitRuns(site.temp);
  // As an administrator runs it: main trusted for a while between fetches.
  editor = await startHostedEditor(productionOptions(site, path.join(site.temp, 'state'), { mainMaxAgeMs: 60_000 }));
}, 60_000);

afterAll(async () => {
  await editor?.close();
  runs?.restore();
  if (site) rmSync(site.temp, { recursive: true, force: true });
});

describe('the list of editors', () => {
  it('thirty strangers refused: one fetch from the repository at most, and the refusal names none of the publishers', async () => {
    runs.since();
    for (let index = 0; index < 30; index++) {
      const stranger = { email: `stranger${index}@example.com`, name: `Stranger ${index}` };
      const answer = await apiCall(editor.address, 'POST', 'session', { body: { idToken: await idTokenOf(site.keys, stranger) } });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe(`You signed in as ${stranger.email}, which is not on the list of editors.`);
      expect(answer.text).not.toContain('Meera');
    }
    expect(runs.since().filter((run) => run.includes(' fetch ')).length).toBeLessThanOrEqual(1);
  });

  it('a photo of the draft asked for twenty times reads the list no more once it is read', async () => {
    const cookie = await signIn(editor.address, site.keys, asha);
    expect((await rawGet(`${editor.address}/images/logo.svg`, { Cookie: cookie })).status).toBe(200);
    runs.since();
    for (let index = 0; index < 20; index++) expect((await rawGet(`${editor.address}/images/logo.svg`, { Cookie: cookie })).status).toBe(200);
    expect(runs.since()).toEqual([]);
  });

  it('read again when a fetch brings a new commit of main: someone added signs in, someone removed is refused', async () => {
    const cookie = await signIn(editor.address, site.keys, asha);
    const clone = mkdtempSync(path.join(site.temp, 'developer-'));
    developerGit(clone, 'clone', '--quiet', site.remote, '.');
    writeFileSync(path.join(clone, 'editors.yaml'), editorsYaml([[ravi, 'editor'], [meera, 'publisher']]));
    developerGit(clone, 'commit', '--quiet', '-am', 'Ravi in, Asha out');
    developerGit(clone, 'push', '--quiet', 'origin', 'main');
    await editor.repository.refresh(true);
    expect((await rawGet(`${editor.address}/images/logo.svg`, { Cookie: cookie })).status).toBe(403);
    await signIn(editor.address, site.keys, ravi);
  });
});
