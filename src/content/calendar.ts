/**
 * Calendar dates as the site's content and its build use them: a day in India (Asia/Kolkata), written
 * `YYYY-MM-DD` as in YAML (`2027-01-11`). The date a build is made for is an input like a file (`--today`,
 * `BuildOptions.today`): nothing below the commands and the servers' clocks reads the system clock, so a
 * page is a function of the code, the content and that date.
 */

/** A calendar date, `YYYY-MM-DD`. Strings of this form compare in date order. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (2027-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** India's offset from UTC: +05:30 all year (no daylight saving time). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar date in India at `instant`. */
export function indiaDateOf(instant: Date): IsoDate {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant 00:00 in India begins `date`. */
export function indiaMidnightOf(date: IsoDate): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - INDIA_OFFSET_MS);
}

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 24 * 60 * 60 * 1000;
  return new Date(time).toISOString().slice(0, 10);
}

/** `date` moved by `months`, on the same day of the month or the month's last (31 Jan + 1 month → 28 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 60 * 60 * 1000));
}

/** The year of `date`, as a number. */
export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

function partsOf(date: IsoDate): { year: number; month: number; day: number; weekday: number } {
  const parsed = new Date(`${date}T00:00:00Z`);
  return { year: parsed.getUTCFullYear(), month: parsed.getUTCMonth(), day: parsed.getUTCDate(), weekday: parsed.getUTCDay() };
}

/** The Indian way, day before month: "Mon 11 Jan 2027". */
export function formatDay(date: IsoDate): string {
  const { year, month, day, weekday } = partsOf(date);
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month]} ${year}`;
}

/** Short, for a card: "11 Jan"; with the year when it is not `today`'s: "11 Jan 2028". */
export function formatShortDay(date: IsoDate, today: IsoDate): string {
  const { year, month, day } = partsOf(date);
  return year === yearOf(today) ? `${day} ${MONTHS[month]}` : `${day} ${MONTHS[month]} ${year}`;
}

/** "11 January 2027". */
export function formatLongDay(date: IsoDate): string {
  const { year, month, day } = partsOf(date);
  return `${day} ${MONTH_NAMES[month]} ${year}`;
}

/** A month, "January 2027", from `2027-01` or any date in it. */
export function formatMonth(monthOrDate: string): string {
  const [year, month] = monthOrDate.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** A period, both days included, the Indian way: "7–15 Feb 2026", "25 Aug – 3 Sep 2025", "29 Dec 2025 – 2 Jan 2026". */
export function formatPeriod(from: IsoDate, to: IsoDate): string {
  const start = partsOf(from);
  const end = partsOf(to);
  if (from === to) return `${end.day} ${MONTHS[end.month]} ${end.year}`;
  if (start.year !== end.year) return `${start.day} ${MONTHS[start.month]} ${start.year} – ${end.day} ${MONTHS[end.month]} ${end.year}`;
  if (start.month !== end.month) return `${start.day} ${MONTHS[start.month]} – ${end.day} ${MONTHS[end.month]} ${end.year}`;
  return `${start.day}–${end.day} ${MONTHS[end.month]} ${end.year}`;
}
