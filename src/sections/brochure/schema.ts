import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const BrochureSchema = z
  .strictObject({
    type: z.literal('brochure'),
    ...SectionBase,
    title: TextSchema.optional(),
    text: ParagraphsSchema.optional(),
  })
  .describe('Brochure panel: sign in with Google to download the brochure PDF of _site.yaml; Login/Logout.');

export type Brochure = z.output<typeof BrochureSchema>;

export default BrochureSchema;
