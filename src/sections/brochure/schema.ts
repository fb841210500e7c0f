import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const BrochureSchema = z
  .strictObject({
    type: z.literal('brochure'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the panel, e.g. "Download our brochure".').optional(),
    text: ParagraphsSchema.optional(),
  })
  .describe('Brochure: the brochure, downloaded after a Google sign-in. The sign-in is a courtesy asked of visitors: anyone with the file\'s address can fetch it, and search engines are asked to leave it out. One button signs the visitor in with Google and downloads the brochure (a PDF); once signed in, the panel shows the download and a Logout button.');

export type Brochure = z.output<typeof BrochureSchema>;

export default BrochureSchema;
