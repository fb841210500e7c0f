/**
 * A new page: its name, where it goes and what it starts from (a template of pages/_templates/ or a
 * copy of a page). `npm run new` and the editor's "New page" both ask for one (scripts/authoring/create-page.ts).
 */
export interface NewPageRequest {
  /**
   * What the page is called: a course's name (its `meta.course.name`, which the page shows wherever it
   * says {name}), else the page's heading and title. Nothing is made without one.
   */
  name: string;
  /** A course's duration ("45 hours", "50 hours / 8 days"); only for a page that is a course. */
  duration?: string | undefined;
  /** The new page's route, e.g. `/tekla-structures` (its file: pages/tekla-structures.yaml). */
  route: string;
  from: { template: string } | { copy: string };
}

/** The page made: its file (pages/tekla-structures.yaml) and its route. */
export interface NewPage {
  file: string;
  route: string;
}

/**
 * The address a page of this name would have: lowercase words joined by dashes, e.g. "Tekla
 * Structures (Advance)" → /tekla-structures-advance. Accents are dropped, "&" reads "and", and
 * anything else that is not a letter or digit separates words. Empty for a name without any.
 */
export function routeForName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.length === 0 ? '' : `/${words.join('-')}`;
}
