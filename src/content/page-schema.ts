/** A page document: meta + a list of sections, each tagged by `type`. */
import * as z from 'zod';
import { DurationSchema, ImageSchema, inSlot, RouteSchema, TextSchema } from './fields';
import { BatchSchema, FeeSchema } from './batches';
import { resolveFacts } from './course-facts';
import { MenuGroupIdSchema } from './site-schema';
import { sectionSchemas } from '../sections/schemas.gen';

/** One section of a page: the schemas of the folders of src/sections/, told apart by `type`. */
export const SectionSchema = z.discriminatedUnion('type', sectionSchemas);

export type Section = z.output<typeof SectionSchema>;
export type SectionType = Section['type'];
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>;

/** Where a course page is listed in the header menu, or `false` for nowhere. */
export const CourseMenuSchema = z
  .union([
    z.literal(false),
    z.strictObject({
      group: MenuGroupIdSchema.describe('The group of the header menu that lists this course, e.g. structure (the groups are set in the site settings, under the menu).'),
      label: TextSchema.describe('The words of its menu entry; when left empty, the course name.').optional(),
      order: z
        .number()
        .int()
        .describe('Its place in the group, lower numbers first (10, 20, 30… leaves room for a course in between); courses without one come last, in alphabetical order.')
        .optional(),
    }),
  ])
  .describe('Where the header menu lists this course: its group, its words and its place; or not at all.');

export const PageMetaSchema = z.strictObject({
  title: TextSchema.describe('The title a search engine shows for this page, and the browser tab.'),
  description: TextSchema.describe('One or two sentences a search engine shows under the title.'),
  keywords: z
    .union([TextSchema, z.array(TextSchema)])
    .transform((value) => (typeof value === 'string' ? value.split(',').map((k) => k.trim()).filter(Boolean) : value))
    .describe('Words people search for to find this page, one per entry.'),
  social: z
    .strictObject({
      title: TextSchema.describe('The title of the shared link; when left empty, the page title above.').optional(),
      description: TextSchema.describe('The words under the shared link; when left empty, the page description above.').optional(),
      image: inSlot(ImageSchema, 'social')
        .describe(
          'The picture of the shared link, e.g. a photo of students modelling a building in ETABS: a photo at least 1200 pixels wide (it is cropped to 1200 × 630), or a drawing (SVG). When left out: the photo at the top of the page, else a card with the page title and the logo.',
        )
        .optional(),
    })
    .describe('What a shared link to this page shows (WhatsApp, Facebook, LinkedIn, X): its title, text and picture; when left out, the page title, description and a card made for the page.')
    .optional(),
  course: z
    .strictObject({
      name: TextSchema.describe('The course name as the brochure and the menu show it, e.g. "ETABS".'),
      group: z
        .enum(['drafting', '3d-rendering', 'structure', 'special', 'project', 'estimation', 'bim', 'other'])
        .describe('The chapter of the brochure the course is listed under.'),
      duration: DurationSchema.describe(
        'How long the course takes, as the brochure states it: hours (45) or text ("15, 25 or 45 hours", "50 hours / 8 days"). Without it the brochure gives no duration.',
      ).optional(),
      software: TextSchema.describe('The software and version the course teaches, e.g. "ETABS V-22"; the page shows it where it says {software}.').optional(),
      mode: TextSchema.describe('How the course is taught, e.g. "Classroom and instructor-led online"; the page shows it where it says {mode}.').optional(),
      certificate: TextSchema.describe('What the course leads to, e.g. "Certificate on completion"; the page shows it where it says {certificate}.').optional(),
      menu: CourseMenuSchema.optional(),
      fee: FeeSchema.describe("The course's fee in rupees, digits only (12500), when no batch states its own: what search engines are told it costs.").optional(),
      batches: z
        .array(BatchSchema)
        .describe(
          "The course's batches, each with its start date, days, hours, centre, mode and fee: the page, the course cards and the Upcoming batches page show those that have not started yet. Keep past ones or remove them, as you like.",
        )
        .default([]),
    })
    // The course's facts, stated once (src/content/course-facts.ts): the rest of the page shows them by
    // naming them in braces, "{name}", "{duration}", "{hours}", "{software}", "{mode}", "{certificate}";
    // the brochure, the menu, the social card, the structured data and other pages' course cards read them here.
    .describe('This page is a course, and here are its facts, written once: it is listed in the brochure, and search engines are told it is a course. A text of the page shows a fact where it names it, like {name} or {duration}.')
    .optional(),
  aliases: z
    .array(RouteSchema)
    .describe('Other addresses that lead to this page, e.g. /Faculty for /faculty.')
    .default([]),
});

/**
 * The page as written, with the course's facts named in braces replaced by what `meta.course` states
 * (src/content/course-facts.ts); a text naming a fact the page does not state is an error where it is.
 */
const withCourseFacts = (document: unknown, ctx: z.core.$RefinementCtx) => {
  const { value, problems } = resolveFacts(document);
  for (const { path, problem } of problems) ctx.addIssue({ code: 'custom', path, message: problem.message, params: { problem }, input: document });
  return value;
};

const PageShape = z
  .strictObject({
    meta: PageMetaSchema.describe('What search engines and shared links show: the title, description and keywords; and whether the page is a course.'),
    sections: z
      .array(SectionSchema)
      .min(1, 'a page needs at least one section')
      .describe('The sections of the page, from top to bottom; the first is the hero, with the page heading.'),
  })
  .superRefine((page, ctx) => {
    if (page.sections[0]?.type !== 'hero') {
      ctx.addIssue({
        code: 'custom',
        path: ['sections', 0, 'type'],
        message: 'the first section of a page must be a hero: it holds the page heading (h1)',
      });
    }
  })
  .describe('A page of the CESA site: what search engines show, then its sections from top to bottom.');

export const PageSchema = z.preprocess(withCourseFacts, PageShape).describe(PageShape.description!);

export type PageMeta = z.output<typeof PageMetaSchema>;
export type Page = z.output<typeof PageSchema>;
