import * as z from 'zod';
import { SectionBase, TextSchema } from '../../content/fields';

export const StatsSchema = z
  .strictObject({
    type: z.literal('stats'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section.').optional(),
    seconds: z.number().positive().max(10).describe('How long the count-up takes.').default(3),
    items: z
      .array(
        z.strictObject({
          value: z.number().int().nonnegative().describe('The figure counted up to, e.g. 11350.'),
          suffix: z.string().describe('Shown after the figure, e.g. "+".').default('+'),
          label: TextSchema.describe('What the figure counts, e.g. "Happy students".'),
        }),
      )
      .min(1, 'needs at least one figure')
      .describe('The figures, each with what it counts, and a sign after it (“+” when left empty).'),
  })
  .describe('Statistics: figures that count up when scrolled into view.');

export type Stats = z.output<typeof StatsSchema>;

export default StatsSchema;
