import * as z from 'zod';
import { ImageSchema, inSlot, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const RoleCardSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, { message: 'must be lowercase letters, digits and dashes' }).describe('A short name no other card has, in small letters, digits and dashes, e.g. telecaller.'),
  name: TextSchema.describe('Title of the role or programme.'),
  description: ParagraphsSchema,
  image: inSlot(ImageSchema, 'card').optional(),
  responsibilities: z.array(TextSchema).describe('Shown in the dialog under "Responsibilities".').default([]),
  skills: z.array(TextSchema).describe('Shown in the dialog under "Skills required".').default([]),
});

export const RoleCardsSchema = z
  .strictObject({
    type: z.literal('role-cards'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "We are hiring!".').optional(),
    intro: ParagraphsSchema.optional(),
    action: TextSchema.describe('Label of the card button that opens the dialog, e.g. Apply or Register Now.').default('Apply'),
    cards: z.array(RoleCardSchema).min(1, 'needs at least one card').describe('The jobs or programmes, one card each: a short name, a title, a description, and if wanted a picture, responsibilities and skills.'),
  })
  .superRefine((section, ctx) => {
    const seen = new Set<string>();
    section.cards.forEach((card, index) => {
      if (seen.has(card.id)) ctx.addIssue({ code: 'custom', path: ['cards', index, 'id'], message: `id "${card.id}" is used twice` });
      seen.add(card.id);
    });
  })
  .describe('Role cards: jobs or programmes, each with an Apply dialog. The card\'s button opens a dialog with the details, Close and Apply (the external form).');

export type RoleCards = z.output<typeof RoleCardsSchema>;

export default RoleCardsSchema;
