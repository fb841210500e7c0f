import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const FaqSchema = z
  .strictObject({
    type: z.literal('faq'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Placement FAQ".').optional(),
    items: z
      .array(
        z.strictObject({
          question: TextSchema.describe('The question, as the visitor would ask it.'),
          answer: ParagraphsSchema,
          points: z.array(TextSchema).describe('Bullet points after the answer.').optional(),
        }),
      )
      .min(1, 'needs at least one question')
      .describe('The questions, each with its answer (and optional bullet points).'),
  })
  .describe('FAQ: questions that open one at a time. Each question opens its answer when clicked (an accordion).');

export type Faq = z.output<typeof FaqSchema>;

export default FaqSchema;
