// @vitest-environment node
// @tier slow: runs npm run check on a content folder
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDateWarnings } from '../../src/content/date-warnings';
import { loadContent } from '../../src/content/load';

const root = path.resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'cesa-date-warnings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const head = (title: string) => `meta:\n  title: ${title}\n  description: d\n  keywords: [k]\nsections:\n  - type: hero\n    title: ${title}\n`;
cpSync(path.join(root, 'tests/fixtures/site.yaml'), path.join(folder, 'pages/_site.yaml'), { recursive: true });
writeFileSync(path.join(folder, 'pages/_site.yaml'), `founded: 2004\n${readFileSync(path.join(folder, 'pages/_site.yaml'), 'utf8')}`);
cpSync(path.join(root, 'public/images/logo.svg'), path.join(folder, 'public/images/logo.svg'));
writeFileSync(path.join(folder, 'pages/index.yaml'), head('Home'));
writeFileSync(
  path.join(folder, 'pages/contact.yaml'),
  `${head('Contact')}    text: With 17 years of experience in training civil engineers.\n  - type: stats\n    items:\n      - { value: 20, suffix: "+", label: Years of experience }\n      - { value: 25, suffix: "+", label: Years of experience }\n`,
);
writeFileSync(
  path.join(folder, 'pages/important-dates.yaml'),
  `${head('Dates')}  - type: dates
    cycles:
      - name: GATE 2026
        validUntil: 2026-02-14
        events:
          - event: Exams
            date: { from: 2026-02-01, to: 2026-02-14 }
      - name: GATE 2027
        checked: 2026-08-20
        validUntil: 2027-03-01
        events:
          - event: Registration closes
            expected: 2026-10
          - event: Exams
            expected: 2027-02
`,
);

const warningsFor = (today: string) =>
  contentDateWarnings(loadContent({ root: folder }), 'pages/_site.yaml', today, (file) => readFileSync(path.join(folder, file), 'utf8')).map(
    ({ file, line, column, code, message }) => `${file}:${line}:${column} [${code}] ${message}`,
  );

describe('what a date has made stale, as warnings', () => {
  it('names each typed figure of years that the founding year contradicts, where it is written; "20+" agrees with 22', () => {
    expect(warningsFor('2026-12-08').filter((line) => line.includes('years-figure'))).toEqual([
      'pages/contact.yaml:8:5 [years-figure] says 17 years; founded 2004 makes it 22 years in 2026',
      'pages/contact.yaml:12:11 [years-figure] says 25+ years; founded 2004 makes it 22 years in 2026',
    ]);
  });

  it('names the GATE dates past or due for a check on 20 February 2027', () => {
    expect(warningsFor('2027-02-20').filter((line) => line.includes('date-check'))).toEqual([
      'pages/important-dates.yaml:16:9 [date-check] the dates of GATE 2027 were last checked on 20 August 2026, 184 days ago',
      'pages/important-dates.yaml:17:9 [date-check] the dates of GATE 2027 are to be checked again by 1 March 2027, in 9 days',
      'pages/important-dates.yaml:20:13 [date-check] "Registration closes" was expected in October 2026, and that month is over',
    ]);
    // GATE 2026 is over, with GATE 2027 after it: history, nothing to do.
    expect(warningsFor('2027-02-20').join('\n')).not.toContain('GATE 2026');
  });

  it('a cycle over with none after it says the next is to be looked for', () => {
    expect(warningsFor('2027-03-05')).toContain('pages/important-dates.yaml:15:9 [date-check] every date of GATE 2027 is past (the last was 28 February 2027): the page shows them as held');
  });

  it('a text that counts the years with no founding year in the site settings is named, where it is', () => {
    const site = path.join(folder, 'pages/_site.yaml');
    const before = readFileSync(site, 'utf8');
    writeFileSync(site, before.replace('founded: 2004\n', ''));
    writeFileSync(path.join(folder, 'pages/about.yaml'), `${head('About')}    text: Teaching for {years} years.\n`);
    try {
      expect(warningsFor('2026-12-08').filter((line) => line.includes('{years}'))).toEqual([
        'pages/about.yaml:8:5 [date-check] "{years}" stands for the years since the academy was founded, but the site settings do not say the year it was founded: the page would show "{years}"',
      ]);
    } finally {
      writeFileSync(site, before);
      rmSync(path.join(folder, 'pages/about.yaml'));
    }
  });

  it('npm run check -- --today prints them with what to do, and exits 0', () => {
    const out = execFileSync('npx', ['tsx', path.join(root, 'commands/check.ts'), '--content', folder, '--today', '2027-02-20'], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('things to look at for 20 February 2027 (warnings, not errors: the site builds):');
    expect(out).toContain('pages/important-dates.yaml:20:13  "Registration closes" was expected in October 2026, and that month is over: Write the day it was held from the official site');
    expect(out).toContain('pages/contact.yaml:8:5  says 17 years; founded 2004 makes it 23 years in 2027: Write {years} instead of the number');
  });
});
