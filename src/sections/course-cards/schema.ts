import * as z from 'zod';
import { DurationSchema, fieldKinds, ImageSchema, inSlot, LinkSchema, ParagraphsSchema, RouteSchema, SectionBase, TextSchema } from '../../content/fields';

export const CourseCardSchema = z
  .strictObject({
    course: RouteSchema.describe(
      "The course page this card shows, e.g. /etabs: the card takes the course's name, its duration and a “Learn More” button to it, unless it gives its own.",
    )
      // A link: checked to lead to a page (a course page: src/content/course-facts.ts), and followed when that page is renamed.
      .register(fieldKinds, { kind: 'link' })
      .optional(),
    title: TextSchema.describe('Course name.').optional(),
    subtitle: TextSchema.describe('A line under the name.').optional(),
    description: ParagraphsSchema.optional(),
    image: inSlot(ImageSchema, 'card'),
    highlights: z.array(TextSchema).describe('Bullet points about the course.').default([]),
    duration: DurationSchema.optional(),
    link: LinkSchema.describe('A button, e.g. “Learn More” going to /etabs.').optional(),
  })
  .refine((card) => card.title !== undefined || card.course !== undefined, { message: 'a card needs a title, or a course page to take it from', path: ['title'] });

export const CourseCardsSchema = z
  .strictObject({
    type: z.literal('course-cards'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Our Courses".').optional(),
    intro: ParagraphsSchema.optional(),
    cards: z.array(CourseCardSchema).min(1, 'needs at least one card').describe('The courses, one card each: a title and a picture, and if wanted a line under the title, a description, highlights, a duration and a button.'),
  })
  .describe('Course cards: one wide card per course. The image alternates left and right; a card may have highlights, a duration and a Learn More button.');

export type CourseCards = z.output<typeof CourseCardsSchema>;

export default CourseCardsSchema;
