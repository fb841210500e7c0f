/**
 * When a page's output changes with the date: its boundaries, the days on which something it shows
 * turns from upcoming to today or from today to past. A day D given in the page → D and D+1; a period →
 * its first day and the day after its last; a month →
 * its first day and the next month's; any other date the page shows (a course's batch on a card, from
 * the course summaries it shows) the same as a day. Between two boundaries the page is the same on every
 * day, so a build for another day in that window keeps it (scripts/builder/site-build.ts), and the output
 * as a whole is the same within the window all its pages share (scripts/builder/up-to-date.ts).
 * Pure: no clock.
 */
import type * as z from 'zod';
import { addDays, isIsoDate, type IsoDate } from './calendar';
import { monthAfter } from './dated-facts';
import { findFields } from './field-kinds';
import { isRecord } from '../lib/is-record';

/** The days from `from` (or ever) up to, not including, `until` (or for ever) on which an output stays the same. */
export interface Window {
  from: IsoDate | null;
  until: IsoDate | null;
}

/** The boundaries of a validated document (a page): its date and month fields, found by their kind. Sorted, each once. */
export function dateBoundaries(schema: z.core.$ZodType, document: unknown): IsoDate[] {
  const days = new Set<IsoDate>();
  for (const field of findFields(schema, document, ['date', 'month', 'period'])) {
    if (field.kind === 'date') {
      days.add(field.value);
      days.add(addDays(field.value, 1));
    } else if (field.kind === 'period') {
      // Under way from its first day, past from the day after its last: the days between change nothing.
      days.add(field.value.from);
      days.add(addDays(field.value.to, 1));
    } else {
      days.add(`${field.value}-01`);
      days.add(monthAfter(field.value));
    }
  }
  return [...days].sort();
}

/** The boundaries of any other data a page shows (the course summaries of its cards): each date in it, and the day after. */
export function boundariesIn(value: unknown): IsoDate[] {
  const days = new Set<IsoDate>();
  const visit = (item: unknown) => {
    if (typeof item === 'string') {
      if (item.length === 10 && isIsoDate(item)) {
        days.add(item);
        days.add(addDays(item, 1));
      }
    } else if (Array.isArray(item)) item.forEach(visit);
    else if (isRecord(item)) Object.values(item).forEach(visit);
  };
  visit(value);
  return [...days].sort();
}

/** The window of `today` between `boundaries` (any order): the latest boundary on or before it, the earliest after it. */
export function windowOf(boundaries: Iterable<IsoDate>, today: IsoDate): Window {
  let from: IsoDate | null = null;
  let until: IsoDate | null = null;
  for (const day of boundaries) {
    if (day <= today) {
      if (from === null || day > from) from = day;
    } else if (until === null || day < until) until = day;
  }
  return { from, until };
}
