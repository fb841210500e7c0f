/**
 * Publishing from the hosted editor, end to end over HTTP on a real bare repository and the live
 * folder of the on-this-computer mode: drafts merged by field into main (both commits kept), the
 * same field decided by the publisher, rollback byte for byte, main moving during a publish, a
 * failed deploy finished by "Publish again", a server stopped at each step of the journal and
 * started again, and the refusals (an editor publishing, main's code not the server's, content
 * with mistakes).
 */
// @tier slow: starts the hosted editor over a git repository and builds the site
// @vitest-environment node
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCode } from '../../editor/publish/code-check';
import { LiveFolder } from '../../editor/publish/deploy';
import { JOURNAL_STEPS, type JournalStep } from '../../editor/publish/journal';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { liveSite } from '../../editor/hosted/zero-config';
import type { Json, PageResponse } from '../../editor/protocol/api';
import type { Decision, MyDraftResponse, PublishResponse, ReadyDraft, ReviewResponse } from '../../editor/protocol/publish';
import { apiCall, asha, editorsYaml, hostedSite, meera, productionOptions, ravi, remoteGit as gitOn, ROOT, signIn as signInAt, type Answer } from '../helpers/hosted';
import type { Account, TestKeys } from './tokens';

const ASHA = 'asha-editor-example-com';
const RAVI = 'ravi-editor-example-com';

let temp: string;
let remote: string;
let state: string;
let keys: TestKeys;
let editor: RunningEditor;
let folder: LiveFolder;
let liveUrl: string;
const logged: Record<string, unknown>[] = [];
/** What the running server's publishes are told after each journal step. */
let onStep: (step: JournalStep) => Promise<'halt' | void> | 'halt' | void = () => undefined;

const remoteGit = (...args: string[]) => gitOn(remote, ...args);
const mainSha = () => remoteGit('rev-parse', 'refs/heads/main');
const mainHas = (commit: string) => {
  try {
    remoteGit('merge-base', '--is-ancestor', commit, 'refs/heads/main');
    return true;
  } catch {
    return false;
  }
};

async function start(): Promise<void> {
  folder = new LiveFolder(path.join(state, 'live'));
  editor = await startHostedEditor(
    productionOptions({ remote, keys }, state, {
      limits: { 'sign-in': { count: 1000, perMs: 60_000 }, save: { count: 1000, perMs: 60_000 }, publish: { count: 1000, perMs: 60_000 } },
      log: (entry) => logged.push(entry),
      deployer: folder,
      onPublishStep: (step) => onStep(step),
    }),
  );
  liveUrl = (await liveSite(folder, editor.publisher)).url;
}

/** The server stopped (as if killed: nothing of a publish under way is cleared) and started again on the same state folder. */
async function restart(): Promise<void> {
  await editor.close();
  await folder.close();
  onStep = () => undefined;
  await start();
}

function call<T>(method: string, endpoint: string, cookie: string, body?: unknown): Promise<Answer<T>> {
  return apiCall<T>(editor.address, method, endpoint, { cookie, body });
}

const signIn = (account: Account) => signInAt(editor.address, keys, account);

/** Opens the page in the editor's draft, changes its data and saves it: the save's commit. */
async function save(account: Account, file: string, change: (data: { meta: Record<string, string>; sections: Record<string, unknown>[] }) => void): Promise<string> {
  const cookie = await signIn(account);
  const page = await call<PageResponse>('GET', `page?file=${encodeURIComponent(file)}`, cookie);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  const data = structuredClone(page.body.data) as { meta: Record<string, string>; sections: Record<string, unknown>[] };
  change(data);
  const saved = await call('POST', 'save', cookie, { file, data: data as unknown as Json, version: page.body.version });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return remoteGit('rev-parse', `refs/heads/drafts/${account.email.replace(/[^a-z0-9]+/g, '-')}`);
}

async function markReady(account: Account): Promise<void> {
  const ready = await call<MyDraftResponse>('POST', 'publish/ready', await signIn(account), { ready: true });
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  expect(ready.body.ready).toBe(true);
}

const idOf = (account: Account) => account.email.replace(/[^a-z0-9]+/g, '-');

