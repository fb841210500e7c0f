import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const UpcomingBatchesSchema = z
  .strictObject({
    type: z.literal('upcoming-batches'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Upcoming batches".').optional(),
    intro: ParagraphsSchema.optional(),
  })
  .describe(
    "Every course's upcoming batches, by month. They come from the course pages' batches, by date; visitors can narrow the list to a centre or a mode. When none is upcoming, it says “Next batch: ask us”.",
  );

export type UpcomingBatches = z.output<typeof UpcomingBatchesSchema>;

export default UpcomingBatchesSchema;
