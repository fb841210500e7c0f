import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const PersonSchema = z.strictObject({
  name: TextSchema.describe('Full name, as it is shown.'),
  role: TextSchema.describe('Position, e.g. "Director" or "Structural Engineer".').optional(),
  details: ParagraphsSchema.describe('Qualifications and experience.'),
  photo: inSlot(ImageSchema, 'portrait').optional(),
});

export const FacultySchema = z
  .strictObject({
    type: z.literal('faculty'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Our Faculty".').optional(),
    lead: PersonSchema.describe('The lead profile, shown large first.').optional(),
    members: z.array(PersonSchema).describe('The other faculty, as cards.').default([]),
  })
  .refine((faculty) => faculty.lead !== undefined || faculty.members.length > 0, {
    message: 'needs a lead or at least one member',
  })
  .describe('Faculty: a lead profile and the other faculty as cards. The lead is shown large first; give a lead, members, or both.');

export type Faculty = z.output<typeof FacultySchema>;

export default FacultySchema;
