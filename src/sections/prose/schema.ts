import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const ProseSchema = z
  .strictObject({
    type: z.literal('prose'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section.').optional(),
    body: ParagraphsSchema,
    image: inSlot(ImageSchema, 'card').describe('An image beside the text.').optional(),
    imageSide: z.enum(['left', 'right']).describe('Which side the image is on.').default('right'),
  })
  .describe('Prose: a heading and paragraphs. An optional image beside them, on the left or the right.');

export type Prose = z.output<typeof ProseSchema>;

export default ProseSchema;
