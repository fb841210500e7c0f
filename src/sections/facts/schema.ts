import * as z from 'zod';
import { fieldKinds, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const FactsSchema = z
  .strictObject({
    type: z.literal('facts'),
    ...SectionBase,
    title: TextSchema.optional(),
    intro: ParagraphsSchema.optional(),
    items: z
      .array(
        z.strictObject({
          label: TextSchema.describe('e.g. Duration, Eligibility, Mode.'),
          value: z.union([TextSchema, z.number()]).transform(String).describe('e.g. "45 hours".'),
        })
        // A row such as { label: Duration, value: 45 hours } states a course's duration (the brochure lists it).
        .register(fieldKinds, { kind: 'fact' }),
      )
      .min(1, 'needs at least one fact'),
  })
  .describe('Facts: label and value pairs such as Duration, Eligibility, Mode.');

export type Facts = z.output<typeof FactsSchema>;

export default FactsSchema;
