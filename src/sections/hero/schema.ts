import * as z from 'zod';
import { EnquiryQrSchema, ImageSchema, inSlot, ItemsSchema, LinkSchema, ParagraphsSchema, PublicFileSchema, SectionBase, TextSchema } from '../../content/fields';

export const HeroSchema = z
  .strictObject({
    type: z.literal('hero'),
    ...SectionBase,
    eyebrow: TextSchema.describe('Small line above the title.').optional(),
    title: TextSchema.describe("The page's main heading, the largest words on the page."),
    subtitle: TextSchema.describe('A line under the title.').optional(),
    text: ParagraphsSchema.optional(),
    points: ItemsSchema.describe('Short points under the buttons, e.g. the software taught: shown as chips when each is a few words, as bullets otherwise.').optional(),
    image: inSlot(ImageSchema, 'hero').describe('Banner image shown beside the text.').optional(),
    video: z
      .strictObject({
        src: PublicFileSchema.describe('A short video without sound that plays in a loop: a file ending in .mp4 or .webm.'),
        poster: inSlot(ImageSchema, 'cover').describe('Still image shown before the video plays and when motion is reduced.'),
      })
      .describe('Makes this a video hero: a looping video behind the text, as tall as the text needs.')
      .optional(),
    qr: EnquiryQrSchema,
    actions: z.array(LinkSchema).describe('Buttons under the text, e.g. Enroll Now → /contact.').default([]),
  })
  .describe('Hero: the big block at the top of a page. Plain, with a banner image, or with a looping video.');

export type Hero = z.output<typeof HeroSchema>;

export default HeroSchema;
