import * as z from 'zod';
import { ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const TableSchema = z
  .strictObject({
    type: z.literal('table'),
    ...SectionBase,
    title: TextSchema.describe('Heading above the table.').optional(),
    caption: TextSchema.describe('What the table holds, read out by screen readers.'),
    columns: z.array(TextSchema).min(1).describe('Column headings.'),
    rows: z
      .array(z.array(z.union([TextSchema, z.number()]).transform(String)))
      .min(1, 'needs at least one row')
      .describe('The rows, each with as many cells as there are columns, e.g. “Registration opens” and “28 August 2025”.'),
    note: ParagraphsSchema.describe('A note under the table, e.g. "All dates are liable to change."').optional(),
  })
  .superRefine((table, ctx) => {
    table.rows.forEach((row, index) => {
      if (row.length !== table.columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index],
          message: `this row has ${row.length} ${row.length === 1 ? 'cell' : 'cells'} but the table has ${table.columns.length} columns`,
        });
      }
    });
  })
  .describe('Table: column headings, rows of cells and an optional note.');

export type Table = z.output<typeof TableSchema>;

export default TableSchema;
