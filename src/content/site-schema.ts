/** The site document (`pages/_site.yaml`): everything shared by all pages, in one place. */
import * as z from 'zod';
import { HrefSchema, ImageSchema, LinkSchema, PublicFileSchema, TextSchema } from './fields';

export interface MenuItemInput {
  label: string;
  href?: string | undefined;
  items?: MenuItemInput[] | undefined;
}

export type MenuItem = { label: string; href?: string | undefined; items: MenuItem[] };

export const MenuItemSchema: z.ZodType<MenuItem, MenuItemInput> = z.lazy(() =>
  z
    .strictObject({
      label: TextSchema.describe('Text in the menu.'),
      href: HrefSchema.optional(),
      items: z.array(MenuItemSchema).describe('A submenu.').default([]),
    })
    .refine((item) => item.href !== undefined || item.items.length > 0, {
      message: 'a menu entry needs an href, or items for a submenu',
    }),
);

export const BranchSchema = z.strictObject({
  city: TextSchema,
  name: TextSchema.describe('e.g. "Head office" or "Aurangabad branch".').optional(),
  address: z.array(TextSchema).min(1).describe('Address lines.'),
  phones: z.array(TextSchema).describe('Phone numbers as dialled, e.g. "+91 00000 00001".').default([]),
  emails: z.array(z.email({ message: 'must be an e-mail address' })).default([]),
});

export type Branch = z.output<typeof BranchSchema>;

export const SiteSchema = z
  .strictObject({
    name: TextSchema.describe('Full name of the academy.'),
    shortName: TextSchema.describe('Short name, e.g. CESA.'),
    url: z.url({ protocol: /^https$/, message: 'must be the https:// address the site is served from' }).describe('Address of the live site, for canonical links and the sitemap.'),
    logo: ImageSchema,
    menu: z.array(MenuItemSchema).min(1).describe('The header menu: groups with nested submenus.'),
    form: z
      .strictObject({
        url: z.url({ protocol: /^https$/, message: 'must be an https:// address' }).describe('The external online form for enrolment, applications and enquiries.'),
      })
      .describe('Links with `href: form` open this in a new tab.'),
    brochure: z.strictObject({
      file: PublicFileSchema.describe('Where the built brochure PDF is served, e.g. /downloads/cesa-brochure.pdf.'),
      fileName: TextSchema.describe('File name the download is saved under.'),
    }),
    contact: z.strictObject({
      phone: TextSchema.describe('Number for the floating call button, e.g. "+91 00000 00000".'),
      chat: HrefSchema.describe('Chat-app deep link for the floating chat button.'),
    }),
    branches: z.array(BranchSchema).min(1),
    social: z.array(LinkSchema).describe('Social profiles, opened in a new tab.').default([]),
    footer: z.strictObject({
      about: TextSchema.describe('A sentence about the academy.'),
      columns: z.array(z.strictObject({ title: TextSchema, links: z.array(LinkSchema).min(1) })).default([]),
      copyright: TextSchema.describe('e.g. "© 2025 CESA".'),
    }),
  })
  .describe('Site-wide content: brand, menu, footer, branches, contact targets, external form, brochure.');

export type Site = z.output<typeof SiteSchema>;
