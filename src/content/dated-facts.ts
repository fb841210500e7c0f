/**
 * What a dated event is on a given day: past, under way, or upcoming. One rule for the page, the
 * check's warnings and the year's drill: a day is past from the next day on (an exam on 7 February is
 * "today" on the 7th and past from the 8th); a period is past once its last day is; a month it is
 * expected in, once the month is over. Pure: no clock, no React.
 */
import { addDays, type IsoDate } from './calendar';

/** A dated event as the content gives it (sections/dates, and anything of the same shape). */
export interface DatedLike {
  date?: IsoDate | { from: IsoDate; to: IsoDate } | undefined;
  expected?: string | undefined;
}

/** The days an event may fall on, both included, and how precisely they are known. */
export interface Span {
  first: IsoDate;
  last: IsoDate;
  precision: 'day' | 'period' | 'month';
}

/** The first day of the month after `month` (`2027-02` → `2027-03-01`). */
export function monthAfter(month: string): IsoDate {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

export function spanOf(event: DatedLike): Span | undefined {
  if (typeof event.date === 'string') return { first: event.date, last: event.date, precision: 'day' };
  if (event.date) return { first: event.date.from, last: event.date.to, precision: 'period' };
  if (event.expected) return { first: `${event.expected}-01`, last: addDays(monthAfter(event.expected), -1), precision: 'month' };
  return undefined;
}

export type EventStatus = 'past' | 'now' | 'upcoming';

export function statusOf(span: Span, today: IsoDate): EventStatus {
  if (span.last < today) return 'past';
  return span.first <= today ? 'now' : 'upcoming';
}

/** Whether every event of a list is past on `today` (a cycle that is over). */
export function allPast(events: readonly DatedLike[], today: IsoDate): boolean {
  return events.every((event) => {
    const span = spanOf(event);
    return span !== undefined && statusOf(span, today) === 'past';
  });
}

/** The last day of a list of events (undefined for none). */
export function lastDayOf(events: readonly DatedLike[]): IsoDate | undefined {
  let last: IsoDate | undefined;
  for (const event of events) {
    const span = spanOf(event);
    if (span && (last === undefined || span.last > last)) last = span.last;
  }
  return last;
}
