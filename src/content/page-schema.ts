/** A page document: meta + a list of sections, each tagged by `type`. */
import * as z from 'zod';
import { DurationSchema, ImageSchema, inSlot, RouteSchema, TextSchema } from './fields';
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
      group: MenuGroupIdSchema.describe('The group of the menu that lists this course: the `group` id of a submenu in _site.yaml, e.g. structure.'),
      label: TextSchema.describe('The text of its menu entry; default: the course name.').optional(),
      order: z
        .number()
        .int()
        .describe('Its place in the group: lower numbers first (10, 20, 30… leaves room for a course in between); courses without one come last, by label.')
        .optional(),
    }),
  ])
  .describe('Where the header menu lists this course: { group, label, order }, or false to leave it out of the menu.');

export const PageMetaSchema = z.strictObject({
  title: TextSchema.describe('The browser tab and search result title.'),
  description: TextSchema.describe('One or two sentences for search results.'),
  keywords: z
    .union([TextSchema, z.array(TextSchema)])
    .transform((value) => (typeof value === 'string' ? value.split(',').map((k) => k.trim()).filter(Boolean) : value))
    .describe('Search keywords: a list, or one string separated by commas.'),
  social: z
    .strictObject({
      title: TextSchema.describe('The title of the shared link; default: meta.title.').optional(),
      description: TextSchema.describe('The text under the shared link; default: meta.description.').optional(),
      image: inSlot(ImageSchema, 'social')
        .describe(
          'The picture of the shared link, e.g. { src: /images/etabs-class.jpg, alt: Students modelling a building in ETABS }: a photo at least 1200 px wide (the build crops it to 1200 × 630), or an SVG. Default: the hero photo, else a card with the page title and the logo.',
        )
        .optional(),
    })
    .describe('What a shared link to this page shows (WhatsApp, Facebook, LinkedIn, X): its title, text and picture; defaults to the page title, description and a card the build makes.')
    .optional(),
  course: z
    .strictObject({
      name: TextSchema.describe('Course name as it appears in the brochure, e.g. "ETABS".'),
      group: z
        .enum(['drafting', '3d-rendering', 'structure', 'special', 'project', 'estimation', 'bim', 'other'])
        .describe('Brochure chapter the course is listed under.'),
      duration: DurationSchema.describe(
        'How long the course takes, as the brochure states it: hours (45) or text ("15, 25 or 45 hours", "50 hours / 8 days"). Without it the brochure gives no duration.',
      ).optional(),
      software: TextSchema.describe('The software and version the course teaches, e.g. "ETABS V-22"; the page shows it where it says {software}.').optional(),
      mode: TextSchema.describe('How the course is taught, e.g. "Classroom and instructor-led online"; the page shows it where it says {mode}.').optional(),
      certificate: TextSchema.describe('What the course leads to, e.g. "Certificate on completion"; the page shows it where it says {certificate}.').optional(),
      menu: CourseMenuSchema.optional(),
    })
    // The course's facts, stated once (src/content/course-facts.ts): the rest of the page shows them by
    // naming them in braces, "{name}", "{duration}", "{hours}", "{software}", "{mode}", "{certificate}";
    // the brochure, the menu, the social card, the structured data and other pages' course cards read them here.
    .describe('Marks the page as a course and states its facts once: it is listed in the brochure and described to search engines as a Course. The page shows a fact where its text names it in braces, e.g. {name} or {duration}.')
    .optional(),
  aliases: z
    .array(RouteSchema)
    .describe('Other routes that redirect here, e.g. /Faculty for /faculty.')
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
    meta: PageMetaSchema.describe('What search engines and shared links show: title, description, keywords; and whether the page is a course.'),
    sections: z
      .array(SectionSchema)
      .min(1, 'a page needs at least one section')
      .describe('The sections of the page, top to bottom; the first is a hero. Each starts with `- type:`.'),
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
  .describe('A page of the CESA site: meta for search engines, then its sections from top to bottom.');

export const PageSchema = z.preprocess(withCourseFacts, PageShape).describe(PageShape.description!);

export type PageMeta = z.output<typeof PageMetaSchema>;
export type Page = z.output<typeof PageSchema>;
