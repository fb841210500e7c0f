import * as z from 'zod';
import { ItemsSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const ModuleSchema = z.strictObject({
  title: TextSchema.describe('Name of the module or week, e.g. "Week 1" or "Drawing aids".'),
  items: ItemsSchema.describe('Topics covered in this module.'),
});

export const ModulesSchema = z
  .strictObject({
    type: z.literal('modules'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Course content".').optional(),
    intro: ParagraphsSchema.optional(),
    modules: z.array(ModuleSchema).min(1, 'needs at least one module').describe('The modules (or weeks) in order, each with its name and its topics.'),
  })
  .describe('Modules: a course syllabus, module by module. Titled modules (or weeks), each with its topics.');

export type Modules = z.output<typeof ModulesSchema>;

export default ModulesSchema;
