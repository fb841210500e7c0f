import * as z from 'zod';
import { EnquiryQrSchema, LinkSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const ContactSchema = z
  .strictObject({
    type: z.literal('contact'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Contact us".').optional(),
    intro: ParagraphsSchema.optional(),
    enquiry: LinkSchema.describe('The enquiry button, usually “Enquire Now”, going to the enquiry form.').optional(),
    qr: EnquiryQrSchema,
    branches: z
      .array(TextSchema)
      .describe('The cities of the branches to show, in order (the branches are set in the site settings); leave out to show them all.')
      .optional(),
    social: z.boolean().describe('Show the social links set in the site settings.').default(true),
    map: z
      .strictObject({
        src: z.string().regex(/^https:\/\//, { message: 'must be an https:// embed address' }).describe('The web address of the map to show, starting with https://, from the map site’s “Embed” option.'),
        title: TextSchema.describe('What the map shows, e.g. "CESA head office, Pune".'),
      })
      .describe('A map, loaded only when the visitor scrolls near it.')
      .optional(),
  })
  .describe('Contact: enquiry button, QR code, branches and a map. Shows the branches of the site settings with their addresses, phones and e-mails, the social links, and a map that loads only when the visitor scrolls near it.');

export type Contact = z.output<typeof ContactSchema>;

export default ContactSchema;
