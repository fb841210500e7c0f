/**
 * The header menu as every page shows it, assembled once at load: the menu of `_site.yaml`, with each
 * group of course pages (a submenu with a `group` id) filled with the course pages that name it in
 * `meta.course.menu`. Adding a course is adding its file: no list elsewhere to update.
 *
 * The validated site and pages are only read; the assembled menu is returned beside them
 * (`Content.menu`) and reaches the header through the page's data (`RenderData.menu`).
 * Pure: no file system, no React.
 */
import { problem } from './error-codes';
import { nearest, type ContentError, type PathSegment } from './errors';
import type { PageMeta } from './page-schema';
import type { MenuEntry, MenuItem, Site } from './site-schema';
import type { Locator } from './locate';
import { naturalOrder } from '../lib/natural-order';

/** A validated page's `meta.course`, where the page is served, and how to locate an error in its file. */
export interface MenuPage {
  route: string;
  course: PageMeta['course'] | null;
  locate: Locator;
}

export interface AssembledMenu {
  menu: MenuItem[];
  errors: ContentError[];
}

interface Group {
  /** Where its `group` is written in _site.yaml. */
  path: PathSegment[];
  courses: { label: string; href: string; order: number | undefined }[];
}

/**
 * The menu of `site` with every course page in its group. Errors, each located in its file: a group id
 * declared twice (in _site.yaml), a course page naming a group that does not exist, and a course page
 * that says nothing about the menu when the menu has groups (it must name one, or say `menu: false`).
 * A group that lists nothing (no course page names it, no items of its own) is left out of the menu.
 */
export function assembleMenu(site: Site, siteLocate: Locator, pages: readonly MenuPage[]): AssembledMenu {
  const errors: ContentError[] = [];
  const groups = new Map<string, Group>();
  // The entry that declares each group (a duplicate id's second entry declares none).
  const declaredBy = new Map<MenuEntry, Group>();
  const collect = (entries: readonly MenuEntry[], at: PathSegment[]) =>
    entries.forEach((entry, index) => {
      const path = [...at, index];
      if (entry.group !== undefined) {
        const first = groups.get(entry.group);
        if (first) {
          errors.push(siteLocate([...path, 'group'], problem('invalid-value', { case: 'menu-group-twice', group: entry.group, first: labelAt(site.menu, first.path) })));
        } else {
          const group: Group = { path: [...path, 'group'], courses: [] };
          groups.set(entry.group, group);
          declaredBy.set(entry, group);
        }
      }
      collect(entry.items, [...path, 'items']);
    });
  collect(site.menu, ['menu']);

  const ids = [...groups.keys()];
  for (const { route, course, locate } of pages) {
    if (!course || course.menu === false) continue;
    if (course.menu === undefined) {
      // A site without groups of courses (no Our Courses menu) lists no course: nothing to say.
      if (ids.length > 0) {
        errors.push(locate(['meta', 'course', 'menu'], problem('missing-field', { case: 'course-menu', groups: ids, suggestion: nearest(course.group, ids) })));
      }
      continue;
    }
    const group = groups.get(course.menu.group);
    if (!group) {
      const suggestion = nearest(course.menu.group, ids);
      errors.push(locate(['meta', 'course', 'menu', 'group'], problem('invalid-value', { case: 'menu-group-unknown', group: course.menu.group, groups: ids, suggestion })));
      continue;
    }
    group.courses.push({ label: course.menu.label ?? course.name, href: route, order: course.menu.order });
  }

  const assemble = (entries: readonly MenuEntry[]): MenuItem[] =>
    entries.flatMap((entry): MenuItem[] => {
      const courses = sortCourses(declaredBy.get(entry)?.courses ?? []);
      const items = [...courses.map(({ label, href }): MenuItem => ({ label, href, items: [] })), ...assemble(entry.items)];
      if (entry.href === undefined && items.length === 0) return [];
      return [{ label: entry.label, ...(entry.href === undefined ? {} : { href: entry.href }), items }];
    });
  return { menu: assemble(site.menu), errors };
}

/** By order (courses without one last), then by label (numbers by value), then by route. */
function sortCourses<T extends { label: string; href: string; order: number | undefined }>(courses: readonly T[]): T[] {
  return [...courses].sort(
    (a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || naturalOrder(a.label, b.label) || naturalOrder(a.href, b.href),
  );
}

/** "Our Courses › Structure", for an error message. */
function labelAt(menu: readonly MenuEntry[], groupPath: readonly PathSegment[]): string {
  const labels: string[] = [];
  let entries: readonly MenuEntry[] = menu;
  for (const segment of groupPath.slice(1, -1)) {
    if (typeof segment !== 'number') continue;
    const entry = entries[segment];
    if (!entry) break;
    labels.push(entry.label);
    entries = entry.items;
  }
  return labels.join(' › ');
}
