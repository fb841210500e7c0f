/**
 * An incremental build does only the work its inputs require, and its output is byte for byte what a
 * cold build of the same content makes: after one page changes, after the site document changes,
 * after a page that others link to changes, and (the code fingerprint) after a component changes. The
 * brochure is drawn only when what it shows changed: a cold build takes the one kept from before.
 */
// @tier slow: builds the site again and again in child processes
// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFingerprint } from '../../scripts/builder/build-cache';
import { writeSyntheticProject } from '../../scripts/bench/synthetic';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-incremental-'));
const content = path.join(work, 'site');
const incremental = path.join(work, 'incremental');
const cold = path.join(work, 'cold');
const PAGES = 6;

function build(out: string, ...extra: string[]): string {
  const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', content, '--out', out, ...extra], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Every file of a folder with its bytes. */
function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files.set(name, readFileSync(file).toString('base64'));
  }
  return files;
}

/** Builds incrementally, then cold into another folder: both must hold the same files, byte for byte. */
function expectSameAsCold(): string {
  const log = build(incremental);
  rmSync(cold, { recursive: true, force: true });
  build(cold, '--cold');
  const made = tree(incremental);
  expect(made.size).toBeGreaterThan(PAGES * 2);
  expect(made).toEqual(tree(cold));
  return log;
}

const madeCount = (log: string) => Number(/\((\d+) files made/.exec(log)?.[1] ?? NaN);

const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(content, file), change(readFileSync(path.join(content, file), 'utf8')));

