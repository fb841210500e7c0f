import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const BrochureSchema = z
  .strictObject({
    type: z.literal('brochure'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the panel, e.g. "Download our brochure".').optional(),
    text: ParagraphsSchema.optional(),
  })
  .describe('Brochure: the brochure download, behind Google sign-in. Visitors sign in with Google to download the brochure PDF of _site.yaml; the panel shows Login / Logout.');

export type Brochure = z.output<typeof BrochureSchema>;

export default BrochureSchema;
