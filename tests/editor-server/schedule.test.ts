/**
 * Time in the hosted editor, end to end over HTTP on a real bare repository and the live folder of
 * the on-this-computer mode, with the server's clock started at a chosen instant (as CESA_NOW does)
 * and running on: a publish scheduled for a time goes live at it, byte for byte the build made
 * ahead when it was scheduled; across a restart of the server; late, and saying so, when its time
 * passed while the server was stopped; refused, with the reason on the publishers' screen, when the
 * draft or main changed what it would publish; not at all once cancelled. Just after midnight in
 * India the live site is rebuilt for the new date, and deployed only when a page changed with it.
 */
// @tier slow: starts the hosted editor over a git repository, builds the site and waits for its clock's times
// @vitest-environment node
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt, type Clock } from '../../editor/hosted/clock';
import { checkoutCode } from '../../editor/publish/code-check';
import { LiveFolder } from '../../editor/publish/deploy';
import type { JournalStep } from '../../editor/publish/journal';
import { startHostedEditor, type RunningEditor } from '../../editor/hosted/server';
import { liveSite } from '../../editor/hosted/zero-config';
import type { Json, PageResponse } from '../../editor/protocol/api';
import type { MyDraftResponse, PublishResponse, ReadyDraft, ReviewResponse, ScheduledPublish } from '../../editor/protocol/publish';
import { apiCall, asha, editorsYaml, hostedSite, meera, productionOptions, ravi, remoteGit as gitOn, ROOT, signIn as signInAt, type Answer } from '../helpers/hosted';
import type { Account, TestKeys } from './tokens';

let temp: string;
let remote: string;
let keys: TestKeys;
let code: string[];
const logged: Record<string, unknown>[] = [];
/** A second publisher, who looks at the publishers' screen (Meera schedules). */
const priya: Account = { email: 'priya.publisher@example.com', name: 'Priya Publisher' };

/** One server over one state folder, with its clock. */
interface Running {
  state: string;
  clock: Clock;
  editor: RunningEditor;
  folder: LiveFolder;
  liveUrl: string;
}

/** What the running server's publishes are told after each journal step. */
let onStep: (step: JournalStep) => Promise<void> | void = () => undefined;

async function start(state: string, clock: Clock): Promise<Running> {
  const folder = new LiveFolder(path.join(state, 'live'));
  const editor = await startHostedEditor(
    productionOptions({ remote, keys }, state, {
      limits: { 'sign-in': { count: 1000, perMs: 60_000 }, save: { count: 1000, perMs: 60_000 }, publish: { count: 1000, perMs: 60_000 }, read: { count: 10_000, perMs: 60_000 } },
      log: (entry) => logged.push(entry),
      deployer: folder,
      clock,
      onPublishStep: (step) => onStep(step),
    }),
  );
  const liveUrl = (await liveSite(folder, editor.publisher)).url;
  return { state, clock, editor, folder, liveUrl };
}

async function stop(running: Running): Promise<void> {
  await running.editor.close();
  await running.folder.close();
}

const remoteGit = (...args: string[]) => gitOn(remote, ...args);
const mainSha = () => remoteGit('rev-parse', 'refs/heads/main');
const idOf = (account: Account) => account.email.replace(/[^a-z0-9]+/g, '-');

function call<T>(at: Running, method: string, endpoint: string, cookie: string, body?: unknown): Promise<Answer<T>> {
  return apiCall<T>(at.editor.address, method, endpoint, { cookie, body });
}

/** Opens the page in the account's draft, changes its first section's title, saves it and marks the draft ready: the draft as the publisher reviews it. */
async function readyDraft(at: Running, account: Account, file: string, title: string): Promise<ReadyDraft> {
  const cookie = await signInAt(at.editor.address, keys, account);
  const page = await call<PageResponse>(at, 'GET', `page?file=${encodeURIComponent(file)}`, cookie);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  const data = structuredClone(page.body.data) as { sections: { title: string }[] };
  data.sections[0]!.title = title;
  const saved = await call(at, 'POST', 'save', cookie, { file, data: data as unknown as Json, version: page.body.version });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const ready = await call<MyDraftResponse>(at, 'POST', 'publish/ready', cookie, { ready: true });
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  const draft = (await review(at)).drafts.find((entry) => entry.draft === idOf(account));
  expect(draft).toBeDefined();
  return draft!;
}

