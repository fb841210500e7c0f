/**
 * Field types shared by the page, section and site schemas.
 * zod only: the checker, the JSON Schema generator and the UI all import this.
 */
import * as z from 'zod';
import { isIsoDate } from './calendar';
import { problem } from './error-codes';
import type { ImageSlot, ImageVariants } from './images';

/**
 * What a field means beyond its type, for the checks and the build: declared on the field's schema
 * (in {@link fieldKinds}) and found by src/content/field-kinds.ts, never guessed from key names.
 *
 * - `link`: where a link goes ({@link HrefSchema}); one starting with `/` must be a route of the site.
 * - `route`: an address this document defines ({@link RouteSchema}, e.g. an alias).
 * - `public-file`: a file that must exist in public/ ({@link PublicFileSchema}).
 * - `image`: an image in public/ ({@link ImageSchema}): must exist, is weighed and measured, and must
 *   be wide enough for where it is shown (its slot: {@link inSlot}).
 * - `duration`: how long a course takes ({@link DurationSchema}): listed in the brochure.
 * - `output-file`: a path the build writes (the brochure PDF): not a file of public/.
 * - `fact`: a `{ label, value }` pair that states a duration when its label says so ("Duration").
 * - `date`: a calendar date ({@link CalendarDateSchema}): the page's output may change on that day (past
 *   or upcoming), so the build knows when to make the page again.
 * - `month`: a month ({@link CalendarMonthSchema}), e.g. an exam expected in February 2027.
 * - `branch`: one of the site's branches by its city, or `online` (a batch's centre): checked against the
 *   site's branches, and offered as a choice among them in the editor.
 * - `rupees`: an amount in rupees (a fee): the editor shows "₹" before it, the page writes it the Indian way.
 * - `period`: days from one date to another, both included ({@link CalendarPeriodSchema}): the output may
 *   change on its first day and the day after its last, not on the days between.
 */
export type FieldKind = 'link' | 'route' | 'public-file' | 'image' | 'duration' | 'output-file' | 'fact' | 'date' | 'month' | 'period' | 'branch' | 'rupees';

export interface FieldKindMeta {
  kind: FieldKind;
  /** Of an image (or a public file that is one): where it is shown, see IMAGE_SLOTS in images.ts. */
  slot?: ImageSlot;
}

/**
 * The kinds of fields. A registry of its own rather than `.meta()`: zod's global registry feeds
 * the JSON Schemas of schemas/, which need not carry the kinds. Like `.describe()`, a kind is kept
 * by the copies a schema makes of itself (`.describe()`, `.refine()`), and an `.optional()` or
 * `.default()` around it is stepped through.
 */
export const fieldKinds = z.registry<FieldKindMeta>();

/** The kind declared on this very schema (or the one it was copied from), if any. */
export function kindOf(schema: z.core.$ZodType): FieldKind | undefined {
  return kindMetaOf(schema)?.kind;
}

/**
 * Looked up once per schema: zod's registry walks the chain of copies on every call, and the checks
 * ask for every field of every page (a tenth of a build's validation). Kinds are declared when a
 * schema is made, so the answer never changes.
 */
const knownKinds = new WeakMap<z.core.$ZodType, FieldKindMeta | null>();

function kindMetaOf(schema: z.core.$ZodType): FieldKindMeta | undefined {
  let meta = knownKinds.get(schema);
  if (meta === undefined) knownKinds.set(schema, (meta = fieldKinds.get(schema) ?? null));
  return meta ?? undefined;
}

/** The slot declared on this very schema (or the one it was copied from), if any. */
export function slotOf(schema: z.core.$ZodType): ImageSlot | undefined {
  return kindMetaOf(schema)?.slot;
}

/**
 * The same image field (or public-file field), shown in `slot`: a photo narrower than the slot's
 * minimum is refused, and the build makes the widths the slot needs. `inSlot(ImageSchema, 'hero')`.
 */
export function inSlot<T extends z.ZodType>(schema: T, slot: ImageSlot): T {
  const kind = kindOf(schema);
  if (kind !== 'image' && kind !== 'public-file') throw new Error(`inSlot: an image or public-file field only, not ${kind ?? 'a field of no kind'}`);
  const copy = schema.clone();
  fieldKinds.add(copy, { kind, slot });
  return copy;
}

