/** The site document (`pages/_site.yaml`): everything shared by all pages, in one place. */
import * as z from 'zod';
import { fieldKinds, HrefSchema, ImageSchema, inSlot, LinkSchema, PublicFileSchema, TextSchema } from './fields';
import { DEMO_API_KEY, DEMO_APP_ID, DEMO_PROJECT_ID } from './firebase-demo';

/** A menu entry as written in `_site.yaml` (the input side of {@link MenuEntrySchema}). */
export interface MenuEntryInput {
  label: string;
  href?: string | undefined;
  group?: string | undefined;
  items?: MenuEntryInput[] | undefined;
}

/** A menu entry as written in `_site.yaml`, validated: a group of course pages is only named here (`group`). */
export type MenuEntry = { label: string; href?: string | undefined; group?: string | undefined; items: MenuEntry[] };

/**
 * A menu entry as the header shows it: the written menu with each group's course pages in it
 * (assembled once at load, src/content/menu.ts; `Content.menu`).
 */
export type MenuItem = { label: string; href?: string | undefined; items: MenuItem[] };

/** The id of a group of course pages: what a course page's `meta.course.menu.group` names. */
export const MenuGroupIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, { message: 'must be an id of lowercase letters, digits and dashes, e.g. structure or 3d-rendering' })
  .describe('The name of a group of course pages in the menu, e.g. structure: small letters, digits and dashes.');

export const MenuEntrySchema: z.ZodType<MenuEntry, MenuEntryInput> = z.lazy(() =>
  z
    .strictObject({
      label: TextSchema.describe('Text in the menu.'),
      href: HrefSchema.optional(),
      group: MenuGroupIdSchema.describe(
        'Makes this submenu a group of course pages: every course page that names this group is listed in it, in its order, before the entries written here. Small letters, digits and dashes, e.g. structure.',
      ).optional(),
      items: z.array(MenuEntrySchema).describe('A submenu.').default([]),
    })
    .refine((item) => item.href !== undefined || item.items.length > 0 || item.group !== undefined, {
      message: 'a menu entry needs an href, items for a submenu, or a group of course pages',
    }),
);

/** Words in braces, as a course page's texts name its facts: here only {name} means something. */
const BRACED = /\{[^{}]*\}/g;

export const ChatMessageSchema = z
  .strictObject({
    coursePage: TextSchema.refine((text) => (text.match(BRACED) ?? []).every((word) => word === '{name}'), {
      message: 'can name only {name}, which shows the name of the course, e.g. "I\'m interested in the {name} course."',
    }).describe(
      'The first words of a chat started on a course page, where {name} shows the name of the course, e.g. "Hello CESA, I\'m interested in the {name} course."',
    ),
    otherPages: TextSchema.describe('The first words of a chat started on any other page, e.g. "Hello CESA, I have a question."'),
  })
  .describe('The message a WhatsApp chat from the chat button starts with, ready for the visitor to send or change. Without it, the chat opens empty.');

export const BranchSchema = z.strictObject({
  city: TextSchema.describe('City of the branch, e.g. Pune; contact sections name branches by it.'),
  name: TextSchema.describe('e.g. "Head office" or "Aurangabad branch".').optional(),
  address: z.array(TextSchema).min(1).describe('Address lines.'),
  phones: z.array(TextSchema).describe('Phone numbers as dialled, e.g. "+91 00000 00001".').default([]),
  emails: z.array(z.email({ message: 'must be an e-mail address' })).describe('E-mail addresses of the branch.').default([]),
});

export type Branch = z.output<typeof BranchSchema>;

/**
 * The Firebase web configuration that Google sign-in uses. Public by design: every visitor's browser
 * receives it. A `demo-` project id means a build for the local sign-in emulator, which
 * `npm run build -- --deploy` (and so `firebase deploy`) refuses.
 */