async function review(at: Running): Promise<ReviewResponse> {
  const answer = await call<ReviewResponse>(at, 'GET', 'publish/review', await signInAt(at.editor.address, keys, priya));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The publisher schedules the draft as reviewed, `inMs` from the server's now. */
async function schedule(at: Running, draft: ReadyDraft, inMs: number): Promise<Answer<ScheduledPublish>> {
  const when = new Date(at.clock.now() + inMs).toISOString();
  return call<ScheduledPublish>(at, 'POST', 'publish/schedule', await signInAt(at.editor.address, keys, meera), { draft: draft.draft, commit: draft.commit, digest: draft.digest, at: when });
}

/** The publishers' screen, asked again until `done` holds for the schedule `id` (or the test's time runs out). */
async function whenDone(at: Running, id: string, done = (entry: ScheduledPublish) => entry.status !== 'waiting'): Promise<ScheduledPublish> {
  for (;;) {
    const entry = (await review(at)).schedules.find((candidate) => candidate.id === id);
    if (entry && done(entry)) return entry;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Every file of a built site, by its path, as a hash of its bytes. */
function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (folder: string, prefix: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file, `${prefix}${name}/`);
      else out.set(`${prefix}${name}`, createHash('sha256').update(readFileSync(file)).digest('hex'));
    }
  };
  walk(realpathSync(dir), '');
  return out;
}

