/**
 * Time as the academy reads it: India Standard Time (UTC+05:30 all year, no daylight saving), so a
 * fixed offset is exact. Dates are said the Indian way ("Fri 1 Jan 2027, 09:00 IST"), day before
 * month, never the US order. Pure functions of an instant (milliseconds since 1970): the server's
 * clock (hosted/clock.ts) and the browser app both use them, and neither reads the time here.
 */

/** IST is UTC+05:30. */
export const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The instant's wall clock in India, read from a Date's UTC fields. */
function inIndia(instant: number): Date {
  return new Date(instant + INDIA_OFFSET_MS);
}

/** The calendar date in India at `instant`: `YYYY-MM-DD`. */
export function dateInIndia(instant: number): string {
  return inIndia(instant).toISOString().slice(0, 10);
}

/** The next 00:00 IST strictly after `instant`. */
export function nextMidnightInIndia(instant: number): number {
  const local = instant + INDIA_OFFSET_MS;
  return (Math.floor(local / DAY_MS) + 1) * DAY_MS - INDIA_OFFSET_MS;
}

/** "09:00": the time of day in India. */
export function timeInIndia(instant: number): string {
  return inIndia(instant).toISOString().slice(11, 16);
}

/** "Fri 1 Jan 2027": the date in India, the Indian way. */
export function dayInIndia(instant: number): string {
  const local = inIndia(instant);
  return `${WEEKDAYS[local.getUTCDay()]!} ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]!} ${local.getUTCFullYear()}`;
}

/** "Fri 1 Jan 2027, 09:00 IST". */
export function whenInIndia(instant: number): string {
  return `${dayInIndia(instant)}, ${timeInIndia(instant)} IST`;
}

/** The same as whenInIndia, for an ISO time as the wire carries it (shown as it is when it is not a time). */
export function isoInIndia(iso: string): string {
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? iso : whenInIndia(instant);
}

/** The instant of a date (`YYYY-MM-DD`) and a time of day (`HH:MM`) in India, as a date and time input give them; null when either is not one. */
export function instantInIndia(date: string, time: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = Date.parse(`${date}T${time}:00+05:30`);
  // Date.parse rolls 31 Feb over to March: such a date is no date.
  return Number.isNaN(instant) || dateInIndia(instant) !== date || timeInIndia(instant) !== time ? null : instant;
}
