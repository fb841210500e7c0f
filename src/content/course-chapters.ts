/**
 * The brochure's chapters: what it says about each course (CourseSummary, made by course-summary.ts from
 * the page) and their order. No schema here, only types: the brochure's thread loads this file and not
 * the pages' schemas (loading those cost that thread 0.15 s).
 */
import { naturalOrder } from '../lib/natural-order';
import type { PageMeta } from './page-schema';

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

/** Courses by chapter, chapters in the printed order, courses by name; empty chapters are left out. */
export function groupCourses(courses: readonly CourseSummary[]): CourseChapter[] {
  const byName = [...courses].sort((a, b) => naturalOrder(a.name, b.name) || naturalOrder(a.route, b.route));
  return (Object.keys(COURSE_GROUP_TITLES) as CourseGroup[])
    .map((group) => ({
      group,
      title: COURSE_GROUP_TITLES[group],
      courses: byName.filter((course) => course.group === group),
    }))
    .filter((chapter) => chapter.courses.length > 0);
}
