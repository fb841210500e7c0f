/**
 * A course's batches (src/content/batches.ts): what an editor gets wrong in them is refused where it is
 * written, in plain words (an end before the start, a centre that is no branch, a fee written as text, a
 * date that is no date); and which batches a visitor is shown on a day, their fee the Indian way.
 */
// @tier slow: writes throwaway projects and loads them
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { batchesToLookAt, formatRupees, nextBookableBatch, seatsText, upcomingBatches, type Batch } from '../../src/content/batches';
import { courseIndexOf } from '../../src/content/course-facts';
import { loadContent } from '../../src/content/load';

const root = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A project with the fixture site (one branch, Pune), a home page and one course page whose batches are `batches` (YAML lines). */
function courseWith(batches: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'cesa-batches-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'pages'), { recursive: true });
  mkdirSync(path.join(folder, 'public/images'), { recursive: true });
  writeFileSync(path.join(folder, 'pages/_site.yaml'), readFileSync(path.join(root, 'tests/fixtures/site.yaml'), 'utf8'));
  writeFileSync(path.join(folder, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  writeFileSync(path.join(folder, 'pages/index.yaml'), 'meta: { title: CESA, description: d, keywords: [k] }\nsections:\n  - type: hero\n    title: Welcome\n');
  writeFileSync(
    path.join(folder, 'pages/etabs.yaml'),
    ['meta:', '  title: ETABS', '  description: d', '  keywords: [k]', '  course:', '    name: ETABS', '    group: structure', '    batches:', batches, 'sections:', '  - type: hero', '    title: ETABS', '  - type: batches', ''].join('\n'),
  );
  return loadContent({ root: folder });
}

const batch = (fields: Record<string, string>) => {
  const all = { start: '2027-01-18', end: '2027-02-05', days: 'Mon–Fri', time: '"10:00–13:00"', mode: 'classroom', centre: 'Pune', fee: '12500', ...fields };
  return Object.entries(all)
    .map(([key, value], index) => `${index === 0 ? '      - ' : '        '}${key}: ${value}`)
    .join('\n');
};

describe('a batch written wrong', () => {
  it.each([
    // what is wrong                 fields                               code               path                                  line  words
    ['an end before its start', { end: '2027-01-10' }, 'batch', 'meta.course.batches[0].end', 10, 'the batch ends on 2027-01-10, before it starts (2027-01-18)'],
    ['a centre that is no branch', { centre: 'Puna' }, 'batch', 'meta.course.batches[0].centre', 14, '"Puna" is not one of the academy\'s branches'],
    ['a fee written as text', { fee: '"12,500"' }, 'wrong-type', 'meta.course.batches[0].fee', 15, 'expected a number, found text ("12,500")'],
    ['a date that is no date', { start: '2027-02-30' }, 'invalid-content', 'meta.course.batches[0].start', 9, 'must be a date written year-month-day, for example 2027-01-11'],
    ['a date written the other way', { start: '18-01-2027' }, 'invalid-content', 'meta.course.batches[0].start', 9, 'must be a date written year-month-day, for example 2027-01-11'],
    ['a mode that is none of the three', { mode: 'offline' }, 'invalid-value', 'meta.course.batches[0].mode', 13, 'text ("offline") is not allowed for "mode"'],
  ])('%s is refused where it is written', (_what, fields, code, at, line, message) => {
    const { errors } = courseWith(batch(fields));
    expect(errors.map((error) => ({ code: error.code, path: error.path, line: error.line, message: error.message }))).toEqual([{ code, path: at, line, message }]);
  });

  it("names the site's branches, and online, for an unknown centre", () => {
    const [error] = courseWith(batch({ centre: 'Puna' })).errors;
    expect(error?.hint).toBe('Did you mean "Pune"? Write the city of a branch (Pune), or online for a batch taught online only.');
  });

  it('takes a branch or online, and an end on the start day', () => {
    const { errors, facts } = courseWith([batch({ end: '2027-01-18' }), batch({ centre: 'online', mode: 'online' })].join('\n'));
    expect(errors).toEqual([]);
    // Other pages (course cards, /batches) read the course's batches, dates and all, from the course index.
    expect(courseIndexOf(facts)['/etabs']?.batches.map((entry) => [entry.start, entry.end, entry.centre])).toEqual([
      ['2027-01-18', '2027-01-18', 'Pune'],
      ['2027-01-18', '2027-02-05', 'online'],
    ]);
  });
});

describe('what a visitor is shown', () => {
  const of = (start: string, extra: Partial<Batch> = {}): Batch => ({ start, days: 'Mon–Fri', time: '10:00–13:00', mode: 'classroom', centre: 'Pune', status: 'open', fee: 12500, ...extra });

  it('shows a batch up to and including its start day, earliest first', () => {
    const batches = [of('2027-02-01'), of('2027-01-10'), of('2027-01-11')];
    expect(upcomingBatches(batches, '2027-01-11').map((entry) => entry.start)).toEqual(['2027-01-11', '2027-02-01']);
    expect(upcomingBatches(batches, '2027-02-02')).toEqual([]);
  });

  it('offers the next batch that can be joined, not a full or cancelled one', () => {
    const batches = [of('2027-01-12', { status: 'full' }), of('2027-01-13', { status: 'cancelled' }), of('2027-01-14', { seats: 0 }), of('2027-01-20', { status: 'few seats' })];
    expect(nextBookableBatch(batches, '2027-01-11')?.start).toBe('2027-01-20');
  });

  it('names the batches to look at: past ones, and those starting within 7 days that say nothing of their seats', () => {
    const batches = [
      of('2027-01-10'),
      of('2027-01-11'),
      of('2027-01-18'),
      of('2027-01-19'),
      of('2027-01-12', { seats: 5 }),
      of('2027-01-12', { status: 'few seats' }),
      of('2027-01-12', { status: 'full' }),
    ];
    expect(batchesToLookAt(batches, '2027-01-11')).toEqual([
      { index: 0, why: 'past' },
      { index: 1, why: 'soon-seats-unknown' },
      { index: 2, why: 'soon-seats-unknown' },
    ]);
  });

  it.each([
    [0, '₹0'],
    [500, '₹500'],
    [12500, '₹12,500'],
    [125000, '₹1,25,000'],
    [12500000, '₹1,25,00,000'],
  ])('writes %i rupees as %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it.each([
    [{}, undefined],
    [{ seats: 8 }, '8 seats left'],
    [{ seats: 1 }, '1 seat left'],
    [{ seats: 0 }, 'Full'],
    [{ status: 'few seats' as const }, 'Few seats left'],
    [{ status: 'full' as const, seats: 4 }, 'Full'],
    [{ status: 'cancelled' as const }, 'Cancelled'],
  ])('says the seats of %o as %s', (extra, text) => {
    expect(seatsText(of('2027-01-20', extra))).toBe(text);
  });
});
