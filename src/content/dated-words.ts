/**
 * Figures that follow from the date a page is made for, written as words in braces and computed when
 * the page is rendered, never typed: `{year}` (the year, for the © line), `{years since 2004}` (whole
 * years from 2004 to that year) and `{years}` (from the year the site document says the academy
 * was founded, `founded: 2004`). "With {years} years of experience" reads "With 22 years of
 * experience" on a page made in 2026 and "23" from 1 January 2027.
 *
 * Kept apart from the course facts (course-facts.ts): those are resolved before validation and are the
 * same on every day; these are resolved after it, for a date, by the renderer (scripts/builder/prerender.ts,
 * the editor's preview), so a validated page stays a function of its file alone.
 *
 * Bounded by what it produces: each replacement is at most four digits, shorter than the words it
 * replaces (`{year}` is six characters), so a text never grows; `datedText` counts what it writes and
 * keeps a text as written if it would (a fault of this code, not of the content).
 *
 * Pure: no file system, no React, no clock.
 */
import { yearOf, type IsoDate } from './calendar';
import { isRecord } from '../lib/is-record';

/** `{year}`, `{years}`, `{years since 2004}`. */
const DATED_WORD = /\{(year|years)(?: since (\d{4}))?\}/g;

/** The words in braces that stand for a figure of the date (the course facts leave them be). */
export const DATED_WORDS: ReadonlySet<string> = new Set(['year', 'years']);

/** What the words are computed from: the date the page is made for, and the academy's founding year if the site says it. */
export interface DatedWordsContext {
  today: IsoDate;
  founded?: number | undefined;
}

/** Whole years from `since` to the year of `today` (2004 → 22 in 2026). */
export function yearsSince(since: number, today: IsoDate): number {
  return yearOf(today) - since;
}

/** Whether `text` names a figure of the date (`{year}`, `{years…}`). */
export function hasDatedWords(text: string): boolean {
  DATED_WORD.lastIndex = 0;
  return DATED_WORD.test(text);
}

/** `text` with each figure of the date computed; a `{years}` with no founding year stays as written. */
export function datedText(text: string, { today, founded }: DatedWordsContext): string {
  if (!text.includes('{')) return text;
  let produced = 0;
  const out = text.replace(DATED_WORD, (written, word: string, since: string | undefined) => {
    // "{year since 2004}" is no figure: left as written.
    if (word === 'year' && since !== undefined) return written;
    const value = word === 'year' ? String(yearOf(today)) : since !== undefined ? String(yearsSince(Number(since), today)) : founded !== undefined ? String(yearsSince(founded, today)) : written;
    produced += value.length - written.length;
    return value;
  });
  return produced > 0 ? text : out;
}

/**
 * `value` (a validated page, the site document) with the figures of the date computed in every text.
 * A list or block is copied only where a text in it changed: most of a page names no figure.
 */
export function withDatedWords<T>(value: T, context: DatedWordsContext): T {
  const visit = (item: unknown): unknown => {
    if (typeof item === 'string') return datedText(item, context);
    if (Array.isArray(item)) {
      let next: unknown[] | undefined;
      item.forEach((entry: unknown, index) => {
        const changed = visit(entry);
        if (changed !== entry) (next ??= [...(item as unknown[])])[index] = changed;
      });
      return next ?? item;
    }
    if (isRecord(item)) {
      let next: Record<string, unknown> | undefined;
      for (const key of Object.keys(item)) {
        const changed = visit(item[key]);
        // Defined, not assigned: a key `__proto__` stays a key.
        if (changed !== item[key]) Object.defineProperty((next ??= { ...item }), key, { value: changed, enumerable: true, writable: true, configurable: true });
      }
      return next ?? item;
    }
    return item;
  };
  return visit(value) as T;
}
