import * as z from 'zod';
import { DurationSchema, ImageSchema, inSlot, LinkSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const CourseCardSchema = z.strictObject({
  title: TextSchema.describe('Course name.'),
  subtitle: TextSchema.describe('A line under the name.').optional(),
  description: ParagraphsSchema.optional(),
  image: inSlot(ImageSchema, 'card'),
  highlights: z.array(TextSchema).describe('Bullet points about the course.').default([]),
  duration: DurationSchema.optional(),
  link: LinkSchema.describe('A button, e.g. “Learn More” going to /etabs.').optional(),
});

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
