/**
 * The midnight and schedule drill: the hosted editor over a bare copy of this checkout's last commit
 * (the real site), put live once, then started again with its clock (CESA_NOW) 30 s before midnight in
 * India. Prints when the live site changed after midnight (goal: within 60 s), then schedules a
 * publish 40 s ahead, restarts the server in between, and prints when it went live against the time
 * it was set for (goal: within ±60 s, across the restart). Sign-in uses a local key set in place of
 * Google's; publishing puts the site live in a folder, as `npm run editor-server` does on this computer.
 *
 *   npx tsx commands/time-drill.ts [--now <ISO time>] [--keep]
 *
 * --now: where the server's clock starts (default: 30 s before the next midnight in India);
 * --keep: leave the drill's folder (state, live site) for a look afterwards.
 */
import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { clockFrom, type Clock } from '../editor/hosted/clock';
import { signedTokenVerifier } from '../editor/hosted/id-token';
import { startHostedEditor, type RunningEditor } from '../editor/hosted/server';
import { liveSite, localRemote } from '../editor/hosted/zero-config';
import { EDITOR_API, type PageResponse } from '../editor/protocol/api';
import { nextMidnightInIndia, whenInIndia } from '../editor/protocol/india-time';
import type { ReadyDraft, ReviewResponse, ScheduledPublish } from '../editor/protocol/publish';
import { LiveFolder } from '../editor/publish/deploy';
import type { Editor } from '../editor/repo/editors';
import { ROOT } from '../scripts/hosting/auth-emulator';

const { values } = parseArgs({ options: { now: { type: 'string' }, keep: { type: 'boolean' } }, strict: true });

const PROJECT = 'cesa-time-drill';
const temp = mkdtempSync(path.join(tmpdir(), 'cesa-time-drill-'));
const state = path.join(temp, 'state');
const folder = new LiveFolder(path.join(state, 'live'));
const google = await generateKeyPair('RS256');
const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(google.publicKey)), kid: 'drill-1', alg: 'RS256', use: 'sig' }] });
const { remote, editors } = await localRemote(ROOT, temp);
const publisher = editors.find((editor) => editor.role === 'publisher');
if (!publisher) throw new Error('The drill needs a publisher in editors.yaml on main.');

/** An ID token for `editor`, signed with the drill's key set. */
function tokenOf(editor: Editor, key: CryptoKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now,
    sub: `uid-${editor.email}`,
    iat: now,
    exp: now + 3600,
    email: editor.email,
    email_verified: true,
    name: editor.name,
    firebase: { identities: { 'google.com': ['1'], email: [editor.email] }, sign_in_provider: 'google.com' },
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'drill-1', typ: 'JWT' }).sign(key);
}

async function start(clock: Clock): Promise<RunningEditor> {
  const running = await startHostedEditor({
    root: ROOT,
    host: '127.0.0.1',
    port: 0,
    projectId: PROJECT,
    firebase: { apiKey: 'drill', authDomain: `${PROJECT}.firebaseapp.com` },
    remote,
    stateDir: state,
    mainMaxAgeMs: 0,
    verifier: signedTokenVerifier({ projectId: PROJECT, keys }),
    deployer: folder,
    clock,
    // The drill asks every quarter of a second: more than a person may.
    limits: { publish: { count: 100_000, perMs: 60_000 }, read: { count: 100_000, perMs: 60_000 } },
    log: (entry) => {
      if (['date-update', 'date-update-refused', 'publish-scheduled', 'schedule-published', 'schedule-refused'].includes(String(entry.event))) console.log(`  [server, ${whenInIndia(clock.now())}] ${JSON.stringify(entry)}`);
    },
  });
  await liveSite(folder, running.publisher);
  return running;
}

async function stop(running: RunningEditor): Promise<void> {
  await running.close();
  await folder.close();
}

