/**
 * Time is an input of the build: a build for a later date remakes exactly the pages whose output changed
 * with the date (those with a date boundary between the two days), keeps every other file as it was, and
 * its output is byte for byte a cold build's for that date; a day with no boundary is "nothing changed".
 */
// @tier slow: builds the site for several dates in child processes
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticProject } from '../../scripts/bench/synthetic';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-dated-incremental-'));
const content = path.join(work, 'site');
const incremental = path.join(work, 'incremental');
const cold = path.join(work, 'cold');

function build(out: string, today: string, ...extra: string[]): string {
  const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', content, '--out', out, '--today', today, ...extra], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files.set(name, readFileSync(file).toString('base64'));
  }
  return files;
}

/** The pages' HTML files, each with the time it was last written. */
function written(): Map<string, number> {
  return new Map([...tree(incremental).keys()].filter((name) => name.endsWith('index.html')).map((name) => [name, statSync(path.join(incremental, name)).mtimeMs]));
}

/** Builds for `today` in place, then cold: the same bytes. Returns the pages' HTML files written again. */
function buildFor(today: string): { log: string; remade: string[] } {
  const before = written();
  const log = build(incremental, today);
  rmSync(cold, { recursive: true, force: true });
  build(cold, today, '--cold');
  expect(tree(incremental)).toEqual(tree(cold));
  const after = written();
  return { log, remade: [...after].filter(([name, time]) => before.get(name) !== time).map(([name]) => name) };
}

const DATES_PAGE = `meta:
  title: Important dates
  description: The exam's dates.
  keywords: [dates]
sections:
  - type: hero
    title: Important dates of {year}
  - type: dates
    cycles:
      - name: Exam 2027
        validUntil: 2027-06-30
        events:
          - event: Exams
            date: 2027-03-10
          - event: Results
            expected: 2027-04
          - event: Interviews
            date: { from: 2027-05-10, to: 2027-05-20 }
`;

beforeAll(() => {
  writeSyntheticProject(content, 4);
  writeFileSync(path.join(content, 'pages/important-dates.yaml'), DATES_PAGE);
  build(incremental, '2027-03-08');
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a build for a later date', () => {
  it('with no boundary between the two days changes nothing, and says so', () => {
    const { log, remade } = buildFor('2027-03-09');
    expect(log).toMatch(/nothing changed since the last build/);
    expect(remade).toEqual([]);
  }, 180_000);

  it('on the day of an exam remakes the page that shows it, and only that page', () => {
    const { remade } = buildFor('2027-03-10');
    expect(remade).toEqual(['important-dates/index.html']);
    const html = readFileSync(path.join(incremental, 'important-dates/index.html'), 'utf8');
    expect(html).toMatch(/data-status="now"[^>]*>.*?Exams/s);
  }, 180_000);

  it('the day after, it shows the exam as past; the next change is when the month of the results begins', () => {
    expect(buildFor('2027-03-11').remade).toEqual(['important-dates/index.html']);
    expect(readFileSync(path.join(incremental, 'important-dates/index.html'), 'utf8')).toContain('<time dateTime="2027-03-10">');
    expect(buildFor('2027-03-31').remade).toEqual([]);
    expect(buildFor('2027-04-01').remade).toEqual(['important-dates/index.html']);
  }, 360_000);

  it('a period changes the page on its first day and the day after its last, not on the days between', () => {
    expect(buildFor('2027-05-10').remade).toEqual(['important-dates/index.html']);
    expect(buildFor('2027-05-11').remade).toEqual([]);
    expect(buildFor('2027-05-20').remade).toEqual([]);
    expect(buildFor('2027-05-21').remade).toEqual(['important-dates/index.html']);
  }, 360_000);

  it('in a new year remakes every page (the © year)', () => {
    writeFileSync(path.join(content, 'pages/_site.yaml'), readFileSync(path.join(content, 'pages/_site.yaml'), 'utf8').replace(/copyright: ©[^,}\n]*/, 'copyright: "© {year} CESA"'));
    buildFor('2027-12-31');
    const { remade } = buildFor('2028-01-01');
    expect(remade.length).toBe(written().size);
    const html = readFileSync(path.join(incremental, 'important-dates/index.html'), 'utf8');
    expect(html).toContain('© 2028');
    // The heading, and the picture a shared link shows (its words drawn, and said in og:image:alt).
    expect(html).toContain('Important dates of 2028</h1>');
    expect(html).toMatch(/og:image:alt" content="Important dates of 2028/);
  }, 360_000);
});