/** A non-empty line of text. */
export const TextSchema = z.string().trim().min(1, 'must not be empty');

/** One or more paragraphs: a string (blank lines separate paragraphs) or a list of strings. */
export const ParagraphsSchema = z
  .union([z.string(), z.array(TextSchema)])
  .transform((value) =>
    (typeof value === 'string' ? value.split(/\n\s*\n/) : value)
      .map((paragraph) => (paragraph.includes('\n') ? paragraph.trim().replace(/\s*\n\s*/g, ' ') : paragraph.trim()))
      .filter((paragraph) => paragraph.length > 0),
  )
  .describe('Text of one or more paragraphs: leave an empty line between two paragraphs.');

export type Paragraphs = z.output<typeof ParagraphsSchema>;

/** A list of non-empty strings. */
export const ItemsSchema = z.array(TextSchema).min(1, 'needs at least one item');

/** A route of this site, as written in links and aliases: `/`, `/etabs`, `/hitest-lahoti-and-associates/placement`. */
export const RouteSchema = z
  .string()
  .regex(/^\/([A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*)?$/, {
    message: 'must be a route such as /etabs: a leading slash, then letters, digits, dots, dashes',
  })
  .describe('The address of a page of this site, starting with a slash, e.g. /contact.')
  .register(fieldKinds, { kind: 'route' });

/**
 * Where a link goes. `form` is the external enquiry form set once in `_site.yaml`;
 * `/…` is a page of this site (checked to exist); the rest are ordinary URLs.
 */
export const HrefSchema = z
  .string()
  .regex(/^(form|\/[^\s]*|#[A-Za-z][\w-]*|https:\/\/[^\s]+|tel:\+?[0-9 -]+|mailto:[^\s@]+@[^\s@]+)$/, {
    message: 'must be a route such as /contact, an https:// address, tel:, mailto:, #anchor, or the word form',
  })
  .describe(
    'Where the link goes: a page of this site (/contact), a web address (https://…), a phone number (tel:+91…), an e-mail address (mailto:…), a place on the page (#anchor), or the word form for the enquiry form set in the site settings.',
  )
  .register(fieldKinds, { kind: 'link' });

/**
 * Whether a section shows the QR code of the enquiry form. The code is drawn by the site from the form's
 * address (src/ui/EnquiryQr.tsx), never a picture: a picture of a code can lead anywhere, or nowhere.
 */
export const EnquiryQrSchema = z
  .boolean()
  .describe('Show the QR code of the enquiry form, for a visitor at a computer to open the form on a phone. The site draws it from the form\'s address in the site settings, so it always leads there.')
  .default(false);

export const LinkSchema = z
  .strictObject({
    /** Text on the button or link. */
    label: TextSchema.describe('Text on the button or link.'),
    href: HrefSchema,
  })
  .describe('A link or button: its words and where it goes.');

export type Link = z.output<typeof LinkSchema>;

/**
 * A file under `public/`, written as a site path: `/images/etabs.svg`. Checked to exist. The path is
 * the file's name as it is on disk (never URL-decoded), and it can only name a file inside public/:
 * no `..`, no backslashes, nothing a browser or a file system would read differently.
 */
export const PublicFileSchema = z
  .string()
  .regex(/^\/[^\s\\%?#]+$/, {
    message: 'must be the path of a file in public/, starting with a slash, e.g. /images/etabs.svg; file names may not contain spaces, %, ?, # or \\',
  })
  .refine((value) => !value.split('/').slice(1).some((part) => part === '' || part === '.' || part === '..'), {
    message: 'must name a file inside public/: no //, /./ or /../ in the path',
  })
  .refine((value) => /\.[A-Za-z0-9]+$/.test(value), { message: 'must end with the file\'s extension, e.g. .svg, .webp or .pdf' })
  .describe('A file of the site, e.g. /images/etabs.svg: pick one, or upload a new one.')
  .register(fieldKinds, { kind: 'public-file' });

const IMAGE_FILE = /\.(svg|webp|avif|png|jpe?g|gif)$/i;

/**
 * An image: a path (`/images/x.svg`) or `{ src, alt }`. Width and height are read from the file
 * at build time (into `Content.images`, beside the pages), so nothing shifts while it loads.
 */
export const ImageSchema = z
  .union([
    PublicFileSchema,
    z.strictObject({
      src: PublicFileSchema,
      alt: z.string().trim().describe('What the picture shows, for people who cannot see it. Leave it empty only for a picture that is decoration.').optional(),
    }),
  ])
  .refine((value) => IMAGE_FILE.test(typeof value === 'string' ? value : value.src), {
    message: 'must be an image file: .svg, .webp, .avif, .png, .jpg or .gif',
  })
  .transform((value): Image => (typeof value === 'string' ? { src: value } : { ...value }))
  .describe('A picture of the site, e.g. /images/etabs.svg, with a description of what it shows.')
  .register(fieldKinds, { kind: 'image' });

export interface Image {
  src: string;
  alt?: string | undefined;
}

/**
 * An image's width and height in pixels, read from its file by the build. Kept beside the pages
 * (keyed by the image's site path), never written into them: see `Content.images`. For a photo the
 * build processed, the size of its largest processed file and what it made (`variants`).
 */
export interface ImageSize {
  width: number;
  height: number;
  variants?: ImageVariants | undefined;
}

/** A duration: a number of hours, or text such as "50 hours / 8 days". */
export const DurationSchema = z
  .union([z.number().positive(), TextSchema])
  .transform((value) => {
    if (typeof value === 'number') return { text: `${value} hours`, hours: value };
    const hours = /^(\d+(?:\.\d+)?)\s*hours?\b/i.exec(value);
    return hours ? { text: value, hours: Number(hours[1]) } : { text: value };
  })
  .describe('How long: a number of hours (20) or text ("50 hours / 8 days", "5 hours per module").')
  .register(fieldKinds, { kind: 'duration' });

export type Duration = z.output<typeof DurationSchema>;

/**
 * A calendar date, written year-month-day as YAML writes dates: `2027-01-11` (read as text: the content's
 * YAML schema makes no dates). What is past and what is upcoming is decided against the date the site is
 * made for, never the clock.
 */
export const CalendarDateSchema = dateText().register(fieldKinds, { kind: 'date' });

/**
 * A date written the same way that the page's output does not change on: a day someone checked a list,
 * the day it must be checked again by. `npm run check` reads it (warnings); the build makes no page
 * again on it.
 */
export const RecordDateSchema = dateText();

function dateText() {
  return z
    .string()
    .trim()
    .refine(isIsoDate, 'must be a date written year-month-day, for example 2027-01-11')
    .describe('A date, written year-month-day: 2027-01-11.');
}

/** Days from one date to another, both included: an exam held from 7 to 15 February. Its end is not before its start. */
export const CalendarPeriodSchema = z
  .strictObject({
    from: CalendarDateSchema.describe('The first day, written year-month-day: 2026-02-07.'),
    to: CalendarDateSchema.describe('The last day, written year-month-day: 2026-02-15.'),
  })
  .superRefine((period, ctx) => {
    if (period.to < period.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'ends before it starts', params: { problem: problem('dated-fact', { case: 'range-backwards', from: period.from, to: period.to }) } });
  })
  .describe('A period: its first and last day.')
  .register(fieldKinds, { kind: 'period' });

/** A month, written year-month: `2027-02` (an exam expected in February 2027). */
export const CalendarMonthSchema = z
  .string()
  .trim()
  .refine((text) => /^\d{4}-\d{2}$/.test(text) && isIsoDate(`${text}-01`), 'must be a month written year-month, for example 2027-02')
  .describe('A month, written year-month: 2027-02.')
  .register(fieldKinds, { kind: 'month' });

/** Fields every section may have. */
export const SectionBase = {
  /** Anchor for links such as /#courses. */
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, { message: 'must be lowercase letters, digits and dashes, e.g. our-courses' })
    .describe('Anchor name, so that /page#anchor scrolls here. Lowercase letters, digits, dashes.')
    .optional(),
};