beforeAll(() => {
  writeSyntheticProject(content, PAGES);
  build(incremental);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('an incremental build', () => {
  it('with nothing changed makes no page again, and says so', () => {
    const log = expectSameAsCold();
    expect(log).toMatch(/nothing changed since the last build/);
  }, 180_000);

  it('after a file was touched but not changed renders no page again (only the sitemap dates it anew)', () => {
    const page = path.join(content, 'pages/course-2.yaml');
    const html = path.join(incremental, 'course-2/index.html');
    const before = statSync(html);
    writeFileSync(page, readFileSync(page, 'utf8'));
    const log = expectSameAsCold();
    expect(log).toMatch(/code unchanged/);
    expect(madeCount(log)).toBe(1);
    expect(statSync(html).mtimeMs).toBe(before.mtimeMs);
    expect(statSync(html).ino).toBe(before.ino);
  }, 180_000);

  it('after one page changed makes that page (its HTML and data) and what lists it, and equals a cold build', () => {
    edit('pages/course-1.yaml', (text) => text.replace(/title: ([^\n]+)/, 'title: Changed course title'));
    const log = expectSameAsCold();
    expect(madeCount(log)).toBeGreaterThan(0);
    expect(madeCount(log)).toBeLessThan(PAGES);
    expect(readFileSync(path.join(incremental, 'course-1/index.html'), 'utf8')).toContain('Changed course title');
  }, 180_000);

  it("after a course's batch changed makes the course, the Upcoming batches page that lists every course's, and equals a cold build", () => {
    writeFileSync(
      path.join(content, 'pages/batches.yaml'),
      'meta: { title: Upcoming batches, description: d, keywords: [k] }\nsections:\n  - type: hero\n    title: Upcoming batches\n  - type: upcoming-batches\n',
    );
    const batch = (fee: number) => `    batches:\n      - { start: 2099-01-11, days: Mon–Fri, time: "10:00–13:00", mode: classroom, centre: Pune, fee: ${fee} }\n`;
    edit('pages/course-1.yaml', (text) => text.replace('    group: structure\n', `    group: structure\n${batch(12500)}`));
    build(incremental);
    expect(readFileSync(path.join(incremental, 'batches/index.html'), 'utf8')).toContain('₹12,500');
    edit('pages/course-1.yaml', (text) => text.replace('fee: 12500', 'fee: 13000'));
    const log = expectSameAsCold();
    // The course page and the page listing every course's batches: not the other courses.
    expect(madeCount(log)).toBeLessThan(PAGES);
    expect(readFileSync(path.join(incremental, 'batches/index.html'), 'utf8')).toContain('₹13,000');
    expect(readFileSync(path.join(incremental, 'course-1/index.html'), 'utf8')).toContain('13000');
  }, 180_000);

  it('after the site document changed makes every page again, and equals a cold build', () => {
    edit('pages/_site.yaml', (text) => text.replace('© 2025 CESA', '© 2026 Changed'));
    const log = expectSameAsCold();
    expect(madeCount(log)).toBeGreaterThanOrEqual(PAGES);
    expect(readFileSync(path.join(incremental, 'course-2/index.html'), 'utf8')).toContain('© 2026 Changed');
  }, 180_000);

  it('after a page that others link to is removed, refuses the links and keeps the last output; restored, equals a cold build', () => {
    const linked = readFileSync(path.join(content, 'pages/course-0.yaml'), 'utf8');
    const before = tree(incremental);
    rmSync(path.join(content, 'pages/course-0.yaml'));
    const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', content, '--out', incremental], { cwd: root, encoding: 'utf8' });
    // The site's menu and the next course link to it: refused, the last output kept as it was.
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[broken-link]');
    expect(tree(incremental)).toEqual(before);
    writeFileSync(path.join(content, 'pages/course-0.yaml'), linked.replace(/title: ([^\n]+)/, 'title: Linked page, changed'));
    expectSameAsCold();
  }, 180_000);
});

describe('an incremental build updating the output in place', () => {
  it('after a page is added, then removed, holds exactly what a cold build holds', () => {
    writeFileSync(path.join(content, 'pages/course-extra.yaml'), readFileSync(path.join(content, 'pages/course-2.yaml'), 'utf8').replaceAll('Synthetic course 2', 'Synthetic extra course'));
    const added = expectSameAsCold();
    expect(madeCount(added)).toBeLessThan(PAGES);
    expect(readFileSync(path.join(incremental, 'course-extra/index.html'), 'utf8')).toContain('Synthetic extra course');
    rmSync(path.join(content, 'pages/course-extra.yaml'));
    expectSameAsCold();
    expect(readdirSync(incremental)).not.toContain('course-extra');
  }, 180_000);

  it('after an image every page shows changes size, renders the pages whose files did not change, and equals a cold build', () => {
    const logo = path.join(content, 'public/images/logo.svg');
    writeFileSync(logo, readFileSync(logo, 'utf8').replaceAll('320', '640'));
    const log = expectSameAsCold();
    expect(madeCount(log)).toBeGreaterThanOrEqual(PAGES);
    expect(readFileSync(path.join(incremental, 'course-4/index.html'), 'utf8')).toContain('width="640"');
  }, 180_000);

  it('after a file of the output was changed by hand, makes that file again', () => {
    const page = path.join(incremental, 'course-3/index.html');
    writeFileSync(page, 'changed by hand');
    const log = expectSameAsCold();
    expect(madeCount(log)).toBe(1);
  }, 180_000);
});

describe('the brochure', () => {
  const BROCHURE = 'downloads/cesa-brochure.pdf';
  /** Where the build's brochure came from, as its figures (--stats, the first line) say. */
  const sourceOf = (log: string) => (JSON.parse(log.split('\n')[0]!) as { brochure: string }).brochure;
  const brochureIn = (out: string) => readFileSync(path.join(out, BROCHURE));
  const coldBuild = () => {
    rmSync(cold, { recursive: true, force: true });
    return sourceOf(build(cold, '--cold', '--stats'));
  };

  it('a cold build of content built before takes the brochure made then, byte for byte, instead of drawing it again', () => {
    build(incremental);
    expect(coldBuild()).toBe('kept');
    expect(brochureIn(cold)).toEqual(brochureIn(incremental));
  }, 180_000);

  it('after a course is renamed, is drawn again and shows the new name; a cold build then takes that one', () => {
    const name = `Renamed ${Date.now().toString(36)}`;
    const before = brochureIn(incremental);
    edit('pages/course-2.yaml', (text) => text.replace('name: Synthetic course 2', () => `name: ${name}`));
    expect(sourceOf(build(incremental, '--stats'))).toBe('made');
    expect(brochureIn(incremental)).not.toEqual(before);
    expect(execFileSync('pdftotext', [path.join(incremental, BROCHURE), '-'], { encoding: 'utf8' })).toContain(name);
    expect(coldBuild()).toBe('kept');
    expect(tree(cold)).toEqual(tree(incremental));
  }, 180_000);

  it('changed by hand in an output that took the kept one, is put back as it was, and the kept one is not changed with it', () => {
    const right = brochureIn(incremental);
    expect(coldBuild()).toBe('kept');
    writeFileSync(path.join(cold, BROCHURE), 'changed by hand');
    expect(sourceOf(build(cold, '--stats'))).toBe('kept');
    expect(brochureIn(cold)).toEqual(right);
    expect(coldBuild()).toBe('kept');
    expect(brochureIn(cold)).toEqual(right);
  }, 180_000);

  it('with none kept, a cold build draws it again: the same bytes', () => {
    const right = brochureIn(incremental);
    rmSync(path.join(root, 'node_modules/.cache/cesa-build/brochures'), { recursive: true, force: true });
    expect(coldBuild()).toBe('made');
    expect(brochureIn(cold)).toEqual(right);
  }, 180_000);
});

describe('after a component changed', () => {
  it('every page is rendered with the new code, and the output equals a cold build', () => {
    // A copy of the project (its own src/, the same node_modules), so the change stays in the copy.
    const project = mkdtempSync(path.join(tmpdir(), 'cesa-code-change-'));
    try {
      for (const name of ['src', 'scripts', 'commands', 'public', 'schemas', 'README.md', 'index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.src.json', 'tsconfig.node.json', 'tsconfig.tests.json', 'package.json', 'package-lock.json']) {
        cpSync(path.join(root, name), path.join(project, name), { recursive: true });
      }
      symlinkSync(path.join(root, 'node_modules'), path.join(project, 'node_modules'));
      const run = (out: string, ...extra: string[]) => {
        const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', content, '--out', out, ...extra], { cwd: project, encoding: 'utf8' });
        if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
        return result.stdout;
      };
      const out = path.join(project, 'dist');
      run(out);
      const before = codeFingerprint(project);
      const component = path.join(project, 'src/sections/hero/component.tsx');
      // A change never built before: the bundle cache (shared through node_modules) keeps the last two
      // fingerprints' bundles, so the same change made by an earlier run of this test would be reused.
      const marker = `changed-${process.pid}-${Date.now()}`;
      writeFileSync(component, readFileSync(component, 'utf8').replace('<div className="hero__body">', () => `<div className="hero__body" data-changed="${marker}">`));
      expect(codeFingerprint(project)).not.toBe(before);
      const log = run(out);
      expect(log).not.toMatch(/code unchanged/);
      expect(readFileSync(path.join(out, 'course-3/index.html'), 'utf8')).toContain(`data-changed="${marker}"`);
      run(path.join(project, 'cold'), '--cold');
      expect(tree(out)).toEqual(tree(path.join(project, 'cold')));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 300_000);
});
