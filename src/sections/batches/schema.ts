import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const BatchesSchema = z
  .strictObject({
    type: z.literal('batches'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Upcoming batches".').default('Upcoming batches'),
    intro: ParagraphsSchema.optional(),
  })
  .describe(
    "The course's upcoming batches. They come from the batches of the course (in the page's course facts), each with its start date, days, hours, centre, mode, fee and an Enroll button. When none is upcoming, it says “Next batch: ask us”, with the enquiry and WhatsApp buttons.",
  );

export type Batches = z.output<typeof BatchesSchema>;

export default BatchesSchema;
