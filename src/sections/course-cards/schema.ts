import * as z from 'zod';
import { DurationSchema, ImageSchema, inSlot, LinkSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const CourseCardSchema = z.strictObject({
  title: TextSchema.describe('Course name.'),
  subtitle: TextSchema.describe('A line under the name.').optional(),
  description: ParagraphsSchema.optional(),
  image: inSlot(ImageSchema, 'card'),
  highlights: z.array(TextSchema).describe('Bullet points about the course.').default([]),
  duration: DurationSchema.optional(),
  link: LinkSchema.describe('Optional button, e.g. { label: Learn More, href: /etabs }.').optional(),
});

export const CourseCardsSchema = z
  .strictObject({
    type: z.literal('course-cards'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Our Courses".').optional(),
    intro: ParagraphsSchema.optional(),
    cards: z.array(CourseCardSchema).min(1, 'needs at least one card').describe('The courses, one card each: title, image, and optionally subtitle, description, highlights, duration, link.'),
  })
  .describe('Course cards: one wide card per course. The image alternates left and right; a card may have highlights, a duration and a Learn More button.');

export type CourseCards = z.output<typeof CourseCardsSchema>;

export default CourseCardsSchema;
