import { createContext, useContext } from 'react';
import type { CourseIndex } from '../content/course-facts';

const CoursesContext = createContext<CourseIndex>({});

export const CoursesProvider = CoursesContext.Provider;

/** The site's course pages by route, with the facts another page's course card shows (src/content/course-facts.ts). */
export function useCourses(): CourseIndex {
  return useContext(CoursesContext);
}
