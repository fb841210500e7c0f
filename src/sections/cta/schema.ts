import * as z from 'zod';
import { LinkSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const CtaSchema = z
  .strictObject({
    type: z.literal('cta'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the banner, e.g. "132+ institutes have signed an MoU with CESA".'),
    text: ParagraphsSchema.optional(),
    actions: z.array(LinkSchema).min(1, 'needs at least one button').describe('The buttons, each with its words and where it goes, e.g. Enquire Now → the enquiry form.'),
  })
  .describe('Call to action: a coloured banner with a heading, text and buttons.');

export type Cta = z.output<typeof CtaSchema>;

export default CtaSchema;