async function livePage(at: Running, route: string): Promise<string> {
  const response = await fetch(`${at.liveUrl}${route}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** A developer's commit pushed straight to main (as git would, not the editor). */
function pushAsDeveloper(file: string, change: (text: string) => string, message: string): string {
  const clone = mkdtempSync(path.join(temp, 'developer-'));
  execFileSync('git', ['clone', '--quiet', '--branch', 'main', remote, clone]);
  const target = path.join(clone, file);
  writeFileSync(target, change(readFileSync(target, 'utf8')));
  const gitIn = (...args: string[]) => execFileSync('git', ['-C', clone, '-c', 'user.name=Site Developer', '-c', 'user.email=dev@example.com', ...args], { encoding: 'utf8' }).trim();
  gitIn('commit', '--quiet', '--all', '-m', message);
  gitIn('push', '--quiet', 'origin', 'main');
  return gitIn('rev-parse', 'HEAD');
}

beforeAll(async () => {
  code = (await checkoutCode(ROOT))!.filter((file) => statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile());
  ({ temp, remote, keys } = await hostedSite('schedule', { editors: editorsYaml([[asha, 'editor'], [ravi, 'editor'], [meera, 'publisher'], [priya, 'publisher']]), code }));
}, 600_000);

afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
}, 60_000);

describe('scheduled publishing', () => {
  let server: Running;
  let clock: Clock;

  beforeAll(async () => {
    // 08:59:00 IST on 31 December 2026: the server's clock starts there and runs on.
    clock = clockStartingAt(Date.parse('2026-12-31T08:59:00+05:30'));
    server = await start(path.join(temp, 'state'), clock);
  }, 600_000);

  afterAll(async () => {
    if (server) await stop(server);
  }, 60_000);

  it('publishes a change to a live page at its time: byte for byte the build made ahead from what was reviewed, recorded with who set it', async () => {
    expect(await livePage(server, '/etabs')).toContain('ETABS heading');
    const draft = await readyDraft(server, asha, 'pages/etabs.yaml', 'ETABS course fee ₹ 28,000 from 1 January');
    const before = mainSha();
    const set = await schedule(server, draft, 12_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ draft: draft.draft, name: asha.name, by: meera.name, commit: draft.commit, status: 'waiting' });
    // Checked and built ahead: the build that goes live at the time is this one.
    const prepared = filesOf(path.join(server.state, 'publish', 'builds', `scheduled-${set.body.id}`));
    expect(mainSha()).toBe(before);
    expect(await livePage(server, '/etabs')).not.toContain('28,000');
    // Listed as waiting, with who set it, for the draft under review; its editor is told when it goes live.
    expect((await review(server)).schedules).toEqual([expect.objectContaining({ id: set.body.id, status: 'waiting', by: meera.name, at: set.body.at })]);
    const mine = await call<MyDraftResponse>(server, 'GET', 'publish/mine', await signInAt(server.editor.address, keys, asha));
    expect(mine.body).toMatchObject({ ready: true, scheduledFor: set.body.at });

    const done = await whenDone(server, set.body.id);
    expect(done).toMatchObject({ status: 'published', tag: 'published/1', late: false, reason: null });
    expect(Date.parse(done.doneAt!)).toBeGreaterThanOrEqual(Date.parse(set.body.at));
    expect(await livePage(server, '/etabs')).toContain('ETABS course fee ₹ 28,000 from 1 January');
    expect(filesOf(server.folder.link)).toEqual(prepared);
    // The build made ahead itself went live (nothing was built at the time).
    expect(logged).not.toContainEqual(expect.objectContaining({ event: 'prepared-build-not-used' }));
    expect(remoteGit('merge-base', '--is-ancestor', draft.commit, 'refs/heads/main')).toBe('');
    expect(remoteGit('log', '-1', '--format=%an', 'refs/heads/main')).toBe(meera.name);
    // Published: no longer waiting for review.
    expect((await review(server)).drafts).toEqual([]);
  }, 300_000);

  it('keeps a schedule across a restart of the server, and publishes it at its time', async () => {
    const draft = await readyDraft(server, ravi, 'pages/staad.yaml', 'STAAD batch in Pune');
    const set = await schedule(server, draft, 20_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const prepared = filesOf(path.join(server.state, 'publish', 'builds', `scheduled-${set.body.id}`));
    await stop(server);
    server = await start(server.state, clock);
    const done = await whenDone(server, set.body.id);
    expect(done).toMatchObject({ status: 'published', late: false });
    expect(Date.parse(done.doneAt!)).toBeGreaterThanOrEqual(Date.parse(set.body.at));
    expect(await livePage(server, '/staad')).toContain('STAAD batch in Pune');
    expect(filesOf(server.folder.link)).toEqual(prepared);
  }, 300_000);

  it('runs a schedule whose time passed while the server was stopped as soon as it starts, and says it ran late', async () => {
    const draft = await readyDraft(server, asha, 'pages/index.yaml', 'Welcome to the new year');
    const set = await schedule(server, draft, 30_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await stop(server);
    // Started again five minutes later by its clock: the schedule's time passed meanwhile.
    clock = clockStartingAt(clock.now() + 5 * 60_000);
    server = await start(server.state, clock);
    const done = await whenDone(server, set.body.id);
    expect(done).toMatchObject({ status: 'published', late: true });
    expect(await livePage(server, '/')).toContain('Welcome to the new year');
  }, 300_000);

  it('publishes nothing when main changed what the draft would publish, and shows the publisher why', async () => {
    const draft = await readyDraft(server, ravi, 'pages/etabs.yaml', 'ETABS heading as Ravi reviewed it');
    const set = await schedule(server, draft, 15_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const developer = pushAsDeveloper('pages/etabs.yaml', (text) => text.replace(/title: ETABS course fee.*/, 'title: ETABS heading by a developer'), 'Change the heading');
    const live = filesOf(server.folder.link);
    const done = await whenDone(server, set.body.id);
    expect(done).toMatchObject({
      status: 'refused',
      tag: null,
      reason: {
        error: 'The live site changed since you reviewed this draft, and publishing it now would change other things than you were shown, so nothing was published.',
        hint: 'Review it again: the list shows what it would publish now.',
      },
    });
    expect(mainSha()).toBe(developer);
    expect(filesOf(server.folder.link)).toEqual(live);
  }, 300_000);

  it('publishes nothing when the draft was saved after it was scheduled', async () => {
    const draft = await readyDraft(server, asha, 'pages/staad.yaml', 'STAAD as reviewed');
    const set = await schedule(server, draft, 15_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // Saved again after the review: what would go live is not what was reviewed.
    await readyDraft(server, asha, 'pages/staad.yaml', 'STAAD changed after the review');
    const main = mainSha();
    const done = await whenDone(server, set.body.id);
    expect(done).toMatchObject({ status: 'refused', reason: { error: 'The draft changed since you reviewed it, so nothing was published.' } });
    expect(mainSha()).toBe(main);
    expect(await livePage(server, '/staad')).not.toContain('STAAD as reviewed');
    expect(await livePage(server, '/staad')).not.toContain('STAAD changed after the review');
  }, 300_000);

  it('publishes nothing when the publisher who scheduled it is no longer one at its time', async () => {
    const draft = await readyDraft(server, meera, 'pages/index.yaml', 'Home as Meera scheduled it');
    const set = await schedule(server, draft, 15_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // A developer takes Meera's role away on main (editors.yaml), after she scheduled it.
    pushAsDeveloper('editors.yaml', (text) => text.replace(`${meera.email}, name: ${meera.name}, role: publisher`, `${meera.email}, name: ${meera.name}, role: editor`), 'Meera edits only');
    const main = mainSha();
    const done = await whenDone(server, set.body.id);
    expect(done).toMatchObject({ status: 'refused', reason: { error: `${meera.name}, who scheduled this publish, is no longer a publisher, so nothing was published.` } });
    expect(mainSha()).toBe(main);
    expect(await livePage(server, '/')).not.toContain('Home as Meera scheduled it');
    // Meera is a publisher again for what follows.
    pushAsDeveloper('editors.yaml', (text) => text.replace(`${meera.email}, name: ${meera.name}, role: editor`, `${meera.email}, name: ${meera.name}, role: publisher`), 'Meera publishes again');
  }, 300_000);

  it('cancels a schedule: nothing of it goes live, and the list says who cancelled it', async () => {
    const draft = (await review(server)).drafts.find((entry) => entry.draft === idOf(asha))!;
    const set = await schedule(server, draft, 10_000);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // An editor may not schedule nor cancel.
    const refused = await call(server, 'POST', 'publish/unschedule', await signInAt(server.editor.address, keys, asha), { id: set.body.id });
    expect(refused.status).toBe(403);
    // A second schedule of the same draft is refused, naming the first one's time.
    const twice = await schedule(server, draft, 60_000);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/^This draft is already scheduled for (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\.$/);
    const cancelled = await call(server, 'POST', 'publish/unschedule', await signInAt(server.editor.address, keys, meera), { id: set.body.id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const main = mainSha();
    const live = filesOf(server.folder.link);
    // Past its time: nothing happened.
    const due = Date.parse(set.body.at);
    while (clock.now() < due + 3000) await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await review(server)).schedules.find((entry) => entry.id === set.body.id)).toMatchObject({ status: 'cancelled', cancelledBy: meera.name, tag: null });
    expect(mainSha()).toBe(main);
    expect(filesOf(server.folder.link)).toEqual(live);
    expect(readdirSync(path.join(server.state, 'publish', 'builds')).filter((name) => name.startsWith('scheduled-'))).toEqual([]);
  }, 300_000);

  it('refuses a time that has passed', async () => {
    const draft = (await review(server)).drafts.find((entry) => entry.draft === idOf(asha))!;
    const refused = await schedule(server, draft, -60_000);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^That time has passed: it is \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST now\.$/);
  }, 60_000);
});

describe('the update for a new date', () => {
  it('rebuilds the live site just after midnight in India, and deploys only when a page changed with the date', async () => {
    // A second before midnight on an ordinary day: nothing on the test site follows the date, so nothing is deployed.
    const clock = clockStartingAt(Date.parse('2027-03-09T23:59:57+05:30'));
    const server = await start(path.join(temp, 'state-midnight'), clock);
    try {
      const liveBefore = readlinkSync(server.folder.link);
      for (;;) {
        const update = (await review(server)).dateUpdate;
        if (update) {
          expect(update).toMatchObject({ today: '2027-03-10', pages: [], deployed: false, reason: null });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(readlinkSync(server.folder.link)).toBe(liveBefore);
    } finally {
      await stop(server);
    }
  }, 300_000);

  it('waits for a publish under way at midnight, then updates the live site for the new date', async () => {
    const clock = clockStartingAt(Date.parse('2027-03-10T23:59:35+05:30'));
    const midnight = Date.parse('2027-03-10T18:30:00Z');
    const server = await start(path.join(temp, 'state-busy-midnight'), clock);
    try {
      const draft = await readyDraft(server, asha, 'pages/index.yaml', 'Published across midnight');
      // The publish is under way at midnight: it holds after its check until 3 s past it.
      let heldAt = 0;
      onStep = async (step) => {
        if (step !== 'checked') return;
        heldAt = clock.now();
        while (clock.now() < midnight + 3000) await new Promise((resolve) => setTimeout(resolve, 100));
      };
      const published = await call<PublishResponse>(server, 'POST', 'publish/publish', await signInAt(server.editor.address, keys, meera), { draft: draft.draft, commit: draft.commit, digest: draft.digest, decisions: [] });
      expect(heldAt).toBeLessThan(midnight);
      expect(published.body).toEqual({ published: expect.stringMatching(/^published\/\d+$/) as string });
      let update: ReviewResponse['dateUpdate'] = null;
      while (!update) {
        update = (await review(server)).dateUpdate;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // It waited (no refusal, no collision), then found the publish already made for the new date.
      expect(update).toMatchObject({ today: '2027-03-11', reason: null });
      expect(Date.parse(update.at)).toBeGreaterThan(midnight + 3000);
      expect(logged.filter((entry) => entry.event === 'published' || entry.event === 'date-update').map((entry) => entry.event).slice(-2)).toEqual(['published', 'date-update']);
      expect(await livePage(server, '/')).toContain('Published across midnight');
    } finally {
      onStep = () => undefined;
      await stop(server);
    }
  }, 300_000);
});
