/**
 * Nothing stale without a warning: what the content says that a date has made wrong or due for a look,
 * for the day the check is made for (`npm run check -- --today`, the editor's page and page list).
 * Warnings, never errors: the site still builds and shows past dates as past; a person decides.
 *
 * - A cycle of dates (the `dates` section) that is over with no next cycle, an expected month that is
 *   over without its day, a "valid until" that has passed or falls within 14 days, dates never checked
 *   or last checked more than 90 days ago.
 * - A course's batches (`meta.course.batches`, read defensively: any list of blocks with a `start` date)
 *   that have started, or start within 7 days with their seats not given.
 * - A typed number of years of experience that the academy's founding year (`founded` in the site
 *   document) contradicts: "17 years" when 2004 makes it 22 in 2026; "20+" agrees while 20 ≤ 22.
 *
 * Each at its file, line and column (the locator), in the catalogue's words. Pure but for the locator.
 */
import { daysBetween, isIsoDate, yearOf, type IsoDate } from './calendar';
import { allPast, lastDayOf, spanOf, statusOf } from './dated-facts';
import { yearsSince } from './dated-words';
import { problem } from './error-codes';
import type { ContentError, PathSegment } from './errors';
import type { Locator } from './locate';
import type { Page } from './page-schema';
import { formatLongDay, formatMonth } from './calendar';
import { isRecord } from '../lib/is-record';
import { lazyLocator } from './locate';
import type { Site } from './site-schema';

/** A "valid until" this close warns ahead. */
export const VALID_UNTIL_WARNING_DAYS = 14;
/** A check older than this warns. */
export const CHECKED_WARNING_DAYS = 90;
/** A batch this close with its seats not given warns. */
export const BATCH_SEATS_WARNING_DAYS = 7;

/** Every warning of one validated page, for `today`. `founded`: the site's founding year, if it says one. */
export function dateWarningsOf(page: Page, today: IsoDate, founded: number | undefined, locate: Locator): ContentError[] {
  return [...datedListWarnings(page, today, locate), ...batchWarnings(page, today, locate), ...(founded === undefined ? unfoundedWarnings(page, locate) : yearsWarnings(page, today, founded, locate))];
}

/** "{years}" with no founding year in the site settings: it would be shown as written. */
function unfoundedWarnings(document: unknown, locate: Locator): ContentError[] {
  const warnings: ContentError[] = [];
  const path: PathSegment[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.includes('{years}')) warnings.push(locate([...path], problem('date-check', { case: 'no-founding-year' })));
    } else if (Array.isArray(value) || isRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        path.push(Array.isArray(value) ? Number(key) : key);
        visit(item);
        path.pop();
      }
    }
  };
  visit(document);
  return warnings;
}

function datedListWarnings(page: Page, today: IsoDate, locate: Locator): ContentError[] {
  const warnings: ContentError[] = [];
  page.sections.forEach((section, index) => {
    if (section.type !== 'dates') return;
    const last = section.cycles.length - 1;
    section.cycles.forEach((cycle, position) => {
      const at: PathSegment[] = ['sections', index, 'cycles', position];
      const over = allPast(cycle.events, today);
      // A cycle over with a later one after it is history, kept on purpose: nothing to do.
      if (over && position !== last) return;
      if (over) warnings.push(locate([...at, 'name'], problem('date-check', { case: 'cycle-over', name: cycle.name, last: formatLongDay(lastDayOf(cycle.events)!) })));
      cycle.events.forEach((event, number) => {
        const span = spanOf(event);
        if (event.expected && span && statusOf(span, today) === 'past') {
          warnings.push(locate([...at, 'events', number, 'expected'], problem('date-check', { case: 'expected-passed', event: event.event, month: formatMonth(event.expected) })));
        }
      });
      const left = daysBetween(today, cycle.validUntil);
      if (left < 0) warnings.push(locate([...at, 'validUntil'], problem('date-check', { case: 'valid-until-passed', name: cycle.name, date: formatLongDay(cycle.validUntil) })));
      else if (left <= VALID_UNTIL_WARNING_DAYS) warnings.push(locate([...at, 'validUntil'], problem('date-check', { case: 'valid-until-soon', name: cycle.name, date: formatLongDay(cycle.validUntil), days: left })));
      if (!cycle.checked) warnings.push(locate([...at, 'name'], problem('date-check', { case: 'never-checked', name: cycle.name })));
      else if (daysBetween(cycle.checked, today) > CHECKED_WARNING_DAYS) {
        warnings.push(locate([...at, 'checked'], problem('date-check', { case: 'checked-long-ago', name: cycle.name, date: formatLongDay(cycle.checked), days: daysBetween(cycle.checked, today) })));
      }
    });
  });
  return warnings;
}

