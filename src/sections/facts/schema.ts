import * as z from 'zod';
import { fieldKinds, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const FactsSchema = z
  .strictObject({
    type: z.literal('facts'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Course details".').optional(),
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
      .min(1, 'needs at least one fact')
      .describe('The facts, each a label and its value. A row labelled Duration gives the course\'s duration in the brochure.'),
  })
  .describe('Facts: label and value pairs such as Duration and Mode. For example Duration, Eligibility, Mode, Certification, one row each.');

export type Facts = z.output<typeof FactsSchema>;

export default FactsSchema;
