/**
 * The visual editor's API (`npm run dev` serves it under /_editor/api/, loopback only): what the
 * browser app (editor/app/) and the dev server (editor/server/) say to each other. JSON both ways.
 *
 * A page is edited as its raw YAML data (the input side: what the file says, before zod's defaults
 * and transforms), so that what is not changed is written back exactly as it was.
 */
import type { CourseIndex } from '../../src/content/course-facts';
import type { ContentError } from '../../src/content/errors';

export const EDITOR_ROUTE = '/_editor';
export const EDITOR_PREVIEW_ROUTE = '/_editor/preview';
export const EDITOR_API = '/_editor/api';

export { SITE_DOCUMENT_FILE } from '../../src/content/routes';

import type { Json } from '../../src/lib/json';

export type { Json };

/** A JSON Schema node (draft-7, zod's input side) with the marks below. */
export type FormSchema = { [keyword: string]: unknown };

/**
 * Marks on the form schema's nodes, beside the JSON Schema keywords:
 * - `x-cesa-kind`: the field's kind (src/content/fields.ts): `link`, `image`, `public-file`, `duration`, …
 * - `x-cesa-slot`: of an image: where it is shown (hero, card, …).
 * - `x-cesa-discriminator`: of a union: the property that picks the branch (`type` for sections).
 */
export const KIND_MARK = 'x-cesa-kind';
export const SLOT_MARK = 'x-cesa-slot';
export const DISCRIMINATOR_MARK = 'x-cesa-discriminator';

/** GET /_editor/api/schema */
export interface SchemaResponse {
  /** The page document's schema (meta and sections), from the same zod schemas the build validates with. */
  page: FormSchema;
  /** Every section type, in the order of the folders, with its documentation. */
  sections: SectionTypeInfo[];
  /** The site document's schema (SITE_DOCUMENT_FILE), from the same zod schema the build validates it with. */
  site: FormSchema;
  /** The page templates (pages/_templates/*.yaml) a new page can start from. */
  /** `course`: a page made from it is a course, so "New page" asks for its duration too. */
  templates: { name: string; description: string; course: boolean }[];
}

export interface SectionTypeInfo {
  type: string;
  /** "Questions that open one at a time": the first sentence of its description. */
  label: string;
  description: string;
  /** Its example (src/sections/<type>/example.yaml) as data: what "add a section" inserts. */
  example: { [key: string]: Json };
}

/** GET /_editor/api/content: what pickers offer and what the preview needs besides the page. */
export interface ContentResponse {
  /** Every route a link may name (pages and their aliases), with its page's title. */
  routes: { route: string; title: string }[];
  /** Every image in public/, as site paths (`/images/etabs.svg`). */
  images: string[];
  /** Every other file of public/ (PDFs, videos), as site paths. */
  files: string[];
  /**
   * For the preview: the site document, the assembled menu and the sizes of every image (as the
   * dev server gives them to pages: src/app/data.ts RenderData). null while _site.yaml has errors.
   */
  site: unknown;
  menu: unknown;
  imageSizes: Record<string, unknown>;
  /** The course pages by route, with the name and duration a course card on another page shows (src/content/course-facts.ts). */
  courses?: CourseIndex;
  /** The cities of the site's branches (a batch's centre is one of them, or online); none while _site.yaml has errors. */
  branches?: string[];
  /** The date the preview shows the page for, `YYYY-MM-DD` (today in India, as the server's clock says). */
  today: string;
}

/** GET /_editor/api/pages */
export interface PageListEntry {
  /** Relative to the project, e.g. `pages/etabs.yaml`. */
  file: string;
  route: string;
  /** meta.title, or the file name when the file cannot be read. */
  title: string;
  /** What its editors call it: its menu label or its hero's title (else its title). */
  name?: string;
  /** How many errors `npm run check` reports in this file. */
  errors: number;
  /** How many things dated to look at (warnings: past dates, dates due for a check) `npm run check` lists for it today. */
  warnings?: number;
  /** In the hosted editor: the names of the editors whose draft changes this page (not yet published). */
  drafts?: string[];
}

/** GET /_editor/api/page?file=pages/etabs.yaml */
export interface PageResponse {
  file: string;
  route: string;
  /** The file's text and its version (a hash of its bytes): a save names the version it edits. */
  text: string;
  version: string;
  /**
   * The text's data; null when the form cannot hold it without losing something (YAML that does
   * not parse, a document that is not a map, anchors, aliases or tags, a file that is not UTF-8):
   * the editor then offers the text only. An empty file is an empty map.
   */
  data: Json;
  /** What the validator says of the file as it is on disk (the same errors as `npm run check`). */
  errors: ContentError[];
  /** The warnings `npm run check` lists for it today (past dates, dates due for a check): never a reason to refuse a save. */
  warnings?: ContentError[];
}

/** POST /_editor/api/validate: what the page would be if saved now. */
export interface ValidateRequest {
  file: string;
  data: Json;
}
export interface ValidateResponse {
  /** The text a save would write (the file with only what changed rewritten). */
  text: string;
  errors: ContentError[];
  /** When the file's own checks pass: its warnings for today (as PageResponse.warnings). */
  warnings?: ContentError[];
  /**
   * Of the site document only, when its own checks pass: the header menu every page would show with
   * this draft (its menu with each course page in its group), for the preview.
   */
  menu?: unknown;
  /**
   * When the file's own checks pass: the errors this draft would cause in other files (a menu group a
   * course page names, removed; an alias another page links to, removed), which they do not have now.
   */
  elsewhere?: ContentError[];
}

/** POST /_editor/api/save */
export interface SaveRequest {
  file: string;
  data: Json;
  /** The version the edit started from (PageResponse.version). */
  version: string;
  /** Write even though the file changed on disk since `version` (the editor chose to overwrite). */
  overwrite?: boolean;
}
/** 200: saved. */
export interface SaveResponse {
  text: string;
  version: string;
  errors: ContentError[];
  /** The errors this save caused in other files (as ValidateResponse.elsewhere, against the files before it). */
  elsewhere?: ContentError[];
}
/** 409: the file changed on disk since `version`; nothing was written. */
export interface ConflictResponse {
  conflict: true;
  /** The file as it is on disk now. */
  text: string;
  version: string;
  data: Json;
  /** The text the save would have written. */
  mine: string;
}

/** POST /_editor/api/create: a new page from a template or as a copy of a page (src/content/new-page.ts). */
export type { NewPageRequest as CreateRequest, NewPage as CreateResponse } from '../../src/content/new-page';

/** POST /_editor/api/delete */
export interface DeleteRequest {
  file: string;
  version: string;
}
/** GET /_editor/api/links?route=/etabs: the pages that link to a route (shown before a delete). */
export interface LinksResponse {
  files: string[];
}

/**
 * POST /_editor/api/upload?name=<the file's name>, the body the file's bytes: saved into
 * public/images/uploads/ under a safe, unused name. The answer is its site path.
 */
export interface UploadResponse {
  src: string;
  width: number;
  height: number;
}

/** Any refusal (4xx): what is wrong and what to do, in the editor's words. */
export interface ApiError {
  error: string;
  hint?: string;
}
