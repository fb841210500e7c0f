/**
 * Instants as the academy reads them: India Standard Time (UTC+05:30 all year, no daylight saving).
 * Dates themselves are the engine's (src/content/calendar.ts: the date in India, the Indian way of
 * writing it); here, an instant with its time of day: "Fri 1 Jan 2027, 09:00 IST", day before month,
 * never the US order. Pure functions of an instant (milliseconds since 1970): the server's clock
 * (editor/hosted/clock.ts) and the browser app (editor/app/) both use them, and neither reads the time here.
 */
import { addDays, formatDay, indiaDateOf, indiaMidnightOf, type IsoDate } from '../../src/content/calendar';

/** The calendar date in India at `instant`: `YYYY-MM-DD`. */
export function dateInIndia(instant: number): IsoDate {
  return indiaDateOf(new Date(instant));
}

/** The next 00:00 IST strictly after `instant`. */
export function nextMidnightInIndia(instant: number): number {
  return indiaMidnightOf(addDays(dateInIndia(instant), 1)).getTime();
}

/** "09:00": the time of day in India. */
export function timeInIndia(instant: number): string {
  const midnight = indiaMidnightOf(dateInIndia(instant)).getTime();
  const minutes = Math.floor((instant - midnight) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "Fri 1 Jan 2027, 09:00 IST". */
export function whenInIndia(instant: number): string {
  return `${formatDay(dateInIndia(instant))}, ${timeInIndia(instant)} IST`;
}

/** The same as whenInIndia, for an ISO time as the wire carries it (shown as it is when it is not a time). */
export function isoInIndia(iso: string): string {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? iso : whenInIndia(instant);
}

/** The instant of a date (`YYYY-MM-DD`) and a time of day (`HH:MM`) in India, as a date and a time input give them; null when either is not one. */
export function instantInIndia(date: string, time: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = Date.parse(`${date}T${time}:00+05:30`);
  // Date.parse rolls 31 Feb over to March, and 24:00 to the next day: such a date or time is none.
  return Number.isNaN(instant) || dateInIndia(instant) !== date || timeInIndia(instant) !== time ? null : instant;
}
