/**
 * What the brochure says about a course, taken from its page. Pure: no React, no file system,
 * so the build script, the checker and tests can all call it.
 */
import type * as z from 'zod';
import { findFields } from './field-kinds';
import { MAX_HIGHLIGHTS, type CourseSummary } from './course-chapters';
import { PageSchema, type Page } from './page-schema';

/** Returns null for a page that is not a course (no `meta.course`). */
export function summariseCourse(route: string, page: Page): CourseSummary | null {
  const course = page.meta.course;
  if (!course) return null;

  const hero = page.sections.find((section) => section.type === 'hero');
  const firstList = page.sections.find((section) => section.type === 'list');
  const highlights = hero?.points ?? firstList?.items ?? [];

  return {
    route,
    name: course.name,
    group: course.group,
    // The page schema requires a hero first; the name only stands in to satisfy the type.
    title: hero?.title ?? course.name,
    duration: course.duration?.text,
    durations: durationsIn(PageSchema, page),
    highlights: highlights.slice(0, MAX_HIGHLIGHTS),
  };
}

/**
 * Every duration `value` (a document validated by `schema`) states, in document order, each once:
 * the text of its duration fields, wherever they are (DurationSchema, found by its kind), and the
 * value of each fact whose label names a duration ("Course Duration: 50 hours / 8 days").
 */
export function durationsIn(schema: z.core.$ZodType, value: unknown): string[] {
  const durations = findFields(schema, value, ['duration', 'fact']).flatMap((field) => {
    if (field.kind === 'duration') return [field.value.text];
    return /duration/i.test(field.value.label) ? [field.value.value] : [];
  });
  return [...new Set(durations)];
}