export const FirebaseSchema = z
  .strictObject({
    apiKey: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be the API key exactly as the Firebase console shows it (letters, digits, - and _)' })
      .describe('The API key of the web app, as the Firebase console shows it, e.g. AIzaSy… (39 characters). It is not a secret.'),
    authDomain: z
      .string()
      .trim()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, {
        message: 'must be a domain name such as cesa-academy.firebaseapp.com, without https:// and without a slash',
      })
      .describe('The sign-in domain, as the Firebase console shows it: the address the Google sign-in window opens, e.g. cesa-academy.firebaseapp.com (without https://).'),
    projectId: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, { message: 'must be a Firebase project id: 6 to 30 lowercase letters, digits and dashes, e.g. cesa-academy' })
      .describe('The project ID, as the Firebase console shows it, e.g. cesa-academy. One starting with demo- means a trial build for the computer it is made on, which cannot be published.'),
    appId: z
      .string()
      .trim()
      .regex(/^\d+:\d+:web:[0-9a-f]+$/, { message: 'must be the app id exactly as the Firebase console shows it, e.g. 1:123456789012:web:0123456789abcdef' })
      .describe('The app ID, as the Firebase console shows it, e.g. 1:123456789012:web:0123456789abcdef. Sign-in works without it.')
      .optional(),
  })
  .describe(
    "Sign-in with Google: the web app's settings from the Firebase console (Project settings → Your apps). Without them, sign-in works only on the computer the site is built on.",
  )
  .default({ apiKey: DEMO_API_KEY, authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`, projectId: DEMO_PROJECT_ID, appId: DEMO_APP_ID });

export type FirebaseWebConfig = z.output<typeof FirebaseSchema>;

export const SiteSchema = z
  .strictObject({
    name: TextSchema.describe('Full name of the academy.'),
    shortName: TextSchema.describe('Short name, e.g. CESA.'),
    founded: z
      .number()
      .int()
      .min(1800)
      .max(2200)
      .describe('The year the academy was founded, e.g. 2004: a text that says "{years} years" shows the years since then, counted for the day the site is made.')
      .optional(),
    url: z.url({ protocol: /^https$/, message: 'must be the https:// address the site is served from' }).describe('Address of the live site, for canonical links and the sitemap.'),
    logo: inSlot(ImageSchema, 'logo'),
    icon: inSlot(ImageSchema, 'icon')
      .describe(
        'A square picture of the brand, e.g. /favicon.svg: the icons phones show for the site on their home screen are made from it. A drawing (SVG), or a photo at least 512 pixels wide. When left out: the logo, centred on white.',
      )
      .optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { message: 'must be a two-letter country code in capitals, e.g. IN for India' })
      .describe('The country of the branches, as its two-letter code, e.g. IN for India: search engines read it in each branch\'s address. When left empty: IN.')
      .default('IN'),
    menu: z
      .array(MenuEntrySchema)
      .min(1)
      .describe('The header menu: groups with submenus inside them. A submenu that is a group of courses lists the course pages that name that group.'),
    form: z
      .strictObject({
        url: z.url({ protocol: /^https$/, message: 'must be an https:// address' }).describe('The external online form for enrolment, applications and enquiries.'),
      })
      .describe('The enquiry form: links to the form open it in a new tab.'),
    brochure: z
      .strictObject({
        // Written by the build, so not a file of public/ that must exist.
        file: PublicFileSchema.describe('The address of the brochure on the site, e.g. /downloads/cesa-brochure.pdf.').register(fieldKinds, { kind: 'output-file' }),
        fileName: TextSchema.describe('The name a downloaded brochure is saved under on the visitor\'s computer.'),
      })
      .describe('The brochure (a PDF) made from the course pages, which visitors download after signing in with Google (a courtesy: the file itself is public, and kept out of search engines).'),
    contact: z
      .strictObject({
        phone: TextSchema.describe('Number for the floating call button, e.g. "+91 00000 00000".'),
        chat: HrefSchema.describe('The link of the floating chat button, e.g. a WhatsApp chat link.'),
        chatMessage: ChatMessageSchema.optional(),
      })
      .describe('The floating call and chat buttons shown on every page.'),
    branches: z.array(BranchSchema).min(1).describe('The academy\'s branches, head office first: shown in the footer and in contact sections.'),
    social: z.array(LinkSchema).describe('Social profiles, opened in a new tab.').default([]),
    footer: z
      .strictObject({
        about: TextSchema.describe('A sentence about the academy.'),
        columns: z
          .array(
            z.strictObject({
              title: TextSchema.describe('Heading of the column, e.g. "Courses".'),
              links: z.array(LinkSchema).min(1).describe('The links of the column, each with its words and where it goes.'),
            }),
          )
          .describe('Columns of links in the footer.')
          .default([]),
        copyright: TextSchema.describe('e.g. "© {year} CESA": {year} shows the year of the day the site is made, so the line is never out of date.'),
      })
      .describe('The bottom of every page: a sentence about the academy, columns of links, the copyright line.'),
    firebase: FirebaseSchema,
  })
  .describe('What every page shares: the brand, the menu, the footer, the branches, the call and chat buttons, the enquiry form, the brochure and sign-in.');

export type Site = z.output<typeof SiteSchema>;
