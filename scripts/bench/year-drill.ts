/**
 * A year simulated (`npm run bench -- year [days] [--from YYYY-MM-DD]`): a content folder with a course
 * page the code has never seen (three batches, generated from the start date) and the site's own GATE
 * dates, built with the real `npm run build -- --today` for each of 365 consecutive days (default from
 * 2026-12-15, so that the year turns in between), in place, as a server rebuilding every midnight would.
 *
 * Each day it reads every page as a visitor gets it and counts:
 * - days on which a past date is shown as upcoming on any route: an element marked upcoming
 *   (`data-status="upcoming"`) with a `<time datetime>` on or before the day, or one marked as under way
 *   (`data-status="now"`) whose last day (`data-last`) is before it;
 * - the pages the build remade (their file written again) and the pages whose bytes changed: a page remade
 *   with the same bytes is work done for nothing, a page changed without being remade would be a stale page.
 * Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { addDays, isIsoDate, type IsoDate } from '../../src/content/calendar';
import { writeSyntheticProject } from './synthetic';

/** A small generator of numbers from a seed: the same batches for the same start date. */
function seeded(seed: number): (low: number, high: number) => number {
  let state = seed >>> 0 || 1;
  return (low, high) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return low + (state % (high - low + 1));
  };
}

/** A course page with three batches, each a period, spread over the year from `from`. */
function coursePage(from: IsoDate): string {
  const random = seeded(Number(from.replaceAll('-', '')));
  const starts = [random(10, 60), random(100, 160), random(220, 320)];
  const events = starts.map((offset, index) => {
    const start = addDays(from, offset);
    return { event: `Batch ${index + 1} (weekdays, 10:00–13:00)`, date: { from: start, to: addDays(start, random(20, 60)) } };
  });
  return stringify({
    meta: { title: 'Drill course | CESA', description: 'A course the code has not seen.', keywords: ['drill'], course: { name: 'Drill course', group: 'structure' } },
    sections: [
      { type: 'hero', title: 'Drill course', text: 'Taught by an academy with {years} years of experience.' },
      { type: 'dates', title: 'Batches', cycles: [{ name: 'Drill course batches', checked: from, validUntil: addDays(from, 365), events }] },
    ],
  });
}

/** The site's own GATE dates (pages/important-dates.yaml's dates section), on a page without pictures. */
function gatePage(project: string): string {
  const document = parse(readFileSync(path.join(project, 'pages/important-dates.yaml'), 'utf8')) as { sections: { type: string }[] };
  return stringify({
    meta: { title: 'GATE dates | CESA', description: 'The GATE dates.', keywords: ['gate'] },
    sections: [{ type: 'hero', title: 'GATE dates' }, ...document.sections.filter((section) => section.type === 'dates')],
  });
}

/** What a visitor would be told wrongly on `today`: each element marked upcoming or under way whose date is past. */
export function pastShownAsUpcoming(html: string, today: IsoDate): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<([a-z]+)\b([^>]*\bdata-status="(upcoming|now)"[^>]*)>/gi)) {
    const [opening, tag, attributes, status] = match as unknown as [string, string, string, string];
    const end = html.indexOf(`</${tag}>`, match.index + opening.length);
    const inside = html.slice(match.index + opening.length, end < 0 ? undefined : end);
    const last = /\bdata-last="([^"]+)"/i.exec(attributes)?.[1];
    if (status === 'now' && last !== undefined && last < today) found.push(`under way, but its last day was ${last}`);
    if (status === 'upcoming') {
      for (const time of inside.matchAll(/<time\b[^>]*\bdatetime="([^"]+)"/gi)) {
        const first = time[1]!.length === 7 ? `${time[1]}-01` : time[1]!;
        if (isIsoDate(first) && first <= today) found.push(`upcoming, but it began on ${time[1]}`);
      }
    }
  }
  return found;
}

interface PageState {
  mtimeMs: number;
  hash: string;
}

