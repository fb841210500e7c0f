/**
 * The date a command makes the site for: `--today YYYY-MM-DD` when given (tests, drills, a build made
 * ahead for the day it goes live), else the date in India at the instant the command passes (it reads the
 * clock; nothing below it does).
 */
import { indiaDateOf, isIsoDate, type IsoDate } from '../../src/content/calendar';

export type TodayChoice = { ok: true; today: IsoDate } | { ok: false; value: string };

export function todayOf(option: string | undefined, now: Date): TodayChoice {
  if (option === undefined) return { ok: true, today: indiaDateOf(now) };
  const value = option.trim();
  return isIsoDate(value) ? { ok: true, today: value } : { ok: false, value: option };
}