/** A call to the editor's API as its page makes it. */
async function call<T>(running: RunningEditor, method: string, endpoint: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(`${running.address}${EDITOR_API}/${endpoint}`, {
    method,
    headers: { Cookie: cookie, ...(method === 'GET' ? {} : { Origin: running.address, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${method} ${endpoint}: ${response.status} ${answer.error ?? ''}`);
  return answer;
}

async function signIn(running: RunningEditor): Promise<string> {
  const response = await fetch(`${running.address}${EDITOR_API}/session`, {
    method: 'POST',
    headers: { Origin: running.address, 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken: await tokenOf(publisher!, google.privateKey) }),
  });
  if (!response.ok) throw new Error(`Sign-in refused: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const live = () => readlinkSync(folder.link);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(1)} s`;

try {
  console.log(`Drill folder: ${temp}\nPutting this checkout's last commit live (the first build of the whole site)…`);
  const first = Date.now();
  await stop(await start(clockFrom({})));
  console.log(`Live after ${((Date.now() - first) / 1000).toFixed(1)} s.`);

  // 1. Midnight.
  const startAt = values.now ?? new Date(nextMidnightInIndia(Date.now()) - 30_000).toISOString();
  const clock = clockFrom({ CESA_NOW: startAt });
  const midnight = nextMidnightInIndia(clock.now());
  let running = await start(clock);
  console.log(`\nThe server's clock (CESA_NOW=${startAt}) says ${whenInIndia(clock.now())}; midnight in India is ${seconds(midnight - clock.now())} away.`);
  const before = live();
  let changedAt: number | null = null;
  let update: ReviewResponse['dateUpdate'] = null;
  const cookie = await signIn(running);
  while (clock.now() < midnight + 120_000 && (update === null || Date.parse(update.at) < midnight)) {
    if (changedAt === null && live() !== before) changedAt = clock.now();
    update = (await call<ReviewResponse>(running, 'GET', 'publish/review', cookie)).dateUpdate;
    await pause(250);
  }
  if (changedAt === null && live() !== before) changedAt = clock.now();
  if (!update || Date.parse(update.at) < midnight) console.log('No update for the new date within 120 s after midnight: goal missed.');
  else {
    console.log(`Update for ${update.today} recorded at ${whenInIndia(Date.parse(update.at))} (${seconds(Date.parse(update.at) - midnight)} after midnight).`);
    console.log(update.deployed ? `Live site changed at ${seconds(changedAt! - midnight)} after midnight: ${update.pages.length} pages changed with the date (${update.pages.join(', ')}).` : `Live site unchanged: nothing on it changed with the date (checked ${seconds(Date.parse(update.at) - midnight)} after midnight).`);
    console.log(`Goal (within 60 s after midnight): ${Date.parse(update.at) - midnight <= 60_000 ? 'met' : 'missed'}.`);
  }

  // 2. A publish scheduled 40 s ahead, the server restarted in between.
  const page = await call<PageResponse>(running, 'GET', 'page?file=pages%2Findex.yaml', cookie);
  const data = structuredClone(page.data) as { meta: { description: string } };
  data.meta.description = `${data.meta.description} (drill ${clock.now()})`;
  await call(running, 'POST', 'save', cookie, { file: page.file, data, version: page.version });
  await call(running, 'POST', 'publish/ready', cookie, { ready: true });
  const draft = (await call<ReviewResponse>(running, 'GET', 'publish/review', cookie)).drafts[0] as ReadyDraft;
  const due = clock.now() + 40_000;
  const setAsked = clock.now();
  const set = await call<ScheduledPublish>(running, 'POST', 'publish/schedule', cookie, { draft: draft.draft, commit: draft.commit, digest: draft.digest, at: new Date(due).toISOString() });
  console.log(`\nScheduled for ${whenInIndia(Date.parse(set.at))} (checked and built ahead in ${seconds(clock.now() - setAsked)}); restarting the server…`);
  await stop(running);
  running = await start(clock);
  const beforeSchedule = live();
  const after = await signIn(running);
  let wentLive: number | null = null;
  let outcome: ScheduledPublish | undefined;
  while (clock.now() < due + 180_000) {
    if (wentLive === null && live() !== beforeSchedule) wentLive = clock.now();
    outcome = (await call<ReviewResponse>(running, 'GET', 'publish/review', after)).schedules.find((entry) => entry.id === set.id);
    if (outcome && outcome.status !== 'waiting' && wentLive !== null) break;
    if (outcome && outcome.status === 'refused') break;
    await pause(250);
  }
  if (outcome?.status === 'published' && wentLive !== null) {
    console.log(`Published as ${outcome.tag ?? '?'}; the live site changed at ${whenInIndia(wentLive)}: ${seconds(wentLive - due)} from the time it was set for.`);
    console.log(`Goal (within ±60 s, across a restart): ${Math.abs(wentLive - due) <= 60_000 ? 'met' : 'missed'}.`);
  } else {
    console.log(`Not published: ${outcome?.reason?.error ?? 'nothing happened within 180 s'}`);
  }
  await stop(running);
} finally {
  if (!values.keep) rmSync(temp, { recursive: true, force: true });
}
