import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const FaqSchema = z
  .strictObject({
    type: z.literal('faq'),
    ...SectionBase,
    title: TextSchema.optional(),
    items: z
      .array(
        z.strictObject({
          question: TextSchema,
          answer: ParagraphsSchema,
          points: z.array(TextSchema).describe('Bullet points after the answer.').optional(),
        }),
      )
      .min(1, 'needs at least one question'),
  })
  .describe('FAQ: questions that open one at a time.');

export type Faq = z.output<typeof FaqSchema>;

export default FaqSchema;
