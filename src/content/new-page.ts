/**
 * A new page: where it goes and what it starts from (a template of pages/_templates/ or a copy of a
 * page). `npm run new` and the editor's "New page" both ask for one (scripts/authoring/create-page.ts).
 */
export interface NewPageRequest {
  /** The new page's route, e.g. `/tekla-structures` (its file: pages/tekla-structures.yaml). */
  route: string;
  from: { template: string } | { copy: string };
}

/** The page made: its file (pages/tekla-structures.yaml) and its route. */
export interface NewPage {
  file: string;
  route: string;
}
