import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const TrainingsSchema = z
  .strictObject({
    type: z.literal('trainings'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Trainings conducted".').optional(),
    intro: ParagraphsSchema.optional(),
    cards: z
      .array(
        z.strictObject({
          title: TextSchema.describe('Where or for whom the training was held.'),
          location: TextSchema.describe('A note: the course taught, the place.'),
          image: inSlot(ImageSchema, 'card'),
        }),
      )
      .min(1, 'needs at least one card')
      .describe('The trainings, one card each: title, location note and photo.'),
  })
  .describe('Trainings: a grid of trainings conducted. Each card has a photo, a title and a note (the course, the place).');

export type Trainings = z.output<typeof TrainingsSchema>;

export default TrainingsSchema;
