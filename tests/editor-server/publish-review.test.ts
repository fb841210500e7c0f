/**
 * What the publishers' review shows of a draft, on a real git repository: of a new page everything a
 * visitor meets (every text, each link with its address, a map with the site it loads from, its
 * settings in words), a changed link by its words and both addresses (not "layout"), a new site the
 * pages would load from (bound to the digest the publish sends back), a web page or a script among
 * the draft's files refused, any other file named as what it is, and a photo a gallery lists
 * thousands of times read and drawn once.
 */
// @tier slow: makes git repositories and runs git
// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishClone } from '../../editor/publish/clone';
import { planMerge } from '../../editor/publish/merge-plan';
import { visibleChanges } from '../../editor/publish/visible';
import { Refusal } from '../../editor/server/http';

let temp: string;
let dir: string;
let repo: PublishClone;
let main: string;
let png: Buffer;

const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' } }).trim();

/** A commit on `from` writing `files` (null: removed); its id. */
function commit(from: string, files: Record<string, string | Buffer | null>): string {
  git('checkout', '--quiet', '--detach', from);
  for (const [file, content] of Object.entries(files)) {
    const at = path.join(dir, file);
    if (content === null) rmSync(at);
    else {
      mkdirSync(path.dirname(at), { recursive: true });
      writeFileSync(at, content);
    }
  }
  git('add', '--all');
  git('commit', '--quiet', '-m', 'change');
  return git('rev-parse', 'HEAD');
}

const POLICY = JSON.stringify({ hosting: { headers: [{ source: '**', headers: [{ key: 'Content-Security-Policy', value: "default-src 'self'; frame-src https://www.google.com https://cesa.firebaseapp.com" }] }] } });

const page = (extra: string) => `meta:\n  title: About CESA\n  description: Who we are.\nsections:\n  - type: hero\n    title: About CESA\n    text: We teach software.\n${extra}`;

async function review(draft: string) {
  const plan = await planMerge(repo, main, draft);
  return { plan, files: await visibleChanges(repo, { main, draft }, plan.review, plan.documents) };
}

beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'cesa-review-'));
  dir = path.join(temp, 'clone');
  mkdirSync(dir);
  git('init', '--quiet', '-b', 'main');
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
  writeFileSync(path.join(dir, 'firebase.json'), POLICY);
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'pages/about.yaml'), page('    actions:\n      - { label: Enquire now, href: /contact }\n'));
  git('add', '--all');
  git('commit', '--quiet', '-m', 'main');
  main = git('rev-parse', 'HEAD');
  repo = new PublishClone(dir, path.join(temp, 'nowhere'), { name: 'T', email: 't@example.com' });
});

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the review of a new page', () => {
  it('shows all of it: every paragraph, each link with its address, a map with the site it loads from, its search, sharing, course, menu and other addresses', async () => {
    const paragraphs = Array.from({ length: 9 }, (_, index) => `      - Paragraph ${index + 1} of the visit page.`).join('\n');
    const visit = [
      'meta:',
      '  title: Visit CESA in Pune',
      '  description: Where we are.',
      '  social: { title: Come and see us }',
      '  aliases: [/visit-us]',
      '  course: { name: Visits, group: other, duration: 2, menu: { group: others, order: 5 } }',
      'sections:',
      '  - type: hero',
      '    title: Visit us',
      '    text:',
      paragraphs,
      '    actions:',
      '      - { label: Enquire now, href: "https://forms.other.example/enquire" }',
      '  - type: contact',
      '    title: Reach us',
      '    map: { src: "https://maps.example.com/embed?office", title: Map of the office }',
      '',
    ].join('\n');
    const draft = commit(main, { 'pages/visit.yaml': visit });
    const { plan, files } = await review(draft);
    const shown = files.find((file) => file.file === 'pages/visit.yaml')!.shown;
    expect(shown).toMatchObject({ name: 'Visit us', route: '/visit', kind: 'page', before: null, what: ['new page'] });
    expect(shown.after).toContain('Paragraph 9 of the visit page.');
    expect(shown.after).toEqual(
      expect.arrayContaining(['Search title: Visit CESA in Pune', 'Shared link title: Come and see us', 'Course name: Visits', 'Course duration: 2', 'Menu group: others', 'Other addresses that lead here: /visit-us']),
    );
    expect(shown.addresses).toEqual([
      { kind: 'embed', label: 'Map of the office', before: null, after: 'https://maps.example.com/embed?office', times: 1 },
      { kind: 'link', label: 'Enquire now', before: null, after: 'https://forms.other.example/enquire', times: 1 },
    ]);
    // The map's site is new to the live site's policy, and the digest the publish sends back covers it.
    expect(plan.origins).toEqual([{ origin: 'https://maps.example.com', files: ['pages/visit.yaml'] }]);
    const admitted = commit(main, { 'firebase.json': POLICY.replace('https://www.google.com', 'https://www.google.com https://maps.example.com') });
    const sameFilesOtherPolicy = await planMerge(repo, admitted, commit(admitted, { 'pages/visit.yaml': visit }));
    expect(sameFilesOtherPolicy.origins).toEqual([]);
    expect(sameFilesOtherPolicy.digest).not.toBe(plan.digest);
  });
});

