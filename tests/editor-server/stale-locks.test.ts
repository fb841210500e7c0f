/**
 * The server killed while git ran in its own repositories (a save's commit in a draft's work tree, a
 * fetch, the publish clone's checkout): the locks git left there are removed when the server starts
 * again, so the draft saves and publishing works, instead of failing for good ("Another git process
 * seems to be running"). On a real repository over HTTP.
 */
// @tier slow: starts the hosted editor over a git repository
// @vitest-environment node
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import type { PageResponse } from '../../editor/protocol/api';
import { apiCall, asha, editorsYaml, hostedSite, meera, productionOptions, signIn, withTitle, type HostedSite } from '../helpers/hosted';

const DRAFT = 'asha-editor-example-com';

let site: HostedSite;
let state: string;
const running: RunningEditor[] = [];
const logged: Record<string, unknown>[] = [];

const start = async () => {
  const editor = await startHostedEditor(productionOptions(site, state, { log: (entry) => logged.push(entry) }));
  running.push(editor);
  return editor.address;
};

async function save(at: string, cookie: string, title: string): Promise<number> {
  const page = await apiCall<PageResponse>(at, 'GET', 'page?file=pages%2Fetabs.yaml', { cookie });
  expect(page.status, page.text).toBe(200);
  return (await apiCall(at, 'POST', 'save', { cookie, body: { file: page.body.file, data: withTitle(page.body.data, title), version: page.body.version } })).status;
}

/** A lock file as git leaves it when killed, from a minute ago. */
function leftLock(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '');
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
  return file;
}

beforeAll(async () => {
  site = await hostedSite('stale-locks', { editors: editorsYaml([[asha, 'editor'], [meera, 'publisher']]) });
  state = path.join(site.temp, 'state');
}, 60_000);

afterAll(async () => {
  for (const editor of running) await editor.close();
  if (site) rmSync(site.temp, { recursive: true, force: true });
});

describe('locks git left in the server’s own repositories when it was killed', () => {
  it('are removed when it starts again: the draft saves', async () => {
    const first = await start();
    expect(await save(first, await signIn(first, site.keys, asha), 'Before the kill')).toBe(200);
    await running.pop()!.close();

    const repository = path.join(state, 'repository.git');
    const locks = [
      leftLock(path.join(repository, 'worktrees', DRAFT, 'index.lock')),
      leftLock(path.join(repository, 'refs', 'heads', 'drafts', `${DRAFT}.lock`)),
      leftLock(path.join(repository, 'config.lock')),
      leftLock(path.join(state, 'publish', 'clone', '.git', 'index.lock')),
      leftLock(path.join(state, 'publish', 'clone', '.git', 'HEAD.lock')),
    ];
    const at = await start();
    expect(locks.filter((lock) => existsSync(lock))).toEqual([]);
    expect(await save(at, await signIn(at, site.keys, asha), 'After the restart')).toBe(200);
    expect(logged.filter((entry) => entry.event === 'repository-lock-removed').map((entry) => entry.lock).sort()).toEqual(['config.lock', `refs/heads/drafts/${DRAFT}.lock`, `worktrees/${DRAFT}/index.lock`]);
    expect(logged.filter((entry) => entry.event === 'clone-lock-removed').map((entry) => entry.lock).sort()).toEqual(['HEAD.lock', 'index.lock']);
  });
});