/** The batches of the page's course: any blocks with a `start` date under `meta.course.batches`. */
function batchWarnings(page: Page, today: IsoDate, locate: Locator): ContentError[] {
  const course: unknown = page.meta.course;
  const batches = isRecord(course) && Array.isArray(course.batches) ? (course.batches as unknown[]) : [];
  const warnings: ContentError[] = [];
  batches.forEach((batch, index) => {
    if (!isRecord(batch) || typeof batch.start !== 'string' || !isIsoDate(batch.start)) return;
    const status = typeof batch.status === 'string' ? batch.status : undefined;
    if (status === 'cancelled') return;
    const at: PathSegment[] = ['meta', 'course', 'batches', index, 'start'];
    const days = daysBetween(today, batch.start);
    if (days < 0) warnings.push(locate(at, problem('date-check', { case: 'batch-past', start: formatLongDay(batch.start) })));
    else if (days <= BATCH_SEATS_WARNING_DAYS && (batch.seats === undefined || batch.seats === null) && status !== 'full') {
      warnings.push(locate(at, problem('date-check', { case: 'batch-seats-unknown', start: formatLongDay(batch.start), days })));
    }
  });
  return warnings;
}

/** "17 years of experience", "25+ years of teaching", "In 17 years of teaching": a figure, an optional "+", and what it counts. */
const YEARS_OF = /\b(\d{1,3})(\+?)\s*years?\s+(?:of\s+)?(?:experience|teaching|training)\b/gi;
/** The label of a counter that counts the academy's years ("Years of experience"). */
const YEARS_LABEL = /^\s*years?\s+(?:of\s+)?(?:experience|teaching|training)\b/i;

/** Whether a typed figure agrees with the computed one: "N" when it is N, "N+" while N is not more. */
function agrees(figure: number, plus: boolean, computed: number): boolean {
  return plus ? figure <= computed : figure === computed;
}

function yearsWarnings(document: unknown, today: IsoDate, founded: number, locate: Locator): ContentError[] {
  const computed = yearsSince(founded, today);
  const year = yearOf(today);
  const warnings: ContentError[] = [];
  const warn = (path: PathSegment[], written: string) => warnings.push(locate(path, problem('years-figure', { written, computed, founded, year })));
  const path: PathSegment[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(YEARS_OF)) {
        if (!agrees(Number(match[1]), match[2] === '+', computed)) warn([...path], `${match[1]}${match[2]} years`);
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => {
        path.push(index);
        visit(item);
        path.pop();
      });
      return;
    }
    if (!isRecord(value)) return;
    // A counter: { value: 17, suffix: "", label: Years of experience }.
    if (typeof value.value === 'number' && typeof value.label === 'string' && YEARS_LABEL.test(value.label)) {
      const plus = typeof value.suffix === 'string' && value.suffix.trim() === '+';
      if (!agrees(value.value, plus, computed)) warn([...path, 'value'], `${value.value}${plus ? '+' : ''} years`);
    }
    for (const key of Object.keys(value)) {
      path.push(key);
      visit(value[key]);
      path.pop();
    }
  };
  visit(document);
  return warnings;
}

/**
 * Every warning of the content for `today`: the site document's figures, then each page's, in the
 * order of the pages. `readSource`: a file's text (by its name relative to the project, pages/…), read
 * only for a file that has a warning, to place it.
 */
export function contentDateWarnings(
  content: { site: Site | undefined; pages: readonly { file: string; page: Page }[] },
  siteFile: string,
  today: IsoDate,
  readSource: (file: string) => string,
): ContentError[] {
  const founded = content.site?.founded;
  const siteLocator = lazyLocator(siteFile, () => readSource(siteFile));
  const site = !content.site ? [] : founded !== undefined ? yearsWarnings(content.site, today, founded, siteLocator) : unfoundedWarnings(content.site, siteLocator);
  const pages = content.pages.flatMap(({ file, page }) => dateWarningsOf(page, today, founded, lazyLocator(file, () => readSource(file))).sort((a, b) => a.line - b.line || a.column - b.column));
  return [...site, ...pages];
}

/** The warnings `npm run check` prints: each located, with what to do, and how many. */
export function formatWarnings(warnings: readonly ContentError[], today: IsoDate): string {
  if (warnings.length === 0) return `Nothing dated to look at for ${formatLongDay(today)}.`;
  const lines = warnings.map((warning) => `  ${warning.file}:${warning.line}:${warning.column}  ${warning.message}: ${warning.hint ?? ''}  [${warning.code}]`);
  return [`${warnings.length} ${warnings.length === 1 ? 'thing' : 'things'} to look at for ${formatLongDay(today)} (warnings, not errors: the site builds):`, ...lines].join('\n');
}
