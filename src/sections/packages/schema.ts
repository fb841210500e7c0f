import * as z from 'zod';
import { DurationSchema, ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const PackageCardSchema = z.strictObject({
  title: TextSchema.describe('Name of the package or programme.'),
  description: ParagraphsSchema.optional(),
  image: inSlot(ImageSchema, 'card').optional(),
  duration: DurationSchema.optional(),
});

export const PackagesSchema = z
  .strictObject({
    type: z.literal('packages'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Packages".').optional(),
    intro: ParagraphsSchema.optional(),
    cards: z.array(PackageCardSchema).min(1, 'needs at least one card').describe('The packages, one card each: a title, and if wanted a description, a picture and a duration.'),
    wideLast: z.boolean().describe('Let the last card span the whole row.').default(false),
  })
  .describe('Packages: a grid of package or programme cards. Each card may have an image, a description and a duration.');

export type Packages = z.output<typeof PackagesSchema>;

export default PackagesSchema;
