import * as z from 'zod';
import { inSlot, ParagraphsSchema, PublicFileSchema, SectionBase, TextSchema } from '../../content/fields';

export const GallerySchema = z
  .strictObject({
    type: z.literal('gallery'),
    ...SectionBase,
    title: TextSchema.optional(),
    intro: ParagraphsSchema.optional(),
    columns: z.number().int().min(1).max(4).describe('Most columns on wide screens (1–4).').default(4),
    images: z
      .array(
        z.strictObject({
          src: inSlot(PublicFileSchema, 'gallery'),
          alt: TextSchema.describe('What the photo shows.'),
          caption: TextSchema.optional(),
        }),
      )
      .min(1, 'needs at least one image'),
  })
  .describe('Gallery: a grid of photos, each with a description.');

export type Gallery = z.output<typeof GallerySchema>;

export default GallerySchema;
