import { useId } from 'react';
import type { MenuItem } from '../content/site-schema';
import { useCourses } from '../page/courses-context';
import { PageLink } from '../ui/PageLink';
import { SmartLink } from '../ui/SmartLink';
import './not-found.css';

/** A submenu of course pages: its label (Structure) and its pages. */
interface CourseGroup {
  label: string;
  courses: MenuItem[];
}

/**
 * The page for an unknown URL: says so, and offers a way on from the menu every page shows (`menu`, the
 * assembled one): the courses by their groups, and the site's main sections with their pages.
 */
export function NotFound({ menu }: { menu: MenuItem[] }) {
  const courses = useCourses();
  const coursesId = useId();
  const sectionsId = useId();
  const isCourse = (item: MenuItem) => item.href !== undefined && courses[item.href] !== undefined;
  const groups = courseGroups(menu, isCourse);
  // Each top-level entry with the pages of its own submenu; the course groups are listed above it.
  const sections = menu.map((entry) => ({ entry, pages: entry.items.filter((item) => item.href !== undefined && !isCourse(item)) }));
  return (
    <section className="section section--not-found" aria-labelledby="not-found-title">
      <div className="container">
        <h1 id="not-found-title">Page not found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p className="actions">
          <PageLink className="button" to="/">
            Go to the home page
          </PageLink>
        </p>
        <div className="not-found__ways">
          {groups.length > 0 && (
            <nav aria-labelledby={coursesId} className="not-found__courses">
              <h2 id={coursesId}>Our courses</h2>
              {groups.map((group) => (
                <div key={group.label} className="not-found__group">
                  <h3>{group.label}</h3>
                  <ul>
                    {group.courses.map((course) => (
                      <li key={course.href}>
                        <SmartLink href={course.href!}>{course.label}</SmartLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          )}
          <nav aria-labelledby={sectionsId} className="not-found__sections">
            <h2 id={sectionsId}>The site’s main sections</h2>
            <ul>
              {sections
                .filter(({ entry, pages }) => entry.href !== undefined || pages.length > 0)
                .map(({ entry, pages }) => (
                  <li key={entry.label}>
                    {entry.href === undefined ? <span className="not-found__section">{entry.label}</span> : <SmartLink href={entry.href}>{entry.label}</SmartLink>}
                    {pages.length > 0 && (
                      <ul>
                        {pages.map((page) => (
                          <li key={page.href}>
                            <SmartLink href={page.href!}>{page.label}</SmartLink>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </section>
  );
}

/**
 * Every submenu, at any depth, that lists course pages, with its pages in the menu's order: the courses
 * and what the group lists beside them ("Online batches").
 */
function courseGroups(menu: readonly MenuItem[], isCourse: (item: MenuItem) => boolean): CourseGroup[] {
  return menu.flatMap((entry) => {
    const own = entry.items.some(isCourse) ? [{ label: entry.label, courses: entry.items.filter((item) => item.href !== undefined) }] : [];
    return [...own, ...courseGroups(entry.items, isCourse)];
  });
}
