import * as z from 'zod';
import { ImageSchema, inSlot, LinkSchema, ParagraphsSchema, SectionBase, TextSchema } from '../../content/fields';

export const ContactSchema = z
  .strictObject({
    type: z.literal('contact'),
    ...SectionBase,
    title: TextSchema.describe('Heading of the section, e.g. "Contact us".').optional(),
    intro: ParagraphsSchema.optional(),
    enquiry: LinkSchema.describe('The enquiry button, usually { label: Enquire Now, href: form }.').optional(),
    qr: inSlot(ImageSchema, 'qr').describe('QR code of the enquiry form.').optional(),
    branches: z
      .array(TextSchema)
      .describe('Cities of _site.yaml branches to show, in order; leave out for all of them.')
      .optional(),
    social: z.boolean().describe('Show the social links of _site.yaml.').default(true),
    map: z
      .strictObject({
        src: z.string().regex(/^https:\/\//, { message: 'must be an https:// embed address' }).describe('Embed address of the map.'),
        title: TextSchema.describe('What the map shows, e.g. "CESA head office, Pune".'),
      })
      .describe('An embedded map, loaded only when scrolled near.')
      .optional(),
  })
  .describe('Contact: enquiry button, QR code, branches and a map. Shows the branches of _site.yaml with their addresses, phones and e-mails, the social links, and an embedded map loaded only when scrolled near.');

export type Contact = z.output<typeof ContactSchema>;

export default ContactSchema;
