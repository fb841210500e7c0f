/**
 * What the rest of the site needs to know about a page, taken from it once, after validation: the
 * routes it claims (its aliases), what it points to (links, public files, images, contact branches),
 * its place in the menu and its brochure entry. The checks across files (src/content/load.ts), the
 * menu, the photos to process, the brochure and the build's keys all work from these, so a build can
 * keep them for an unchanged file and never load the page again (scripts/builder/page-index.ts).
 * Plain data, small, and the same whoever computes it. Pure: no file system, no React.
 */
import type * as z from 'zod';
import { courseCardsOf } from './course-facts';
import type { IsoDate } from './calendar';
import { dateBoundaries } from './date-window';
import type { CourseSummary } from './course-chapters';
import { summariseCourse } from './course-summary';
import type { PathSegment } from './errors';
import { findFields } from './field-kinds';
import type { ImageSlot } from './images';
import { PageSchema, type Page, type PageMeta } from './page-schema';

/** What a document names outside itself: a route, a file of public/, an image (in the slot it is shown in). */
export interface Reference {
  kind: 'link' | 'public-file' | 'image';
  /** The route or site path as written (an image's `src`). */
  target: string;
  /** The slot an image is shown in, as its schema declares. */
  slot?: ImageSlot | undefined;
}

/** A reference where it is written: the field of the target (an image's `src` field itself). */
export interface LocatedReference extends Reference {
  path: PathSegment[];
}

export interface PageFacts {
  route: string;
  /** Relative to the project root, e.g. pages/etabs.yaml. */
  file: string;
  aliases: string[];
  /**
   * Each different reference once, in the order first written: a page shows the same logo in ten
   * cards. Where each is written is found again only for an error (`referencesOf` on the page).
   */
  references: Reference[];
  /** Branches a contact section picks by city, and where. */
  branches: { city: string; path: PathSegment[] }[];
  /** `meta.course`: the menu places the page by it. */
  course: PageMeta['course'] | null;
  /** What the brochure prints about the course; null for a page that is no course. */
  summary: CourseSummary | null;
  /** The course cards that take their facts from a course page (`course: /etabs`), and where. */
  courseCards: { course: string; path: PathSegment[] }[];
  /** The centre of each batch of the course (a branch's city or online), and where: checked against the site's branches. */
  centres: { centre: string; path: PathSegment[] }[];
  /** The page lists every course's upcoming batches (an upcoming-batches section): it shows what every course page's batches say. */
  listsBatches: boolean;
  /** The origin of every map its contact sections embed: what the hosting rules let the page frame. */
  embeds: string[];
  /** The days on which its output may change with the date (its date and month fields: src/content/date-window.ts), sorted. */
  dates: IsoDate[];
}

/** The references of any validated document (a page, the site document), where each is written, in document order. */
export function referencesOf(schema: z.core.$ZodType, document: unknown): LocatedReference[] {
  return findFields(schema, document, ['link', 'public-file', 'image']).map((field): LocatedReference => {
    if (field.kind === 'image') return { kind: 'image', target: field.value.src, path: [...field.path, 'src'], slot: field.slot };
    return { kind: field.kind, target: field.value, path: field.path, ...(field.slot ? { slot: field.slot } : {}) };
  });
}

/** Each different reference once (by kind, target and slot), in the order first written. */
export function distinctReferences(references: readonly Reference[]): Reference[] {
  const seen = new Map<string, Reference>();
  for (const { kind, target, slot } of references) {
    const key = `${kind}\0${target}\0${slot ?? ''}`;
    if (!seen.has(key)) seen.set(key, slot ? { kind, target, slot } : { kind, target });
  }
  return [...seen.values()];
}

/** Whether a located reference is one of a distinct reference's places. */
export const isPlaceOf = (reference: Reference) => (located: LocatedReference) =>
  located.kind === reference.kind && located.target === reference.target && (located.slot ?? '') === (reference.slot ?? '');

export function factsOf(route: string, file: string, page: Page): PageFacts {
  const branches = page.sections.flatMap((section, index) =>
    section.type === 'contact' && section.branches ? section.branches.map((city, position) => ({ city, path: ['sections', index, 'branches', position] })) : [],
  );
  return {
    route,
    file,
    aliases: page.meta.aliases,
    references: distinctReferences(referencesOf(PageSchema, page)),
    branches,
    course: page.meta.course ?? null,
    summary: summariseCourse(route, page),
    courseCards: courseCardsOf(page),
    centres: (page.meta.course?.batches ?? []).map((batch, index) => ({ centre: batch.centre, path: ['meta', 'course', 'batches', index, 'centre'] })),
    listsBatches: page.sections.some((section) => section.type === 'upcoming-batches'),
    embeds: [...new Set(page.sections.flatMap((section) => (section.type === 'contact' && section.map ? [new URL(section.map.src).origin] : [])))],
    dates: dateBoundaries(PageSchema, page),
  };
}

/** The site paths of the files a document shows (its public files and images), in document order. */
export function filesShownBy(references: readonly Reference[]): string[] {
  return references.filter((reference) => reference.kind !== 'link').map((reference) => reference.target);
}