/** The publishers' screen as it is now. */
async function review(): Promise<ReviewResponse> {
  const answer = await call<ReviewResponse>('GET', 'publish/review', await signIn(meera));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The account's draft marked ready by its editor, as the publisher's review then shows it. */
async function reviewed(account: Account): Promise<ReadyDraft> {
  await markReady(account);
  const draft = (await review()).drafts.find((entry) => entry.draft === idOf(account));
  expect(draft).toBeDefined();
  return draft!;
}

/** Publishes the draft as the publisher reviewed it: its commit and what the review showed. */
async function publishReviewed(draft: ReadyDraft, decisions: Decision[] = []): Promise<Answer<PublishResponse>> {
  return call<PublishResponse>('POST', 'publish/publish', await signIn(meera), { draft: draft.draft, commit: draft.commit, digest: draft.digest, decisions });
}

/** The account's draft marked ready, reviewed and published. */
async function publish(account: Account, decisions: Decision[] = []): Promise<Answer<PublishResponse>> {
  return publishReviewed(await reviewed(account), decisions);
}

async function livePage(route: string): Promise<string> {
  const response = await fetch(`${liveUrl}${route}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Every file of the live site, by its path, as a hash of its bytes. */
function liveFiles(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file, `${prefix}${name}/`);
      else out.set(`${prefix}${name}`, createHash('sha256').update(readFileSync(file)).digest('hex'));
    }
  };
  walk(realpathSync(folder.link), '');
  return out;
}

/** A developer's commit pushed straight to a branch of the remote (as git would, not the editor). */
function pushAsDeveloper(branch: string, file: string, change: (text: string) => string | Uint8Array, message: string): string {
  const clone = mkdtempSync(path.join(temp, 'developer-'));
  execFileSync('git', ['clone', '--quiet', '--branch', branch, remote, clone]);
  const target = path.join(clone, file);
  mkdirSync(path.dirname(target), { recursive: true });
  let before = '';
  try {
    before = readFileSync(target, 'utf8');
  } catch {
    // a new file
  }
  writeFileSync(target, change(before));
  const gitIn = (...args: string[]) => execFileSync('git', ['-C', clone, '-c', 'user.name=Site Developer', '-c', 'user.email=dev@example.com', ...args], { encoding: 'utf8' }).trim();
  gitIn('add', '--all');
  gitIn('commit', '--quiet', '-m', message);
  gitIn('push', '--quiet', 'origin', branch);
  return gitIn('rev-parse', 'HEAD');
}

/** A developer's commit made with git itself in a clone of `branch` (a link, a submodule), pushed: its sha. */
function pushWithGit(branch: string, make: (gitIn: (...args: string[]) => string, clone: string) => void, message: string): string {
  const clone = mkdtempSync(path.join(temp, 'developer-'));
  execFileSync('git', ['clone', '--quiet', '--branch', branch, remote, clone]);
  const gitIn = (...args: string[]) => execFileSync('git', ['-C', clone, '-c', 'user.name=Site Developer', '-c', 'user.email=dev@example.com', ...args], { encoding: 'utf8' }).trim();
  make(gitIn, clone);
  gitIn('commit', '--quiet', '-m', message);
  gitIn('push', '--quiet', 'origin', branch);
  return gitIn('rev-parse', 'HEAD');
}

beforeAll(async () => {
  // The site's repository: the code this server runs (as git would commit it), and a small content.
  const code = (await checkoutCode(ROOT))!.filter((file) => statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile());
  ({ temp, remote, keys } = await hostedSite('publish', { editors: editorsYaml([[asha, 'editor'], [ravi, 'editor'], [meera, 'publisher']]), code }));
  state = path.join(temp, 'state');
  await start();
}, 600_000);

afterAll(async () => {
  await editor?.close();
  await folder?.close();
  rmSync(temp, { recursive: true, force: true });
}, 60_000);

describe('publishing drafts', () => {
  it('publishes two drafts that changed different fields of one page: both changes live, both commits in main’s history', async () => {
    expect(await livePage('/etabs')).toContain('ETABS heading');
    const ashaCommit = await save(asha, 'pages/etabs.yaml', (data) => (data.meta.title = 'ETABS training by Asha'));
    const meeraCommit = await save(meera, 'pages/etabs.yaml', (data) => (data.meta.description = 'Described by Meera'));
    await markReady(asha);

    // An editor may not publish, not even their own draft.
    const mainBefore = mainSha();
    const refused = await call('POST', 'publish/publish', await signIn(asha), { draft: ASHA, commit: ashaCommit, digest: '0'.repeat(64), decisions: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only publishers may publish or roll back the live site.');
    expect(refused.body.hint).toContain('Meera Publisher');
    expect((await call('GET', 'publish/review', await signIn(asha))).status).toBe(403);
    expect(mainSha()).toBe(mainBefore);

    // The publisher sees the ready draft with its files and lines against the live version.
    const review = await call<ReviewResponse>('GET', 'publish/review', await signIn(meera));
    expect(review.status).toBe(200);
    expect(review.body.refusal).toBeNull();
    expect(review.body.drafts).toEqual([
      expect.objectContaining({ draft: ASHA, name: asha.name, conflicts: [], files: [expect.objectContaining({ file: 'pages/etabs.yaml', change: 'changed', page: true })] }),
    ]);
    expect(review.body.drafts[0]!.files[0]!.live).toContain('title: ETABS\n');
    expect(review.body.drafts[0]!.files[0]!.published).toContain('title: ETABS training by Asha');
    // By the page's name and address; its visible text is the same, its search title changed (shown in words, the rest counted as unchanged).
    expect(review.body.drafts[0]!.files[0]!.shown).toEqual({
      name: 'ETABS heading',
      route: '/etabs',
      kind: 'page',
      before: ['Search title: ETABS'],
      after: ['Search title: ETABS training by Asha'],
      unchanged: { head: 1, tail: 2 },
      photos: [],
      addresses: [],
      leftOut: { paragraphs: 0, photos: 0, addresses: 0 },
      what: ['search and sharing'],
    });

    expect((await publish(asha)).body).toEqual({ published: 'published/1' });
    const second = await publish(meera);
    expect(second.body).toEqual({ published: 'published/2' });

    const page = await livePage('/etabs');
    expect(page).toContain('ETABS training by Asha');
    expect(page).toContain('Described by Meera');
    expect(mainHas(ashaCommit)).toBe(true);
    expect(mainHas(meeraCommit)).toBe(true);
    expect(remoteGit('rev-parse', 'refs/tags/published/2^{commit}')).toBe(mainSha());
    expect(remoteGit('log', '-1', '--format=%an', 'refs/heads/main')).toBe(meera.name);
    // firebase.json follows the published content (as npm run check keeps it), the same as what went live.
    expect(remoteGit('show', 'refs/heads/main:firebase.json')).not.toBe(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
    expect(`${remoteGit('show', 'refs/heads/main:firebase.json')}\n`).toBe(readFileSync(path.join(folder.dir, 'current.firebase.json'), 'utf8'));
    // Published: no longer waiting for review.
    expect((await call<ReviewResponse>('GET', 'publish/review', await signIn(meera))).body.drafts).toEqual([]);
  }, 300_000);

  it('shows the same field changed in two drafts side by side: the publisher’s choice goes live, the other commit stays in the history', async () => {
    await save(asha, 'pages/staad.yaml', (data) => (data.sections[0]!.title = 'STAAD by Asha'));
    const raviCommit = await save(ravi, 'pages/staad.yaml', (data) => {
      data.sections[0]!.title = 'STAAD by Ravi';
      data.meta.description = 'Ravi’s description';
    });
    expect((await publish(asha)).body).toEqual({ published: 'published/3' });

    await markReady(ravi);
    const review = await call<ReviewResponse>('GET', 'publish/review', await signIn(meera));
    const shown = review.body.drafts.find((draft) => draft.draft === RAVI)!;
    expect(shown.conflicts).toEqual([expect.objectContaining({ file: 'pages/staad.yaml', where: 'sections[0].title', live: 'STAAD by Asha', draft: 'STAAD by Ravi' })]);

    const mainBefore = mainSha();
    const asked = await publish(ravi);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ conflicts: shown.conflicts });
    expect(mainSha()).toBe(mainBefore);

    const decided = await publish(ravi, [{ key: shown.conflicts[0]!.key, choice: 'live' }]);
    expect(decided.body).toEqual({ published: 'published/4' });
    const page = await livePage('/staad');
    expect(page).toContain('STAAD by Asha');
    expect(page).not.toContain('STAAD by Ravi');
    // Ravi's other field merged; his commit is in main's history.
    expect(page).toContain('Ravi’s description');
    expect(mainHas(raviCommit)).toBe(true);
  }, 300_000);

  it('rolls a bad publish back: the live site is the earlier version byte for byte, and the history keeps both', async () => {
    const good = liveFiles();
    const goodTag = 'published/4';
    const badCommit = await save(asha, 'pages/index.yaml', (data) => (data.sections[0]!.title = 'A bad heading'));
    expect((await publish(asha)).body).toEqual({ published: 'published/5' });
    expect(await livePage('/')).toContain('A bad heading');
    expect(liveFiles()).not.toEqual(good);

    const refused = await call('POST', 'publish/rollback', await signIn(ravi), { tag: goodTag });
    expect(refused.status).toBe(403);

    const rolled = await call<{ published: string }>('POST', 'publish/rollback', await signIn(meera), { tag: goodTag });
    expect(rolled.body).toEqual({ published: 'published/6' });
    expect(liveFiles()).toEqual(good);
    expect(await livePage('/')).not.toContain('A bad heading');
    // History kept: the bad commit is in main's history, and main's content is the good version's again.
    expect(mainHas(badCommit)).toBe(true);
    expect(remoteGit('log', '-1', '--format=%s', 'refs/heads/main')).toBe(`Put ${goodTag} back live`);
    expect(remoteGit('rev-parse', 'refs/heads/main:pages')).toBe(remoteGit('rev-parse', `refs/tags/${goodTag}^{commit}:pages`));
    const versions = (await call<ReviewResponse>('GET', 'publish/review', await signIn(meera))).body.versions;
    expect(versions[0]).toMatchObject({ tag: 'published/6', live: true, by: meera.name });
    expect(versions.find((version) => version.tag === 'published/5')).toMatchObject({ live: false, what: `${asha.name}'s draft` });
  }, 300_000);

  it('merges again when main moves during a publish, never writing over it', async () => {
    const draftCommit = await save(ravi, 'pages/etabs.yaml', (data) => (data.sections[0]!.title = 'ETABS heading by Ravi'));
    let developerCommit = '';
    onStep = (step) => {
      if (step === 'built' && !developerCommit) {
        developerCommit = pushAsDeveloper('main', 'pages/staad.yaml', (text) => text.replace(/description: .*/, 'description: Fixed by a developer'), 'Fix the description');
      }
    };
    try {
      expect((await publish(ravi)).body).toEqual({ published: 'published/7' });
    } finally {
      onStep = () => undefined;
    }
    expect(mainHas(developerCommit)).toBe(true);
    expect(mainHas(draftCommit)).toBe(true);
    expect(await livePage('/etabs')).toContain('ETABS heading by Ravi');
    expect(await livePage('/staad')).toContain('Fixed by a developer');
    expect(logged).toContainEqual(expect.objectContaining({ event: 'publish-main-moved', draft: `drafts/${RAVI}` }));
  }, 300_000);

  it('refuses when main moved during the publish so that the draft’s page would go live otherwise than reviewed, and publishes once reviewed again', async () => {
    const draftCommit = await save(ravi, 'pages/etabs.yaml', (data) => (data.sections[0]!.title = 'ETABS heading, reviewed'));
    const shown = await reviewed(ravi);
    const live = liveFiles();
    let developerCommit = '';
    onStep = (step) => {
      if (step === 'built' && !developerCommit) {
        developerCommit = pushAsDeveloper('main', 'pages/etabs.yaml', (text) => text.replace(/description: .*/, 'description: Changed while publishing'), 'Change the description');
      }
    };
    try {
      const refused = await publishReviewed(shown);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: 'PUBLISH_LIVE_CHANGED_SINCE_REVIEW',
        error: 'The live site changed since you reviewed this draft, and publishing it now would change other things than you were shown, so nothing was published.',
        hint: 'Review it again: the list shows what it would publish now.',
      });
    } finally {
      onStep = () => undefined;
    }
    expect(mainSha()).toBe(developerCommit);
    expect(liveFiles()).toEqual(live);
    const again = (await review()).drafts.find((draft) => draft.draft === RAVI)!;
    expect(again.commit).toBe(draftCommit);
    expect(again.digest).not.toBe(shown.digest);
    expect(again.files[0]!.published).toContain('description: Changed while publishing');
    expect((await publishReviewed(again)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    expect(await livePage('/etabs')).toContain('ETABS heading, reviewed');
  }, 300_000);

  it('stops before pushing anything when the content has a mistake', async () => {
    pushAsDeveloper(`drafts/${ASHA}`, 'pages/etabs.yaml', (text) => `${text}  - type: no-such-section\n`, 'A section type that does not exist');
    const mainBefore = mainSha();
    const live = liveFiles();
    const refused = await publish(asha);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Nothing was published: the pages have a mistake to correct first.');
    expect(refused.body.hint).toMatch(/^pages\/etabs\.yaml, line \d+: .*no-such-section/);
    expect(mainSha()).toBe(mainBefore);
    expect(liveFiles()).toEqual(live);
    // Nothing is left half done: the next publish is not held up.
    expect((await call<ReviewResponse>('GET', 'publish/review', await signIn(meera))).body.unfinished).toBeNull();
    pushAsDeveloper(`drafts/${ASHA}`, 'pages/etabs.yaml', (text) => text.replace('  - type: no-such-section\n', ''), 'Remove the section again');
  }, 300_000);

  it('never conflicts on a photo or other file: the published draft’s version goes live, the other stays in the history', async () => {
    const bytes = (seed: number) => Uint8Array.from({ length: 2048 }, (_, index) => (index * seed + seed) % 256);
    const ashaCommit = pushAsDeveloper(`drafts/${ASHA}`, 'public/files/timetable.bin', () => bytes(7), 'Asha’s timetable');
    pushAsDeveloper(`drafts/${RAVI}`, 'public/files/timetable.bin', () => bytes(11), 'Ravi’s timetable');
    expect((await publish(asha)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    const review = await call<ReviewResponse>('GET', 'publish/review', await signIn(meera));
    expect(review.body.drafts.find((draft) => draft.draft === RAVI)).toBeUndefined();
    await markReady(ravi);
    const shown = (await call<ReviewResponse>('GET', 'publish/review', await signIn(meera))).body.drafts.find((draft) => draft.draft === RAVI)!;
    expect(shown.conflicts).toEqual([]);
    expect(shown.files).toContainEqual({
      file: 'public/files/timetable.bin',
      change: 'changed',
      page: false,
      live: null,
      published: null,
      shown: {
        name: 'timetable.bin',
        route: null,
        kind: 'file',
        before: null,
        after: null,
        unchanged: { head: 0, tail: 0 },
        photos: [],
        addresses: [],
        leftOut: { paragraphs: 0, photos: 0, addresses: 0 },
        what: ['a file of another kind'],
      },
    });
    expect((await publish(ravi)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    const live = await fetch(`${liveUrl}/files/timetable.bin`);
    expect(Buffer.from(await live.arrayBuffer()).equals(Buffer.from(bytes(11)))).toBe(true);
    expect(mainHas(ashaCommit)).toBe(true);
  }, 300_000);

  it('keeps a publish whose deploy failed on main, and "Publish again" puts it live', async () => {
    await save(asha, 'pages/staad.yaml', (data) => (data.meta.title = 'STAAD, deployed at the second try'));
    // The live folder cannot be switched: a folder stands where the new link goes.
    const blocker = path.join(folder.dir, 'current.next');
    mkdirSync(path.join(blocker, 'in-the-way'), { recursive: true });
    const live = liveFiles();
    const failed = await publish(asha);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe('The publish is on main, but the live site on this computer did not take it: the live site still shows the version before.');
    expect(failed.body.hint).toContain('Publish again');
    expect(remoteGit('show', 'refs/heads/main:pages/staad.yaml')).toContain('STAAD, deployed at the second try');
    expect(liveFiles()).toEqual(live);
    const review = await call<ReviewResponse>('GET', 'publish/review', await signIn(meera));
    expect(review.body.unfinished).toEqual({ what: `drafts/${ASHA}`, failed: expect.any(String) as string });
    // Nothing else is published before it.
    await save(ravi, 'pages/index.yaml', (data) => (data.meta.title = 'Home, waiting'));
    const waiting = await publish(ravi);
    expect(waiting.status).toBe(409);
    expect(waiting.body.error).toBe('The last publish reached main but not the live site.');

    rmSync(blocker, { recursive: true, force: true });
    const again = await call<{ published: string }>('POST', 'publish/again', await signIn(meera), {});
    expect(again.body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    expect(await livePage('/staad')).toContain('STAAD, deployed at the second try');
    expect((await call<ReviewResponse>('GET', 'publish/review', await signIn(meera))).body.unfinished).toBeNull();
  }, 300_000);
});

describe('a server stopped in the middle of a publish', () => {
  const steps = JOURNAL_STEPS.filter((step) => step !== 'started');
  it.each(steps)('stopped after "%s": after a restart main and the live site agree, and publishing again completes', async (step) => {
    const title = `ETABS stopped after ${step}`;
    await save(asha, 'pages/etabs.yaml', (data) => (data.meta.title = title));
    const mainBefore = mainSha();
    onStep = (reached) => (reached === step ? 'halt' : undefined);
    const stopped = await publish(asha);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(500);
    await restart();

    const reachedMain = JOURNAL_STEPS.indexOf(step) >= JOURNAL_STEPS.indexOf('pushed');
    expect(mainSha() !== mainBefore).toBe(reachedMain);
    const mainTitle = /title: (.*)/.exec(remoteGit('show', 'refs/heads/main:pages/etabs.yaml'))![1]!;
    expect(mainTitle === title).toBe(reachedMain);
    expect(await livePage('/etabs')).toContain(mainTitle);
    if (reachedMain) expect(remoteGit('tag', '--points-at', 'refs/heads/main')).toMatch(/^published\/\d+$/);
    // A publish the restart dropped is shown to the publishers, not only said in the server's log.
    const { dropped } = await review();
    if (reachedMain) expect(dropped).toBeNull();
    else expect(dropped).toEqual({ what: `${asha.name}'s draft`, draft: ASHA, restores: null, by: meera.name, at: expect.any(String) as string });
    if (step === 'merged') {
      // Dismissed by a publisher only.
      expect((await call('POST', 'publish/dismiss', await signIn(asha), {})).status).toBe(403);
      expect((await call('POST', 'publish/dismiss', await signIn(meera), {})).status).toBe(200);
      expect((await review()).dropped).toBeNull();
    }

    const next = `${title}, published again`;
    await save(asha, 'pages/etabs.yaml', (data) => (data.meta.title = next));
    expect((await publish(asha)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    expect(await livePage('/etabs')).toContain(next);
    // Shown until the next publish.
    expect((await review()).dropped).toBeNull();
  }, 300_000);
});

describe('what goes live is what the publisher reviewed', () => {
  it('refuses the reviewed commit once its editor saved again (saving withdrew "ready"); marked again, all of it goes live', async () => {
    await save(asha, 'pages/etabs.yaml', (data) => (data.meta.title = 'ETABS as reviewed'));
    const shown = await reviewed(asha);
    const mainBefore = mainSha();
    const live = liveFiles();
    await save(asha, 'pages/staad.yaml', (data) => (data.meta.title = 'STAAD saved after the review'));
    expect(logged).toContainEqual({ event: 'ready-withdrawn', draft: `drafts/${ASHA}`, reason: 'saved since it was marked' });
    const mine = await call<MyDraftResponse>('GET', 'publish/mine', await signIn(asha));
    expect(mine.body).toMatchObject({ ready: false, withdrawn: true });
    expect((await review()).drafts.find((draft) => draft.draft === ASHA)).toBeUndefined();

    const refused = await publishReviewed(shown);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'PUBLISH_DRAFT_CHANGED_SINCE_REVIEW',
      error: 'The draft changed since you reviewed it, so nothing was published.',
      hint: 'Review it again: once its editor marks it ready again, it is listed with what it changes now.',
    });
    expect(mainSha()).toBe(mainBefore);
    expect(liveFiles()).toEqual(live);

    expect((await publish(asha)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    expect(await livePage('/etabs')).toContain('ETABS as reviewed');
    expect(await livePage('/staad')).toContain('STAAD saved after the review');
  }, 300_000);

  it('publishes exactly the reviewed commit: refused when the draft’s branch moved past it, and never the branch’s later commits', async () => {
    const reviewedCommit = await save(ravi, 'pages/index.yaml', (data) => (data.meta.title = 'Home as reviewed'));
    const shown = await reviewed(ravi);
    expect(shown.commit).toBe(reviewedCommit);
    // Pushed to the draft with git, not saved in the editor: the mark is not withdrawn, the branch moved all the same.
    pushAsDeveloper(`drafts/${RAVI}`, 'public/files/after-review.txt', () => 'pushed after the review', 'After the review');
    const mainBefore = mainSha();
    const refused = await publishReviewed(shown);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('The draft changed since you reviewed it, so nothing was published.');
    expect(mainSha()).toBe(mainBefore);

    const again = await reviewed(ravi);
    let later = '';
    onStep = (step) => {
      if (step === 'merged' && !later) later = pushAsDeveloper(`drafts/${RAVI}`, 'public/files/during.txt', () => 'pushed during the publish', 'During the publish');
    };
    try {
      expect((await publishReviewed(again)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    } finally {
      onStep = () => undefined;
    }
    expect(mainHas(again.commit)).toBe(true);
    expect(mainHas(later)).toBe(false);
    expect((await fetch(`${liveUrl}/files/after-review.txt`)).status).toBe(200);
    expect((await fetch(`${liveUrl}/files/during.txt`)).status).toBe(404);
    expect(remoteGit('rev-parse', `refs/heads/drafts/${RAVI}`)).toBe(later);
  }, 300_000);
});

describe('the site’s repository refusing a push', () => {
  it('a lock a stopped push left in the repository (HEAD.lock, which a push to main takes too): refused in words naming it, never merged again; removed when the server starts again, then publishing works', async () => {
    await save(asha, 'pages/etabs.yaml', (data) => (data.meta.title = 'ETABS after the lock'));
    const shown = await reviewed(asha);
    const lock = path.join(remote, 'HEAD.lock');
    writeFileSync(lock, '');
    const mainBefore = mainSha();
    const live = liveFiles();
    const since = logged.length;
    const refused = await publishReviewed(shown);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      code: 'PUBLISH_REPOSITORY_LOCKED_HERE',
      error: "The site's repository is locked (its file HEAD.lock), as a push stopped halfway or one still under way leaves it, so nothing was published.",
      hint: "Try again in a minute. If it stays, ask the site's administrator to restart the editor server: when it starts it removes HEAD.lock if no program is working in the repository then; the server's log says when it left a lock for that reason.",
    });
    const rolled = await call('POST', 'publish/rollback', await signIn(meera), { tag: 'published/1' });
    expect(rolled.status).toBe(503);
    expect(rolled.body.error).toBe("The site's repository is locked (its file HEAD.lock), as a push stopped halfway or one still under way leaves it, so nothing was put back live.");
    expect(logged.slice(since).filter((entry) => entry.event === 'publish-main-moved')).toEqual([]);
    expect(logged.slice(since)).toContainEqual(expect.objectContaining({ event: 'push-refused', ref: 'refs/heads/main', kind: 'locked' }));
    expect(mainSha()).toBe(mainBefore);
    expect(liveFiles()).toEqual(live);
    expect((await review()).unfinished).toBeNull();

    await restart();
    expect(existsSync(lock)).toBe(false);
    expect(logged).toContainEqual(expect.objectContaining({ event: 'remote-lock-removed', lock: 'HEAD.lock' }));
    expect((await publishReviewed(shown)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
    expect(await livePage('/etabs')).toContain('ETABS after the lock');
  }, 300_000);

  it('a host that declines the push (branch protection, a hook): refused at once, saying so, not "main kept changing"', async () => {
    pushAsDeveloper(`drafts/${RAVI}`, 'public/files/protected.txt', () => 'past the protection', 'A file');
    const shown = await reviewed(ravi);
    const hook = path.join(remote, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "GH006: Protected branch update failed for refs/heads/main." >&2\nexit 1\n', { mode: 0o755 });
    const mainBefore = mainSha();
    const since = logged.length;
    try {
      const refused = await publishReviewed(shown);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        code: 'PUBLISH_REPOSITORY_DECLINED',
        error: "The site's repository refused to change main: its host declined it (a rule such as branch protection), so nothing was published.",
        hint: 'Ask the site\'s administrator to let the editor server\'s account push to main (docs/administrators.md, "Publishing and rolling back"), then try again.',
      });
    } finally {
      rmSync(hook);
    }
    expect(logged.slice(since).filter((entry) => entry.event === 'publish-main-moved')).toEqual([]);
    expect(mainSha()).toBe(mainBefore);
    expect((await publishReviewed(shown)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
  }, 300_000);
});

describe('what the publishers see', () => {
  it('shows each changed page by its name and address, its visible text live and as published, a new photo as a picture, and the site document as the whole site', async () => {
    await save(asha, 'pages/staad.yaml', (data) => {
      const hero = data.sections[0] as { title: string; text?: string; image?: unknown };
      hero.title = 'STAAD, taught in Pune';
      hero.text = 'Six weeks of frames.';
      hero.image = { src: '/images/logo.svg', alt: "The academy's logo" };
    });
    await save(asha, 'pages/_site.yaml', (data) => ((data as unknown as { name: string }).name = 'CESA, Pune'));
    const draft = await reviewed(asha);
    const staad = draft.files.find((file) => file.file === 'pages/staad.yaml')!.shown;
    expect(staad).toMatchObject({ name: 'STAAD, taught in Pune', route: '/staad', kind: 'page', what: ['text', 'photo'] });
    expect(staad.after!.slice(0, 2)).toEqual(['STAAD, taught in Pune', 'Six weeks of frames.']);
    expect(staad.before).not.toContain('Six weeks of frames.');
    expect(staad.photos).toEqual([{ label: "The academy's logo", before: null, after: expect.stringMatching(/^data:image\/webp;base64,/) as string, times: 1 }]);
    const site = draft.files.find((file) => file.file === 'pages/_site.yaml')!.shown;
    expect(site).toMatchObject({ name: 'The whole site', route: null, kind: 'site', what: ["the site's name"] });
    expect(site.after).toContain('CESA, Pune');
    expect((await publishReviewed(draft)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
  }, 300_000);
});

describe('links and submodules', () => {
  it('refuses a draft carrying a link or a submodule, naming the file, and main or a version whose content has a link', async () => {
    const ravisBefore = remoteGit('rev-parse', `refs/heads/drafts/${RAVI}`);
    pushWithGit(`drafts/${RAVI}`, (gitIn, clone) => {
      symlinkSync('/proc/self/environ', path.join(clone, 'pages/_templates/leak.yaml'));
      gitIn('add', '--all');
    }, 'A template that is a link');
    const link = await call('POST', 'publish/ready', await signIn(ravi), { ready: true });
    expect(link.status).toBe(409);
    expect(link.body.error).toBe('pages/_templates/leak.yaml is a link to another file: the editor never makes links, so nothing with it is published.');
    pushWithGit(`drafts/${RAVI}`, (gitIn) => {
      gitIn('rm', '--quiet', 'pages/_templates/leak.yaml');
      gitIn('update-index', '--add', '--cacheinfo', `160000,${mainSha()},public/vendor`);
    }, 'A submodule');
    const submodule = await call('POST', 'publish/ready', await signIn(ravi), { ready: true });
    expect(submodule.status).toBe(409);
    expect(submodule.body.error).toBe("public/vendor is another repository inside the site's (a submodule): the editor never makes those, so nothing with it is published.");
    remoteGit('update-ref', `refs/heads/drafts/${RAVI}`, ravisBefore);

    await save(asha, 'pages/etabs.yaml', (data) => (data.meta.title = 'ETABS beside a link'));
    const shown = await reviewed(asha);
    const linked = pushWithGit('main', (gitIn, clone) => {
      symlinkSync('../../state/preview-secret', path.join(clone, 'public/secret.txt'));
      gitIn('add', '--all');
    }, 'A link in public');
    const refused = await publishReviewed(shown);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('public/secret.txt is a link to another file: the editor never makes links, so nothing with it is published.');
    expect(mainSha()).toBe(linked);
    // The publishers' screen says it for the draft, and still lists the others.
    expect((await review()).drafts.find((draft) => draft.draft === ASHA)?.problem?.error).toBe(refused.body.error);
    // A tag pushed by hand on it: never this server's version, so never put back live (before its links are even looked at).
    remoteGit('tag', 'published/90', linked);
    try {
      const rolled = await call('POST', 'publish/rollback', await signIn(meera), { tag: 'published/90' });
      expect(rolled.status).toBe(409);
      expect(rolled.body.error).toBe('published/90 was not published from the editor: nobody reviewed it here, so it is not put back live.');
      expect(mainSha()).toBe(linked);
    } finally {
      remoteGit('tag', '--delete', 'published/90');
    }
    pushWithGit('main', (gitIn) => gitIn('rm', '--quiet', 'public/secret.txt'), 'The link replaced');
    expect((await publish(asha)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
  }, 300_000);
});

describe('refusals', () => {
  it('publishes while main’s README, docs and tests are not the server’s: they are not its code', async () => {
    pushAsDeveloper('main', 'README.md', (text) => `${text}A typo fixed on main.\n`, 'README: a typo');
    pushAsDeveloper('main', 'docs/notes.md', () => 'Notes\n', 'Docs');
    pushAsDeveloper('main', 'tests/added-on-main.test.ts', () => 'export {};\n', 'A test');
    expect((await review()).refusal).toBeNull();
    await save(asha, 'pages/staad.yaml', (data) => (data.meta.title = 'STAAD beside a README fix'));
    expect((await publish(asha)).body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
  }, 300_000);

  it('refuses to publish while main’s code is not the code the server runs, and says which files differ', async () => {
    await save(ravi, 'pages/index.yaml', (data) => (data.meta.title = 'Home by Ravi'));
    const developer = pushAsDeveloper('main', 'src/added-on-main.ts', () => 'export const added = true;\n', 'Code the server does not run');
    const live = liveFiles();
    const refused = await publish(ravi);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("Nothing was published: main's code is not the code this server runs (src/added-on-main.ts), so the site built here would not be main.");
    expect(refused.body.hint).toContain('restart the editor server');
    expect(mainSha()).toBe(developer);
    expect(liveFiles()).toEqual(live);
    // The publishers' screen says so before anyone tries.
    expect((await call<ReviewResponse>('GET', 'publish/review', await signIn(meera))).body.refusal).toEqual({ error: refused.body.error, hint: refused.body.hint });
  }, 300_000);
});
