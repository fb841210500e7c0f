/**
 * Kinds of fields (links, routes, public files, images, durations) are declared on the schemas and
 * found by one walker over schema and value: never by key name, never by section type.
 */
// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { durationsIn } from '../../src/content/course-summary';
import { findFields } from '../../src/content/field-kinds';
import { DurationSchema, HrefSchema, ImageSchema, LinkSchema, PublicFileSchema, RouteSchema, TextSchema, kindOf } from '../../src/content/fields';
import { loadContent } from '../../src/content/load';
import { PageSchema } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';
import { testSite } from '../helpers/render';

const fieldsOf = (schema: z.ZodType, input: unknown, kinds?: Parameters<typeof findFields>[2]) =>
  findFields(schema, schema.parse(input), kinds).map(({ kind, path, value }) => ({ kind, path: path.join('.'), value }));

describe('kinds declared on the field schemas', () => {
  it('are kept by the copies .describe() and .refine() make, and stepped through by .optional()', () => {
    expect(kindOf(HrefSchema)).toBe('link');
    expect(kindOf(RouteSchema)).toBe('route');
    expect(kindOf(PublicFileSchema)).toBe('public-file');
    expect(kindOf(ImageSchema)).toBe('image');
    expect(kindOf(DurationSchema)).toBe('duration');
    expect(kindOf(HrefSchema.describe('Where the button goes.'))).toBe('link');
    expect(kindOf(TextSchema)).toBeUndefined();
    expect(fieldsOf(z.strictObject({ to: HrefSchema.describe('x').optional() }), { to: '/etabs' })).toEqual([{ kind: 'link', path: 'to', value: '/etabs' }]);
  });

  it('leave the JSON Schemas for editors alone (their own registry, not zod\'s global one)', () => {
    expect(z.toJSONSchema(HrefSchema, { io: 'input' })).not.toHaveProperty('kind');
    expect(JSON.stringify(z.toJSONSchema(PageSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }))).not.toContain('"kind"');
  });
});

