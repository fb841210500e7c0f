import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const ProseSchema = z
  .strictObject({
    type: z.literal('prose'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section.').optional(),
    body: ParagraphsSchema,
    image: inSlot(ImageSchema, 'card').describe('A picture beside the text.').optional(),
    imageSide: z.enum(['left', 'right']).describe('Which side the picture is on.').default('right'),
  })
  .describe('Text: a heading and paragraphs. A picture beside them if wanted, on the left or the right.');

export type Prose = z.output<typeof ProseSchema>;

export default ProseSchema;
