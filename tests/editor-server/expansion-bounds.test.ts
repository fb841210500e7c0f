/**
 * The hosted editor under pages built to cost it more than their size (issue 41, R1), over real HTTP
 * against a real bare repository, the server in production configuration: a course's name of 100,000
 * characters named 50,000 times, the same bigger, split over many texts, as a save, aliases pushed by
 * a developer, and a page that costs its check thread more memory than it has. Each is answered in
 * words, the server stays up, another editor is answered meanwhile, and nothing committed is lost.
 */
// @tier slow: starts the hosted editor over a git repository, with its checking threads
// @vitest-environment node
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedEditor, type HostedOptions, type RunningEditor } from '../../editor/hosted/server';
import type { Json, PageListEntry, PageResponse, SaveResponse, ValidateResponse } from '../../editor/protocol/api';
import { MAX_EXPANDED_CHARACTERS } from '../../src/content/course-facts';
import { apiCall as call, asha, editorsYaml, hostedSite, meera, productionOptions, ravi, remoteGit as gitOn, signIn as signInAt } from '../helpers/hosted';
import { developerGit } from '../helpers/site-repository';
import type { Account, TestKeys } from './tokens';

const ASHA = 'asha-editor-example-com';
const RAVI = 'ravi-editor-example-com';

let temp: string;
let remote: string;
let work: string;
let keys: TestKeys;
let editor: RunningEditor;
let base: string;

const remoteGit = (...args: string[]) => gitOn(remote, ...args);
const draftTip = (id: string) => remoteGit('for-each-ref', '--format=%(objectname)', `refs/heads/drafts/${id}`);

function options(stateDir: string, extra: Partial<HostedOptions> = {}): HostedOptions {
  return productionOptions({ remote, keys }, path.join(temp, stateDir), {
    limits: { 'sign-in': { count: 1000, perMs: 60_000 }, save: { count: 1000, perMs: 60_000 }, read: { count: 10_000, perMs: 60_000 } },
    log: () => undefined,
    ...extra,
  });
}

const signIn = (account: Account, at = base) => signInAt(at, keys, account);

/** A course page whose course is named `name` and whose texts are `texts` (the first the hero's title). */
function coursePage(name: string, texts: readonly string[]): Json {
  return {
    meta: { title: 'A course', description: 'About the course.', keywords: 'course', course: { name, group: 'structure', menu: false } },
    sections: [{ type: 'hero', title: texts[0] ?? 'A course' }, ...texts.slice(1).map((text) => ({ type: 'faq', title: 'Questions', items: [{ question: 'What?', answer: text }] }))],
  };
}

/** R1 as reported: 400 KB, a name of 100,000 characters and ten texts naming it 5,000 times each. */
const R1 = coursePage('N'.repeat(100_000), Array.from({ length: 10 }, () => '{name}'.repeat(5_000)));

/** Another editor's requests while `heavy` are under way: each answers (no time is asserted, only that they do). */
async function othersAnswered(cookie: string, heavy: Promise<unknown>[]): Promise<void> {
  const pages = await call<PageListEntry[]>(base, 'GET', 'pages', { cookie });
  expect(pages.status).toBe(200);
  const page = await call<PageResponse>(base, 'GET', 'page?file=pages/staad.yaml', { cookie });
  expect(page.status).toBe(200);
  const health = await fetch(`${base}/healthz`);
  expect(health.status).toBe(200);
  await Promise.all(heavy);
}

function factsTooLong(errors: readonly { code: string; message: string; line: number }[]) {
  const found = errors.filter((error) => error.code === 'facts-too-long');
  expect(found, JSON.stringify(errors.map((error) => error.code))).toHaveLength(1);
  expect(found[0]!.message).toContain(MAX_EXPANDED_CHARACTERS.toLocaleString('en-US'));
  expect(found[0]!.line).toBeGreaterThan(0);
}

beforeAll(async () => {
  ({ temp, remote, work, keys } = await hostedSite('bounds', { editors: editorsYaml([[asha, 'editor'], [ravi, 'editor'], [meera, 'publisher']]) }));
  editor = await startHostedEditor(options('state'));
  base = editor.address;
}, 120_000);

