/**
 * What the rest of the site needs to know about a page, taken from it once, after validation: the
 * routes it claims (its aliases), what it points to (links, public files, images, contact branches),
 * its place in the menu and its brochure entry. The checks across files (src/content/load.ts), the
 * menu, the photos to process, the brochure and the build's keys all work from these, so a build can
 * keep them for an unchanged file and never load the page again (scripts/build/page-index.ts).
 * Plain data, small, and the same whoever computes it. Pure: no file system, no React.
 */
import type * as z from 'zod';
import { summariseCourse, type CourseSummary } from './course-summary';
import type { PathSegment } from './errors';
import { findFields } from './field-kinds';
import type { ImageSlot } from './images';
import { PageSchema, type Page, type PageMeta } from './page-schema';

/** A field that names something outside its document: a route, a file of public/, an image. */
export interface Reference {
  kind: 'link' | 'public-file' | 'image';
  /** The route or site path as written (an image's `src`). */
  target: string;
  /** Where the target is written in the document (an image's `src` field itself). */
  path: PathSegment[];
  /** The slot an image is shown in, as its schema declares. */
  slot?: ImageSlot | undefined;
}

export interface PageFacts {
  route: string;
  /** Relative to the project root, e.g. pages/etabs.yaml. */
  file: string;
  aliases: string[];
  references: Reference[];
  /** Branches a contact section picks by city, and where. */
  branches: { city: string; path: PathSegment[] }[];
  /** `meta.course`: the menu places the page by it. */
  course: PageMeta['course'] | null;
  /** What the brochure prints about the course; null for a page that is no course. */
  summary: CourseSummary | null;
}

/** The references of any validated document (a page, the site document), in document order. */
export function referencesOf(schema: z.core.$ZodType, document: unknown): Reference[] {
  return findFields(schema, document, ['link', 'public-file', 'image']).map((field): Reference => {
    if (field.kind === 'image') return { kind: 'image', target: field.value.src, path: [...field.path, 'src'], slot: field.slot };
    return { kind: field.kind, target: field.value, path: field.path, ...(field.slot ? { slot: field.slot } : {}) };
  });
}

export function factsOf(route: string, file: string, page: Page): PageFacts {
  const branches = page.sections.flatMap((section, index) =>
    section.type === 'contact' && section.branches ? section.branches.map((city, position) => ({ city, path: ['sections', index, 'branches', position] })) : [],
  );
  return {
    route,
    file,
    aliases: page.meta.aliases,
    references: referencesOf(PageSchema, page),
    branches,
    course: page.meta.course ?? null,
    summary: summariseCourse(route, page),
  };
}

/** The site paths of the files a document shows (its public files and images), in document order. */
export function filesShownBy(references: readonly Reference[]): string[] {
  return references.filter((reference) => reference.kind !== 'link').map((reference) => reference.target);
}
