/**
 * What the brochure says about a course, taken from its page. Pure: no React, no file system,
 * so the build script, the checker and tests can all call it.
 */
import type * as z from 'zod';
import { findFields } from './field-kinds';
import { PageSchema, type Page, type PageMeta } from './page-schema';

export type CourseGroup = NonNullable<PageMeta['course']>['group'];

export interface CourseSummary {
  /** The page's route, e.g. `/etabs`. */
  route: string;
  /** `meta.course.name`. */
  name: string;
  group: CourseGroup;
  /** The page heading: the first hero's title. */
  title: string;
  /**
   * The course's duration as the brochure prints it: `meta.course.duration`, declared once. Undefined
   * when the page declares none (the brochure then gives no duration), whatever the page states elsewhere.
   */
  duration: string | undefined;
  /**
   * Every duration the page states (its duration fields, `meta.course.duration` included, and facts
   * labelled as one), in page order, each once: a package's or a module's as well as the course's.
   */
  durations: string[];
  /** The first hero's points, else the first list's items; at most {@link MAX_HIGHLIGHTS}. */
  highlights: string[];
}

export interface CourseChapter {
  group: CourseGroup;
  title: string;
  courses: CourseSummary[];
}

export const MAX_HIGHLIGHTS = 8;

/** Brochure chapters. The key order is the order they are printed in. */
export const COURSE_GROUP_TITLES: Record<CourseGroup, string> = {
  drafting: 'Drafting',
  '3d-rendering': '3D rendering',
  structure: 'Structural analysis & design',
  special: 'Special courses',
  project: 'Project management',
  estimation: 'Estimation & costing',
  bim: 'BIM & Tekla',
  other: 'Other',
};

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

/** Courses by chapter, chapters in the printed order, courses by name; empty chapters are left out. */
export function groupCourses(courses: readonly CourseSummary[]): CourseChapter[] {
  const compare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
  const byName = [...courses].sort((a, b) => compare(a.name, b.name) || compare(a.route, b.route));
  return (Object.keys(COURSE_GROUP_TITLES) as CourseGroup[])
    .map((group) => ({
      group,
      title: COURSE_GROUP_TITLES[group],
      courses: byName.filter((course) => course.group === group),
    }))
    .filter((chapter) => chapter.courses.length > 0);
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