afterAll(async () => {
  await editor?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('a page built to grow when its course facts are shown', () => {
  it('R1 as a check: answered with one located error in words, while another editor is answered, and the server stays up', async () => {
    const ashaCookie = await signIn(asha);
    const raviCookie = await signIn(ravi);
    const checks = Array.from({ length: 4 }, () => call<ValidateResponse>(base, 'POST', 'validate', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data: R1 } }));
    await othersAnswered(raviCookie, checks);
    for (const checked of await Promise.all(checks)) {
      expect(checked.status, checked.text.slice(0, 300)).toBe(200);
      factsTooLong(checked.body.errors);
    }
  });

  it('bigger, split over many texts and fields, and smaller than the bound: the same', async () => {
    const ashaCookie = await signIn(asha);
    const raviCookie = await signIn(ravi);
    const bigger = coursePage('N'.repeat(400_000), Array.from({ length: 20 }, () => '{name}'.repeat(4_000)));
    const split = coursePage('N'.repeat(20_000), Array.from({ length: 2_000 }, (_, index) => `Item ${index}: {name} and {name} again`));
    // Keywords and the description too: every text of the page counts.
    const fields = { ...(coursePage('N'.repeat(50_000), ['{name}'.repeat(10)]) as Record<string, Json>) };
    fields.meta = { ...(fields.meta as Record<string, Json>), description: '{name}'.repeat(15), keywords: Array.from({ length: 20 }, () => '{name}') };
    const within = coursePage('ETABS', Array.from({ length: 20 }, () => 'Learn {name} in {name}'));
    const answers = [bigger, split, fields].map((data) => call<ValidateResponse>(base, 'POST', 'validate', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data } }));
    await othersAnswered(raviCookie, answers);
    for (const answer of await Promise.all(answers)) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      factsTooLong(answer.body.errors);
    }
    // Near the editor's limit of 2 MB: more than a page's file may hold, said as such, before any fact is shown.
    const biggest = await call<ValidateResponse>(base, 'POST', 'validate', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data: coursePage('N'.repeat(900_000), Array.from({ length: 10 }, () => '{name}'.repeat(15_000))) } });
    expect(biggest.status).toBe(200);
    expect(biggest.body.errors.map((error) => error.code)).toEqual(['file-too-large']);
    const fine = await call<ValidateResponse>(base, 'POST', 'validate', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data: within } });
    expect(fine.status).toBe(200);
    expect(fine.body.errors.filter((error) => error.code === 'facts-too-long')).toEqual([]);
  });

  it('R1 as a save: committed with its error shown, no other draft touched, and the next save works', async () => {
    const ashaCookie = await signIn(asha);
    const raviCookie = await signIn(ravi);
    const page = await call<PageResponse>(base, 'GET', 'page?file=pages/staad.yaml', { cookie: raviCookie });
    const raviSaved = await call<SaveResponse>(base, 'POST', 'save', { cookie: raviCookie, body: { file: page.body.file, data: { ...(page.body.data as Record<string, Json>), meta: { ...((page.body.data as { meta: Record<string, Json> }).meta), title: 'Kept by Ravi' } }, version: page.body.version } });
    expect(raviSaved.status).toBe(200);
    const raviTip = draftTip(RAVI);

    const etabs = await call<PageResponse>(base, 'GET', 'page?file=pages/etabs.yaml', { cookie: ashaCookie });
    const saves = [call<SaveResponse>(base, 'POST', 'save', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data: R1, version: etabs.body.version } })];
    await othersAnswered(raviCookie, saves);
    const [saved] = await Promise.all(saves);
    expect(saved!.status, saved!.text.slice(0, 300)).toBe(200);
    factsTooLong(saved!.body.errors);
    expect(draftTip(RAVI)).toBe(raviTip);
    expect(remoteGit('show', `refs/heads/drafts/${RAVI}:pages/staad.yaml`)).toContain('Kept by Ravi');
    // The page as saved is the page as sent: the expansion never reached the file.
    expect(remoteGit('show', `refs/heads/drafts/${ASHA}:pages/etabs.yaml`).length).toBeLessThan(500_000);

    const again = await call<PageResponse>(base, 'GET', 'page?file=pages/etabs.yaml', { cookie: ashaCookie });
    const mended = await call<SaveResponse>(base, 'POST', 'save', { cookie: ashaCookie, body: { file: 'pages/etabs.yaml', data: coursePage('ETABS', ['Learn {name}']), version: again.body.version } });
    expect(mended.status).toBe(200);
    expect(mended.body.errors).toEqual([]);
  });
});