function pagesOf(out: string): Map<string, PageState> {
  const pages = new Map<string, PageState>();
  for (const name of readdirSync(out, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.html')) continue;
    const file = path.join(out, name);
    pages.set(name, { mtimeMs: statSync(file).mtimeMs, hash: createHash('sha1').update(readFileSync(file)).digest('hex') });
  }
  return pages;
}

export interface YearFigures {
  days: number;
  from: IsoDate;
  /** Days on which some route showed a past date as upcoming, with what and where (the first few). */
  wrongDays: number;
  wrong: string[];
  /** Pages remade each day (after the first build). */
  remade: number[];
  /** Pages remade with the same bytes (work for nothing), and pages changed without being remade (stale). */
  remadeUnchanged: number;
  changedNotRemade: number;
  /** The first few of either, with the day. */
  examples: string[];
  pages: number;
  seconds: number;
}

/** Builds the drill's content for `days` consecutive dates from `from`, in place, and counts. */
export function yearDrill(project: string, { days = 365, from = '2026-12-15', log = (line: string) => console.log(line) }: { days?: number; from?: IsoDate; log?: (line: string) => void } = {}): YearFigures {
  const work = mkdtempSync(path.join(tmpdir(), 'cesa-year-drill-'));
  const content = path.join(work, 'site');
  const out = path.join(work, 'dist');
  const started = performance.now();
  try {
    writeSyntheticProject(content, 3);
    const site = path.join(content, 'pages/_site.yaml');
    writeFileSync(site, `founded: 2004\n${readFileSync(site, 'utf8').replace(/copyright: ©[^,}\n]*/, 'copyright: "© {year} CESA"')}`);
    writeFileSync(path.join(content, 'pages/drill-course.yaml'), coursePage(from));
    writeFileSync(path.join(content, 'pages/gate-dates.yaml'), gatePage(project));
    const figures: YearFigures = { days, from, wrongDays: 0, wrong: [], remade: [], remadeUnchanged: 0, changedNotRemade: 0, examples: [], pages: 0, seconds: 0 };
    let before = new Map<string, PageState>();
    for (let day = 0; day < days; day++) {
      const today = addDays(from, day);
      const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', content, '--out', out, '--today', today], { cwd: project, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`the build for ${today} failed:\n${result.stdout}\n${result.stderr}`);
      const after = pagesOf(out);
      figures.pages = after.size;
      let wrongToday = false;
      for (const [name, state] of after) {
        const wrong = pastShownAsUpcoming(readFileSync(path.join(out, name), 'utf8'), today);
        if (wrong.length > 0) {
          wrongToday = true;
          if (figures.wrong.length < 10) figures.wrong.push(`${today} /${name}: ${wrong.join('; ')}`);
        }
        const previous = before.get(name);
        if (day === 0 || !previous) continue;
        const remade = previous.mtimeMs !== state.mtimeMs;
        const changed = previous.hash !== state.hash;
        if (remade && !changed) figures.remadeUnchanged++;
        if (changed && !remade) figures.changedNotRemade++;
        if (remade !== changed && figures.examples.length < 6) figures.examples.push(`${today} /${name} ${remade ? 'remade, same bytes' : 'changed, not remade'}`);
      }
      if (day > 0) figures.remade.push([...after].filter(([name, state]) => before.get(name)?.mtimeMs !== state.mtimeMs).length);
      if (wrongToday) figures.wrongDays++;
      before = after;
      if ((day + 1) % 30 === 0) log(`  … ${day + 1} days built (${today})`);
    }
    figures.seconds = (performance.now() - started) / 1000;
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The figures, as the bench prints them. */
export function yearLines(figures: YearFigures): string[] {
  const { remade } = figures;
  const histogram = new Map<number, number>();
  for (const count of remade) histogram.set(count, (histogram.get(count) ?? 0) + 1);
  const total = remade.reduce((sum, count) => sum + count, 0);
  return [
    `A year simulated: ${figures.days} consecutive days from ${figures.from}, ${figures.pages} HTML files, built in place for each day (${figures.seconds.toFixed(0)} s in all):`,
    `  days on which a past date or batch is shown as upcoming, on any route: ${figures.wrongDays}${figures.wrong.length > 0 ? ` (${figures.wrong.join(' | ')})` : ''}`,
    `  pages remade per day (after the first): ${[...histogram].sort(([a], [b]) => a - b).map(([count, daysWith]) => `${count} on ${daysWith} days`).join(', ')}; ${total} in all, ${(total / Math.max(1, remade.length)).toFixed(2)} a day`,
    `  pages remade with the same bytes (work for nothing): ${figures.remadeUnchanged}; pages changed without being remade (stale): ${figures.changedNotRemade}${figures.examples.length > 0 ? ` (${figures.examples.join(' | ')})` : ''}`,
  ];
}
