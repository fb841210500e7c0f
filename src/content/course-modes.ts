/**
 * How a course is taught and how long it takes, in the words of Google's course listings: read from
 * what the page states (`meta.course.mode` and `duration`, facts labelled as a mode). The structured
 * data says them (src/app/structured-data.ts), and the checks refuse a course page that gives neither,
 * since Google does not list such a course (src/content/facts.ts, load.ts). Pure: no React, no files.
 */
import { findFields } from './field-kinds';
import { DurationSchema } from './fields';
import { PageSchema, type Page } from './page-schema';

/**
 * How a course is taught, in the words of Google's course rich results: what a page's facts labelled
 * as its mode say ("Mode: Classroom and instructor-led online" → Onsite and Online).
 */
export const COURSE_MODES = {
  Onsite: /\b(classroom|offline|on-?site|in[- ]person|face[- ]to[- ]face)\b/i,
  Online: /\bonline\b/i,
  Blended: /\b(blended|hybrid)\b/i,
} as const;

export type CourseMode = keyof typeof COURSE_MODES;

/**
 * The modes the course states (`meta.course.mode`, its one place) and the page's facts labelled as a
 * mode ("Mode", "Mode of training"), in the order of COURSE_MODES.
 */
export function modesOf(page: Page): CourseMode[] {
  const stated = [
    ...(page.meta.course?.mode ? [page.meta.course.mode] : []),
    ...findFields(PageSchema, page, ['fact'])
      .filter((field) => /\bmode\b/i.test(field.value.label))
      .map((field) => field.value.value),
  ];
  return (Object.keys(COURSE_MODES) as CourseMode[]).filter((mode) => stated.some((text) => COURSE_MODES[mode].test(text)));
}

/**
 * A course's hours as an ISO 8601 duration ("50 hours / 8 days" → PT50H), read the way the
 * content schema reads durations. None for a rate ("5 hours per module": not the whole course)
 * or for text that gives no one number of hours ("45 to 50 hours", "15, 25 or 45 hours").
 */
export function workloadOf(text: string): string | undefined {
  if (/\bper\b/i.test(text)) return undefined;
  const { hours } = DurationSchema.parse(text);
  return hours === undefined ? undefined : `PT${hours}H`;
}

/** What a course page lacks for Google to list it as a course: how it is taught, its hours. */
export type CourseSearchGap = 'no-mode' | 'no-hours';

export function courseSearchGaps(page: Page): CourseSearchGap[] {
  const course = page.meta.course;
  if (!course) return [];
  const gaps: CourseSearchGap[] = [];
  if (modesOf(page).length === 0) gaps.push('no-mode');
  if (!course.duration || workloadOf(course.duration.text) === undefined) gaps.push('no-hours');
  return gaps;
}
