import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const TestimonialsSchema = z
  .strictObject({
    type: z.literal('testimonials'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "What our students say".').optional(),
    items: z
      .array(
        z.strictObject({
          name: TextSchema.describe("The student's name."),
          course: TextSchema.describe('Course taken or current job.').optional(),
          quote: ParagraphsSchema,
          photo: inSlot(ImageSchema, 'avatar').optional(),
        }),
      )
      .min(1, 'needs at least one testimonial')
      .describe('The quotes, each with the student\'s name and optionally the course and a photo.'),
  })
  .describe('Testimonials: quotes from students.');

export type Testimonials = z.output<typeof TestimonialsSchema>;

export default TestimonialsSchema;
