/**
 * What the page editor (editor/app/PageEditor.tsx) gives the generated form (editor/app/form/), and
 * how a field is found by its path (the error list links to the field an error names).
 */
import type { ContentError } from '../../../src/content/errors';
import type { ContentResponse, FormSchema, Json, SectionTypeInfo } from '../../protocol/api';

export interface FormContext {
  /** Link pickers: every route with its page's title. */
  routes: ContentResponse['routes'];
  /** Image pickers: every image in public/. */
  images: string[];
  /** File pickers (public-file fields that are not images): every other file of public/. */
  files: string[];
  /** Uploads a photo into public/ (the dev server's /_editor/api/upload); resolves to its site path. */
  upload: (file: File) => Promise<string>;
  /** Centre pickers: the cities of the site's branches (a batch is taught at one of them, or online). */
  branches?: readonly string[] | undefined;
  /** Every section type, with its label, description and example (what "Add section" inserts). */
  sections: SectionTypeInfo[];
}

export interface PageFormProps {
  /** The page document's schema (SchemaResponse.page). */
  schema: FormSchema;
  /** The page's raw data (what the YAML file says). */
  value: Json;
  /** Every edit: the whole new document (the old one is never mutated). */
  onChange: (next: Json) => void;
  /** The validator's errors for this page: each is shown at the field its `path` names. */
  errors: readonly ContentError[];
  context: FormContext;
}

/**
 * The id of the element that edits the value at `path` (ContentError.path, e.g. `sections[2].title`,
 * `meta.title`, `(document)`): the error summary links to `#${fieldId(path)}`.
 */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '')}`;
}
