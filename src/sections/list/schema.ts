import * as z from 'zod';
import { ItemsSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const ListSchema = z
  .strictObject({
    type: z.literal('list'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the list.').optional(),
    intro: ParagraphsSchema.describe('Text before the list.').optional(),
    items: ItemsSchema.describe('The points, one per entry.'),
    ordered: z.boolean().describe('Number the points instead of bullets.').default(false),
    columns: z.number().int().min(1).max(3).describe('How many columns on wide screens (1–3).').default(1),
    splitAt: z
      .number()
      .int()
      .positive()
      .describe('Start the second column after this many points (e.g. 10); the list then has two columns.')
      .optional(),
  })
  .superRefine((list, ctx) => {
    if (list.splitAt !== undefined && list.splitAt >= list.items.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['splitAt'],
        message: `splitAt is ${list.splitAt} but the list has only ${list.items.length} items, so nothing would go in the second column`,
      });
    }
  })
  .describe('List: bullet or numbered points, in one to three columns.');

export type List = z.output<typeof ListSchema>;

export default ListSchema;
