import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, PublicFileSchema, SectionBase, TextSchema } from '../../content/fields';

export const VideoSchema = z
  .strictObject({
    type: z.literal('video'),
    ...SectionBase,
    title: TextSchema.describe('Heading above the video; screen readers also name the video by it.'),
    text: ParagraphsSchema.optional(),
    src: PublicFileSchema.describe('The video: a file ending in .mp4 or .webm.'),
    poster: inSlot(ImageSchema, 'cover').describe('Still image shown until the visitor presses play.'),
  })
  .describe('Video: a video with controls that loads only when played.');

export type Video = z.output<typeof VideoSchema>;

export default VideoSchema;