describe('the review of a changed page', () => {
  it('names a changed link by its words, with its old and new address, not "layout"', async () => {
    const draft = commit(main, { 'pages/about.yaml': page('    actions:\n      - { label: Enquire now, href: "https://elsewhere.example/enquire" }\n') });
    const shown = (await review(draft)).files[0]!.shown;
    expect(shown.what).toEqual(['link']);
    expect(shown.addresses).toEqual([{ kind: 'link', label: 'Enquire now', before: '/contact', after: 'https://elsewhere.example/enquire', times: 1 }]);
  });
});

describe('files that are no photos', () => {
  it('refuses a web page or a script, by its content as well as its name, and names any other file as what it is', async () => {
    for (const [file, content] of [
      ['public/welcome.html', '<p>hello</p>'],
      ['public/images/photo.jpg', '<!doctype html><script src="/app.js"></script>'],
      ['public/app.js', 'alert(1)'],
    ] as const) {
      const refused = await planMerge(repo, main, commit(main, { [file]: content })).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Refusal);
      expect((refused as Refusal).body.error).toContain(file);
    }
    const draft = commit(main, { 'public/downloads/timetable.pdf': '%PDF-1.4\n%…\n', 'public/files/data.bin': Buffer.from([1, 2, 3, 4]) });
    const files = (await review(draft)).files;
    expect(files.map((file) => [file.shown.name, file.shown.what])).toEqual([
      ['timetable.pdf', ['a PDF document']],
      ['data.bin', ['a file of another kind']],
    ]);
  });
});

describe('a photo listed many times', () => {
  /** The git processes a review starts: a `git` first on PATH that counts, then runs git. */
  async function gitProcesses(run: () => Promise<unknown>): Promise<number> {
    const bin = path.join(temp, 'bin');
    const log = path.join(temp, 'git-calls');
    mkdirSync(bin, { recursive: true });
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho x >> '${log}'\nexec '${real}' "$@"\n`);
    chmodSync(path.join(bin, 'git'), 0o755);
    writeFileSync(log, '');
    const before = process.env.PATH;
    process.env.PATH = `${bin}:${before ?? ''}`;
    try {
      await run();
    } finally {
      process.env.PATH = before;
    }
    return readFileSync(log, 'utf8').length / 2;
  }

  const gallery = (photo: string, times: number) => page(`  - type: gallery\n    title: Our classrooms\n    images:\n${`      - { src: /images/${photo}, alt: A classroom }\n`.repeat(times)}`);

  it('reads and draws it once, and shows one change with its count, however often the page lists it', async () => {
    // Two pictures, so that neither review finds the other's drawn already.
    const other = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa6633' } }).png().toBuffer();
    const twice = commit(main, { 'public/images/room.png': png, 'pages/about.yaml': gallery('room.png', 2) });
    const often = commit(main, { 'public/images/hall.png': other, 'pages/about.yaml': gallery('hall.png', 5000) });
    let shown: Awaited<ReturnType<typeof review>>['files'] = [];
    const [few, many] = [await gitProcesses(() => review(twice)), await gitProcesses(async () => (shown = (await review(often)).files))];
    expect(many).toBe(few);
    const about = shown.find((file) => file.file === 'pages/about.yaml')!.shown;
    expect(about.photos).toEqual([{ label: 'A classroom', before: null, after: expect.stringMatching(/^data:image\/webp;base64,/) as string, times: 5000 }]);
    expect(about.what).toContain('photo');
  });
});
