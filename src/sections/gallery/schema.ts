import * as z from 'zod';
import { inSlot, ParagraphsSchema, PublicFileSchema, SectionBase, TextSchema } from '../../content/fields';

export const GallerySchema = z
  .strictObject({
    type: z.literal('gallery'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Infrastructure".').optional(),
    intro: ParagraphsSchema.optional(),
    columns: z.number().int().min(1).max(4).describe('Most columns on wide screens (1–4).').default(4),
    images: z
      .array(
        z.strictObject({
          src: inSlot(PublicFileSchema, 'gallery'),
          alt: TextSchema.describe('What the photo shows.'),
          caption: TextSchema.describe('A line shown under the photo.').optional(),
        }),
      )
      .min(1, 'needs at least one image')
      .describe('The photos, each with a description of what it shows, and a caption if wanted.'),
  })
  .describe('Gallery: a grid of photos, each with a description. At most as many photos per row as its columns; each photo says what it shows.');

export type Gallery = z.output<typeof GallerySchema>;

export default GallerySchema;