describe('findFields', () => {
  it('finds a duration nested in the card list of a new section type, with no code naming it', () => {
    const TimelineSchema = z.strictObject({
      type: z.literal('timeline'),
      title: TextSchema,
      stages: z.array(z.strictObject({ name: TextSchema, cards: z.array(z.strictObject({ title: TextSchema, duration: DurationSchema.optional() })) })),
    });
    const input = {
      type: 'timeline',
      title: 'Programme',
      stages: [
        { name: 'Basics', cards: [{ title: 'AutoCAD', duration: 40 }, { title: 'Orientation' }] },
        { name: 'Design', cards: [{ title: 'ETABS', duration: '50 hours / 8 days' }] },
      ],
    };

    expect(fieldsOf(TimelineSchema, input)).toEqual([
      { kind: 'duration', path: 'stages.0.cards.0.duration', value: { text: '40 hours', hours: 40 } },
      { kind: 'duration', path: 'stages.1.cards.0.duration', value: { text: '50 hours / 8 days', hours: 50 } },
    ]);
    // …and so the brochure lists them: course-summary asks for durations, not for section types.
    expect(durationsIn(TimelineSchema, TimelineSchema.parse(input))).toEqual(['40 hours', '50 hours / 8 days']);
    expect(durationsIn(z.array(TimelineSchema), [TimelineSchema.parse(input)])).toEqual(['40 hours', '50 hours / 8 days']);
  });

  it('finds a link inside the recursive (lazy) site menu, however deep', () => {
    const site = SiteSchema.parse({
      ...testSite,
      menu: [
        { label: 'Home', href: '/' },
        { label: 'Courses', items: [{ label: 'Structure', items: [{ label: 'ETABS', href: '/etabs' }] }] },
      ],
    });

    const links = findFields(SiteSchema, site, ['link']).map(({ path, value }) => [path.join('.'), value]);

    expect(links).toContainEqual(['menu.0.href', '/']);
    expect(links).toContainEqual(['menu.1.items.0.items.0.href', '/etabs']);
    expect(links).toContainEqual(['contact.chat', 'https://wa.me/910000000000']);
    expect(links).toContainEqual(['social.0.href', 'https://facebook.example.com/cesa']);
  });

  it('reports a field of a kind whole: an image is one field, its src is not a public file of its own', () => {
    const schema = z.strictObject({ photo: ImageSchema, poster: ImageSchema.optional(), video: PublicFileSchema });
    expect(fieldsOf(schema, { photo: { src: '/images/a.webp', alt: 'A' }, video: '/videos/a.mp4' })).toEqual([
      { kind: 'image', path: 'photo', value: { src: '/images/a.webp', alt: 'A' } },
      { kind: 'public-file', path: 'video', value: '/videos/a.mp4' },
    ]);
  });

  it("the site's brochure file is written by the build: an output file, not a public file that must exist", () => {
    const site = SiteSchema.parse(testSite);
    expect(findFields(SiteSchema, site, ['public-file', 'output-file', 'image']).map(({ kind, path }) => [kind, path.join('.')])).toEqual([
      ['image', 'logo'],
      ['output-file', 'brochure.file'],
    ]);
  });

  it('picks the section of a discriminated union by its type, and finds links, images and durations in it', () => {
    const page = PageSchema.parse({
      meta: { title: 'T', description: 'D', keywords: 'k', aliases: ['/Old'] },
      sections: [
        { type: 'hero', title: 'Hero', image: '/images/hero.svg', actions: [{ label: 'Go', href: '/contact' }] },
        { type: 'packages', cards: [{ title: 'Basic', duration: 15 }] },
        { type: 'gallery', images: [{ src: '/images/g.webp', alt: 'G' }] },
        { type: 'facts', items: [{ label: 'Duration', value: '45 hours' }] },
      ],
    });

    expect(findFields(PageSchema, page).map(({ kind, path }) => [kind, path.join('.')])).toEqual([
      ['route', 'meta.aliases.0'],
      ['image', 'sections.0.image'],
      ['link', 'sections.0.actions.0.href'],
      ['duration', 'sections.1.cards.0.duration'],
      ['public-file', 'sections.2.images.0.src'],
      ['fact', 'sections.3.items.0'],
    ]);
  });

  it('picks the member of a plain union whose shape the value has', () => {
    const schema = z.array(
      z.union([
        z.strictObject({ label: TextSchema, href: HrefSchema }),
        z.strictObject({ label: TextSchema, file: PublicFileSchema }),
        z.strictObject({ label: TextSchema, duration: DurationSchema }),
        RouteSchema,
      ]),
    );
    expect(fieldsOf(schema, [{ label: 'a', file: '/docs/a.pdf' }, { label: 'b', href: '/b' }, '/c', { label: 'd', duration: 3 }])).toEqual([
      { kind: 'public-file', path: '0.file', value: '/docs/a.pdf' },
      { kind: 'link', path: '1.href', value: '/b' },
      { kind: 'route', path: '2', value: '/c' },
      { kind: 'duration', path: '3.duration', value: { text: '3 hours', hours: 3 } },
    ]);
  });

  it('steps through nullable, default, records, tuples and pipes, and skips what is absent', () => {
    const schema = z.strictObject({
      a: LinkSchema.nullable(),
      b: z.array(LinkSchema).default([]),
      c: z.record(z.string(), HrefSchema),
      d: z.tuple([TextSchema, HrefSchema]),
      e: z.strictObject({ href: HrefSchema }).transform((value) => ({ ...value, seen: true })),
      f: z.preprocess((value) => (typeof value === 'string' ? { href: value } : value), z.strictObject({ href: HrefSchema })),
      g: HrefSchema.optional(),
    });
    expect(fieldsOf(schema, { a: null, c: { x: '/x' }, d: ['t', '/d'], e: { href: '/e' }, f: '/f' })).toEqual([
      { kind: 'link', path: 'c.x', value: '/x' },
      { kind: 'link', path: 'd.1', value: '/d' },
      { kind: 'link', path: 'e.href', value: '/e' },
      { kind: 'link', path: 'f.href', value: '/f' },
    ]);
  });
});

describe('checks by kind', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a broken link deep in the site menu is reported where it is written', () => {
    root = mkdtempSync(path.join(tmpdir(), 'cesa-kinds-'));
    mkdirSync(path.join(root, 'pages'));
    mkdirSync(path.join(root, 'public/images'), { recursive: true });
    writeFileSync(path.join(root, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
    const fixture = readFileSync(path.join(import.meta.dirname, '../fixtures/site.yaml'), 'utf8');
    const site = fixture.replace(
      '  - label: Home\n    href: /\n',
      '  - label: Home\n    href: /\n  - label: Courses\n    items:\n      - label: Structure\n        items:\n          - label: ETABS\n            href: /etabs\n',
    );
    expect(site).not.toBe(fixture);
    writeFileSync(path.join(root, 'pages/_site.yaml'), site);
    writeFileSync(path.join(root, 'pages/index.yaml'), 'meta:\n  title: Home\n  description: d\n  keywords: [k]\nsections:\n  - type: hero\n    title: Home\n');

    const { errors } = loadContent({ root });

    expect(errors).toMatchObject([
      { code: 'broken-link', file: 'pages/_site.yaml', path: 'menu[1].items[0].items[0].href', line: 14, message: 'the link goes to /etabs, which is not a page of this site' },
    ]);
  });
});