describe('aliases', () => {
  it('a page pushed with nested aliases (a billion laughs) is shown with its mistakes, and costs nobody anything', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const name = String.fromCharCode(97 + level);
      const previous = String.fromCharCode(96 + level);
      levels.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
    }
    writeFileSync(path.join(work, 'pages/laughs.yaml'), `meta:\n  title: Laughs\n  description: d\n  keywords: k\n${levels.map((line) => `  ${line}`).join('\n')}\nsections:\n  - type: hero\n    title: Laughs\n`);
    developerGit(work, 'add', 'pages/laughs.yaml');
    developerGit(work, 'commit', '--quiet', '-m', 'Laughs');
    developerGit(work, 'push', '--quiet', remote, 'HEAD:main');
    // Meera's draft is made from main now: it has the page.
    const cookie = await signIn(meera);
    const raviCookie = await signIn(ravi);
    const opened = [call<PageResponse>(base, 'GET', 'page?file=pages/laughs.yaml', { cookie })];
    await othersAnswered(raviCookie, opened);
    const [page] = await Promise.all(opened);
    expect(page!.status).toBe(200);
    // The form is not offered (it would write the aliases out in full); the mistakes say where they are.
    expect(page!.body.data).toBeNull();
    expect(page!.body.errors.some((error) => error.code === 'yaml-alias')).toBe(true);
    expect(page!.body.errors.length).toBeLessThanOrEqual(100);
  });

  it('text that reads like an alias or an anchor is kept as text', async () => {
    const cookie = await signIn(asha);
    const checked = await call<ValidateResponse>(base, 'POST', 'validate', { cookie, body: { file: 'pages/etabs.yaml', data: coursePage('*a &b', ['*a', '&b {name}', '<<: *a']) } });
    expect(checked.status).toBe(200);
    expect(checked.body.errors).toEqual([]);
    expect(checked.body.text).toContain('title: "*a"');
  });
});

describe('a page that costs its check more than a thread has', () => {
  let small: RunningEditor;
  beforeAll(async () => {
    small = await startHostedEditor(options('small-state', { checkLimits: { heapMb: 32 } }));
  }, 120_000);
  afterAll(() => small?.close());

  it('is refused in words, the thread is replaced, and the server answers everyone', async () => {
    const cookie = await signIn(asha, small.address);
    const raviCookie = await signIn(ravi, small.address);
    // Under the editor's 2 MB: 400,000 short keywords make a YAML document of far more than 32 MB.
    const heavy = coursePage('ETABS', ['Learn {name}']) as { meta: Record<string, Json> };
    heavy.meta.keywords = Array.from({ length: 400_000 }, () => 'k');
    const refused = await call(small.address, 'POST', 'validate', { cookie, body: { file: 'pages/etabs.yaml', data: heavy } });
    expect(refused.status, refused.text.slice(0, 300)).toBe(413);
    expect(refused.body.error).toContain('took more memory or time than the server gives one page');
    expect(refused.body.hint).toContain('What you typed is kept');

    const tip = draftTip(ASHA);
    const page = await call<PageResponse>(small.address, 'GET', 'page?file=pages/etabs.yaml', { cookie });
    const save = await call(small.address, 'POST', 'save', { cookie, body: { file: 'pages/etabs.yaml', data: heavy, version: page.body.version } });
    expect(save.status).toBe(413);
    expect(draftTip(ASHA)).toBe(tip);

    const fine = await call<ValidateResponse>(small.address, 'POST', 'validate', { cookie: raviCookie, body: { file: 'pages/etabs.yaml', data: coursePage('ETABS', ['Learn {name}']) } });
    expect(fine.status).toBe(200);
    expect(fine.body.errors).toEqual([]);
    expect(small.checks.replaced).toBeGreaterThanOrEqual(2);
    expect((await fetch(`${small.address}/healthz`)).status).toBe(200);
  });
});
