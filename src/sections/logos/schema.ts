import * as z from 'zod';
import { HrefSchema, ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const LogosSchema = z
  .strictObject({
    type: z.literal('logos'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "MoU institutes".').optional(),
    intro: ParagraphsSchema.optional(),
    columns: z.number().int().min(1).max(5).describe('Most columns on wide screens (1–5); fewer on phones.').default(5),
    items: z
      .array(
        z.strictObject({
          name: TextSchema.describe('Name of the institute or company; shown when there is no logo.'),
          city: TextSchema.describe('City, shown under the name.').optional(),
          logo: inSlot(ImageSchema, 'logo').describe('Logo image; leave out to show the name instead.').optional(),
          href: HrefSchema.optional(),
        }),
      )
      .min(1, 'needs at least one item')
      .describe('The institutes or companies, each with a name and optionally a city, a logo and a link.'),
  })
  .describe('Logo grid: logos of institutes, companies or partners; the name stands in where there is no logo.');

export type Logos = z.output<typeof LogosSchema>;

export default LogosSchema;
