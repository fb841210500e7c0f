/**
 * The visual editor's API on a real `npm run dev` (the project's Vite config and content plugin) over
 * a throwaway content folder: what the editor lists and reads, what it is told of an edit before it
 * saves (the validator's own errors, located in the draft), that a save changes only what changed and
 * never overwrites a file changed on disk since it was opened, creating, deleting and uploading, and
 * that nothing but this computer's own pages may use it.
 */
// @tier slow: starts the dev server
// @vitest-environment node
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, tinyPage, writeInto } from '../helpers/dev-content';
import { refusalReason } from '../../editor/server/guard';
import { slugify } from '../../editor/server/upload';
import type { ContentError } from '../../src/content/errors';
import {
  EDITOR_API,
  type ConflictResponse,
  type ContentResponse,
  type FormSchema,
  type Json,
  type PageListEntry,
  type PageResponse,
  type SaveResponse,
  type SchemaResponse,
  type UploadResponse,
  type ValidateResponse,
} from '../../editor/protocol/api';

const ROOT = path.resolve(import.meta.dirname, '../..');

const ETABS = `# The ETABS course page.
meta:
  title: ETABS Training | CESA   # shown in the browser tab
  description: Learn ETABS.
  keywords: [etabs, pune]
  aliases: [/ETABS]
sections:
  - type: hero
    title: ETABS
    subtitle: Six weeks, live projects
    actions:
      - { label: Contact us, href: /contact }

  # Questions people ask.
  - type: faq
    title: Questions
    items:
      - question: How long?
        answer: Six weeks.
`;

const page = tinyPage;

/** Dates long past, never checked: on any day the editor runs, three things to look at. */
const DATES = `${tinyPage('Dates')}  - type: dates
    cycles:
      - name: Exam 2019
        validUntil: 2019-04-01
        events:
          - event: Exams
            date: 2019-03-01
`;

let content: string;
let server: ViteDevServer;
let port: number;
let base: string;

const write = (file: string, text: string | Uint8Array) => writeInto(content, file, text);
const read = (file: string) => readFileSync(path.join(content, file), 'utf8');

async function get<T>(endpoint: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${EDITOR_API}/${endpoint}`);
  return { status: response.status, body: (await response.json()) as T };
}

async function post<T>(endpoint: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${EDITOR_API}/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function upload(name: string, bytes: Uint8Array): Promise<{ status: number; body: UploadResponse & { error?: string; hint?: string } }> {
  const response = await fetch(`${base}${EDITOR_API}/upload?name=${encodeURIComponent(name)}`, { method: 'POST', body: Buffer.from(bytes) });
  return { status: response.status, body: (await response.json()) as UploadResponse & { error?: string; hint?: string } };
}

/** A request with headers fetch would not send as given (another Host). */
function rawRequest(method: string, pathname: string, headers: Record<string, string>, body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path: pathname, headers: { 'content-type': 'application/json', ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const openPage = async (file: string) => (await get<PageResponse>(`page?file=${encodeURIComponent(file)}`)).body;

/** A copy of a page's data with one value replaced. */
function edited(data: Json, at: (string | number)[], value: Json): Json {
  const copy = structuredClone(data);
  let node = copy as { [key: string]: Json } | Json[];
  for (const key of at.slice(0, -1)) node = (node as Record<string | number, Json>)[key] as { [key: string]: Json } | Json[];
  (node as Record<string | number, Json>)[at[at.length - 1]!] = value;
  return copy;
}

const lineOf = (text: string, error: ContentError) => text.split('\n')[error.line - 1] ?? '';

function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return b.filter((line, index) => line !== a[index]);
}

function findNode(node: unknown, test: (node: FormSchema) => boolean): FormSchema | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  if (!Array.isArray(node) && test(node as FormSchema)) return node as FormSchema;
  for (const child of Object.values(node)) {
    const found = findNode(child, test);
    if (found) return found;
  }
  return undefined;
}

beforeAll(async () => {
  content = mkdtempSync(path.join(tmpdir(), 'cesa-editor-api-'));
  write('public/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  write('public/downloads/syllabus.pdf', '%PDF-1.4\n');
  write('public/images/small.png', await sharp({ create: { width: 200, height: 100, channels: 3, background: '#36c' } }).png().toBuffer());
  write('pages/_site.yaml', readFileSync(path.join(ROOT, 'tests/fixtures/site.yaml'), 'utf8'));
  for (const template of readdirSync(path.join(ROOT, 'pages/_templates'))) write(`pages/_templates/${template}`, readFileSync(path.join(ROOT, 'pages/_templates', template), 'utf8'));
  write('pages/index.yaml', page('Home'));
  write('pages/etabs.yaml', ETABS);
  write('pages/contact.yaml', page('Contact', '    actions:\n      - label: See the ETABS course\n        href: /etabs\n'));
  write('pages/broken.yaml', page('Broken', '    subtilte: a typo\n'));
  write('pages/dates.yaml', DATES);
  ({ server, port, base } = await startDevServer(content));
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(content, { recursive: true, force: true });
});

describe('the editor pages', () => {
  it('serves the editor and its preview as pages that load their apps, never cached', async () => {
    for (const [pathname, root, entry] of [
      ['/_editor', 'editor-root', '/editor/app/main.tsx'],
      ['/_editor/', 'editor-root', '/editor/app/main.tsx'],
      ['/_editor/preview', 'root', '/editor/app/preview-main.tsx'],
    ] as const) {
      const response = await fetch(`${base}${pathname}`, { headers: { accept: 'text/html' } });
      const html = await response.text();
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`<div id="${root}"></div>`);
      expect(html).toContain(`<script type="module" src="${entry}"></script>`);
      // Through Vite: its client reloads the editor's code when it changes.
      expect(html).toContain('/@vite/client');
      expect(html).not.toContain('<main');
    }
    expect(await (await fetch(`${base}/_editor`)).text()).toContain('<title>CESA editor</title>');
  });
});

describe('reading', () => {
  it('lists every page with its route, title, name and number of errors, and not the site document or the templates', async () => {
    const { status, body } = await get<PageListEntry[]>('pages');
    expect(status).toBe(200);
    expect(body.map((entry) => entry.file)).toEqual(['pages/broken.yaml', 'pages/contact.yaml', 'pages/dates.yaml', 'pages/etabs.yaml', 'pages/index.yaml']);
    expect(body.find((entry) => entry.file === 'pages/etabs.yaml')).toEqual({ file: 'pages/etabs.yaml', route: '/etabs', title: 'ETABS Training | CESA', name: 'ETABS Training', errors: 0, warnings: 0 });
    // Named as editors call a page: the first part of its search title; the home page as such.
    expect(body.find((entry) => entry.file === 'pages/index.yaml')).toMatchObject({ route: '/', name: 'Home page' });
    // A page with a mistake keeps its title (read from the file) and counts its errors.
    expect(body.find((entry) => entry.file === 'pages/broken.yaml')).toMatchObject({ route: '/broken', title: 'Broken', errors: 1 });
  });

  it('gives the form its schema with the marks the form needs, the section types and the templates', async () => {
    const { body } = await get<SchemaResponse>('schema');
    expect(Object.keys(body.page.properties as object)).toEqual(['meta', 'sections']);
    expect(findNode(body.page, (node) => node['x-cesa-discriminator'] === 'type')).toBeDefined();
    // The hero's banner image: an image in the hero slot.
    expect(findNode(body.page, (node) => node['x-cesa-kind'] === 'image' && node['x-cesa-slot'] === 'hero')).toBeDefined();
    expect(findNode(body.page, (node) => node['x-cesa-kind'] === 'link')).toBeDefined();
    const faq = body.sections.find((section) => section.type === 'faq')!;
    expect(faq.label).toMatch(/^Questions that open one at a time/);
    expect(faq.example).toMatchObject({ type: 'faq', title: 'Placement FAQ' });
    // Every section type, by name: the batches and the dated lists among them.
    const types = body.sections.map((section) => section.type);
    expect(types).toEqual([...types].sort());
    expect(types).toEqual(expect.arrayContaining(['batches', 'brochure', 'dates', 'faq']));
    expect(body.templates.map((template) => template.name)).toEqual(['basic', 'course']);
    expect(body.templates[0]!.description).toMatch(/^A plain page: a hero and some text\./);
  });

  it('offers every route with its title, the images and other files of public/, and the site for the preview', async () => {
    const { body } = await get<ContentResponse>('content');
    expect(body.routes).toContainEqual({ route: '/etabs', title: 'ETABS Training | CESA' });
    // An alias is offered with the title of the page it leads to.
    expect(body.routes).toContainEqual({ route: '/ETABS', title: 'ETABS Training | CESA' });
    expect(body.routes.map((entry) => entry.route)).toContain('/broken');
    expect(body.images).toEqual(['/images/logo.svg', '/images/small.png']);
    expect(body.files).toEqual(['/downloads/syllabus.pdf']);
    expect(body.site).toMatchObject({ shortName: 'CESA' });
    expect(body.menu).toMatchObject([{ label: 'Home', href: '/' }]);
    expect(body.imageSizes['/images/logo.svg']).toEqual({ width: 120, height: 40 });
  });

  it('reads a page: its text, a version, its data and the errors npm run check reports', async () => {
    const etabs = await openPage('pages/etabs.yaml');
    expect(etabs).toMatchObject({ file: 'pages/etabs.yaml', route: '/etabs', text: ETABS, errors: [] });
    expect(etabs.version).toMatch(/^[0-9a-f]{16}$/);
    expect(etabs.data).toMatchObject({ meta: { title: 'ETABS Training | CESA', aliases: ['/ETABS'] } });
    const broken = await openPage('pages/broken.yaml');
    expect(broken.errors).toMatchObject([{ code: 'unknown-key', path: 'sections[0].subtilte', line: 8, hint: expect.stringContaining('subtitle') as string }]);
  });

  it('lists the pages that link to a page (and to its aliases)', async () => {
    write('pages/about.yaml', page('About', '    actions:\n      - { label: Old address, href: /ETABS }\n'));
    expect((await get('links?route=%2Fetabs')).body).toEqual({ files: ['pages/about.yaml', 'pages/contact.yaml'] });
    rmSync(path.join(content, 'pages/about.yaml'));
    expect((await get('links?route=%2Fcontact')).body).toEqual({ files: ['pages/etabs.yaml'] });
  });
});

describe('what a date has made stale (warnings, never errors)', () => {
  it('the page list counts them, the page and each edit name them at their field, in plain words', async () => {
    const list = (await get<PageListEntry[]>('pages')).body;
    expect(list.find((entry) => entry.file === 'pages/dates.yaml')).toMatchObject({ errors: 0, warnings: 3 });
    const opened = await openPage('pages/dates.yaml');
    expect(opened.errors).toEqual([]);
    expect(opened.warnings!.map(({ line, path: where, code, message }) => ({ line, path: where, code, message }))).toEqual([
      { line: 10, path: 'sections[1].cycles[0].name', code: 'date-check', message: 'every date of Exam 2019 is past (the last was 1 March 2019): the page shows them as held' },
      { line: 10, path: 'sections[1].cycles[0].name', code: 'date-check', message: 'nobody has recorded checking the dates of Exam 2019 against the official site' },
      { line: 11, path: 'sections[1].cycles[0].validUntil', code: 'date-check', message: 'the dates of Exam 2019 were to be checked again by 1 April 2019, which is past' },
    ]);
    const later = edited(opened.data, ['sections', 1, 'cycles', 0, 'validUntil'], '2999-01-01');
    const { body } = await post<ValidateResponse>('validate', { file: 'pages/dates.yaml', data: later });
    expect(body.errors).toEqual([]);
    expect(body.warnings!.map((warning) => warning.path)).toEqual(['sections[1].cycles[0].name', 'sections[1].cycles[0].name']);
  });
});

describe('validating an edit before it is saved', () => {
  it("returns the validator's errors with their codes and hints at the field's path, located in the text a save would write", async () => {
    const etabs = await openPage('pages/etabs.yaml');
    const data = edited(etabs.data, ['sections', 0, 'title'], '');
    const { status, body } = await post<ValidateResponse>('validate', { file: 'pages/etabs.yaml', data });
    expect(status).toBe(200);
    expect(changedLines(ETABS, body.text)).toEqual([expect.stringMatching(/^ {4}title: (""|'')$/)]);
    expect(body.errors).toMatchObject([{ code: 'too-few', path: 'sections[0].title', file: 'pages/etabs.yaml', message: 'must not be empty' }]);
    expect(body.errors[0]!.hint).toBeTruthy();
    expect(lineOf(body.text, body.errors[0]!)).toMatch(/^ {4}title: (""|'')$/);
    // Nothing is written.
    expect(read('pages/etabs.yaml')).toBe(ETABS);
  });

  it('checks across files too: a link to a page that does not exist, an image too small for its slot', async () => {
    const etabs = await openPage('pages/etabs.yaml');
    // Two lines more above the link: the error must point into the draft, not into the file on disk.
    let data = edited(etabs.data, ['sections', 0, 'points'], ['Models', 'Loads']);
    data = edited(data, ['sections', 0, 'actions', 0, 'href'], '/nowhere');
    data = edited(data, ['sections', 0, 'image'], { src: '/images/small.png', alt: 'A model' });
    const { body } = await post<ValidateResponse>('validate', { file: 'pages/etabs.yaml', data });
    const codes = body.errors.map((error) => [error.code, error.path]);
    expect(codes).toEqual([
      ['broken-link', 'sections[0].actions[0].href'],
      ['image-too-small', 'sections[0].image.src'],
    ]);
    expect(lineOf(body.text, body.errors[0]!)).toContain('/nowhere');
    expect(body.errors[0]!.hint).toBeTruthy();
    expect(body.errors[1]!.message).toContain('a hero banner needs a photo at least 800 px wide');
    expect(lineOf(body.text, body.errors[1]!)).toContain('/images/small.png');
  });

  it('a route already taken by another page is an error of the draft', async () => {
    const contact = await openPage('pages/contact.yaml');
    const data = edited(contact.data, ['meta', 'aliases'], ['/etabs']);
    const { body } = await post<ValidateResponse>('validate', { file: 'pages/contact.yaml', data });
    expect(body.errors).toMatchObject([{ code: 'duplicate-route', path: 'meta.aliases[0]', file: 'pages/contact.yaml' }]);
  });
});

describe('saving', () => {
  it('writes only what changed: one field, one line, comments and formatting kept', async () => {
    const before = await openPage('pages/etabs.yaml');
    const data = edited(before.data, ['sections', 1, 'title'], 'Frequently asked');
    const { status, body } = await post<SaveResponse>('save', { file: 'pages/etabs.yaml', data, version: before.version });
    expect(status).toBe(200);
    const after = read('pages/etabs.yaml');
    expect(changedLines(ETABS, after)).toEqual(['    title: Frequently asked']);
    expect(body).toEqual({ text: after, version: expect.stringMatching(/^[0-9a-f]{16}$/) as string, errors: [], elsewhere: [] });
    expect((await openPage('pages/etabs.yaml')).version).toBe(body.version);
  });

  it('keeps what the form cannot edit byte for byte: an unknown section type, a section that is a string, unknown keys, wrong types', async () => {
    const odd = `# A page with odd parts
meta:
  title: Odd parts   # trailing comment
  description: d
  keywords: [k]
  mystery: 42
sections:
  - type: nosuchtype
    foo: bar
    nested: {a: 1, b: [1, 2]}
  - just a string
  - type: prose
    body: 5
    extra_key: keep me   # keep
  - type: faq
    items: 12
`;
    write('pages/odd.yaml', odd);
    const opened = await openPage('pages/odd.yaml');
    expect(opened.errors.map((error) => error.code)).toEqual(expect.arrayContaining(['unknown-section-type', 'unknown-key', 'wrong-type']));
    const data = edited(opened.data, ['meta', 'title'], 'Odd parts, edited');
    expect((await post<SaveResponse>('save', { file: 'pages/odd.yaml', data, version: opened.version })).status).toBe(200);
    expect(changedLines(odd, read('pages/odd.yaml'))).toEqual(['  title: Odd parts, edited # trailing comment']);
    rmSync(path.join(content, 'pages/odd.yaml'));
  });

  it('saves an invalid page when asked, and its errors count at once (without waiting for the file watcher)', async () => {
    const before = await openPage('pages/contact.yaml');
    const data = edited(before.data, ['sections', 0, 'actions', 0, 'href'], '/no-such-page');
    const { body } = await post<SaveResponse>('save', { file: 'pages/contact.yaml', data, version: before.version });
    expect(body.errors).toMatchObject([{ code: 'broken-link', path: 'sections[0].actions[0].href' }]);
    expect((await get<PageListEntry[]>('pages')).body.find((entry) => entry.file === 'pages/contact.yaml')!.errors).toBe(1);
    const fixed = edited(data, ['sections', 0, 'actions', 0, 'href'], '/etabs');
    expect((await post<SaveResponse>('save', { file: 'pages/contact.yaml', data: fixed, version: body.version })).body.errors).toEqual([]);
  });

  it('never overwrites a file changed on disk since it was opened, unless told to', async () => {
    const opened = await openPage('pages/etabs.yaml');
    const onDisk = opened.text.replace('Six weeks, live projects', 'Eight weeks');
    write('pages/etabs.yaml', onDisk);
    const data = edited(opened.data, ['meta', 'description'], 'Learn ETABS in Pune.');
    const conflict = await post<ConflictResponse>('save', { file: 'pages/etabs.yaml', data, version: opened.version });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ conflict: true, text: onDisk, version: expect.not.stringMatching(opened.version) as string });
    expect(conflict.body.data).toEqual(edited(opened.data, ['sections', 0, 'subtitle'], 'Eight weeks'));
    expect(conflict.body.mine).toContain('description: Learn ETABS in Pune.');
    expect(read('pages/etabs.yaml')).toBe(onDisk);

    const overwritten = await post<SaveResponse>('save', { file: 'pages/etabs.yaml', data, version: opened.version, overwrite: true });
    expect(overwritten.status).toBe(200);
    expect(read('pages/etabs.yaml')).toBe(conflict.body.mine);
    // Written over the file as it is on disk now: what the editor's data says wins, the rest of the text is kept.
    expect(read('pages/etabs.yaml')).toContain('# Questions people ask.');
  });
});

describe('files the form cannot hold', () => {
  const unreadable: [string, string | Uint8Array, string][] = [
    ['a syntax error', 'meta:\n  title: "Broken\nsections: [\n', 'yaml-syntax'],
    ['tab indentation', 'meta:\n\ttitle: Tabbed\nsections: []\n', 'yaml-tab'],
    ['an anchor and an alias', 'meta: &m\n  title: A\nsections:\n  - type: prose\n    body: *m\n', 'yaml-alias'],
    ['a tag', 'meta:\n  title: !!str Tagged\nsections: []\n', 'yaml-tag'],
    ['a list, not a map', '- a\n- b\n', 'not-a-document'],
    ['bytes that are not UTF-8', Buffer.from('meta:\n  title: Caf\xe9\nsections: []\n', 'latin1'), 'not-utf8'],
  ];

  it.each(unreadable)('gives no data for a file with %s (the editor shows its text and errors), and writes nothing over it', async (_what, text, code) => {
    write('pages/odd.yaml', text);
    const opened = await openPage('pages/odd.yaml');
    expect(opened.data).toBeNull();
    expect(opened.errors.map((error) => error.code)).toContain(code);
    const before = readFileSync(path.join(content, 'pages/odd.yaml'));
    const save = await post<{ error: string }>('save', { file: 'pages/odd.yaml', data: { meta: { title: 'X' }, sections: [] }, version: opened.version });
    expect(save.status).toBe(409);
    expect(save.body.error).toMatch(/cannot read pages\/odd.yaml/);
    expect(readFileSync(path.join(content, 'pages/odd.yaml'))).toEqual(before);
    rmSync(path.join(content, 'pages/odd.yaml'));
  });

  it('refuses to copy a page that is not UTF-8 (the copy would hold � for what could not be read)', async () => {
    write('pages/odd.yaml', Buffer.from('meta:\n  title: Caf\xe9\nsections: []\n', 'latin1'));
    const refused = await post<{ error: string }>('create', { name: 'Odd', route: '/odd-copy', from: { copy: 'pages/odd.yaml' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('pages/odd.yaml cannot be copied: its text is not a page the editor can read.');
    expect(existsSync(path.join(content, 'pages/odd-copy.yaml'))).toBe(false);
    rmSync(path.join(content, 'pages/odd.yaml'));
  });

  it('opens an empty file (or one of comments only) as an empty page to fill in, its comments kept', async () => {
    write('pages/odd.yaml', '# To be written.\n');
    const opened = await openPage('pages/odd.yaml');
    expect(opened.data).toEqual({});
    const saved = await post<SaveResponse>('save', { file: 'pages/odd.yaml', data: { meta: { title: 'Odd' } }, version: opened.version });
    expect(saved.status).toBe(200);
    expect(read('pages/odd.yaml')).toBe('# To be written.\nmeta:\n  title: Odd\n');
    rmSync(path.join(content, 'pages/odd.yaml'));
  });

  it('overwrites a file that stopped being YAML on disk only when told to, with the data printed afresh', async () => {
    write('pages/odd.yaml', page('Odd'));
    const opened = await openPage('pages/odd.yaml');
    write('pages/odd.yaml', 'meta: [\n');
    const data = edited(opened.data, ['meta', 'title'], 'Odd again');
    const conflict = await post<ConflictResponse>('save', { file: 'pages/odd.yaml', data, version: opened.version });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ conflict: true, text: 'meta: [\n', data: null });
    const validated = await post<ValidateResponse>('validate', { file: 'pages/odd.yaml', data });
    expect(validated.status).toBe(200);
    const overwritten = await post<SaveResponse>('save', { file: 'pages/odd.yaml', data, version: opened.version, overwrite: true });
    expect(overwritten.status).toBe(200);
    expect((await openPage('pages/odd.yaml')).data).toEqual(data);
    rmSync(path.join(content, 'pages/odd.yaml'));
  });
});

describe('a file deleted on disk while open', () => {
  it('is not written by a save, is checked as it would be written, and is written again when the editor asks', async () => {
    write('pages/gone.yaml', page('Gone'));
    const opened = await openPage('pages/gone.yaml');
    rmSync(path.join(content, 'pages/gone.yaml'));
    const data = edited(opened.data, ['meta', 'title'], 'Back again');
    const refused = await post<{ error: string }>('save', { file: 'pages/gone.yaml', data, version: opened.version });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('pages/gone.yaml does not exist any more.');
    expect(existsSync(path.join(content, 'pages/gone.yaml'))).toBe(false);
    const checked = await post<ValidateResponse>('validate', { file: 'pages/gone.yaml', data });
    expect(checked.status).toBe(200);
    expect(checked.body.text).toContain('title: Back again');
    const saved = await post<SaveResponse>('save', { file: 'pages/gone.yaml', data, version: opened.version, overwrite: true });
    expect(saved.status).toBe(200);
    expect(parse(read('pages/gone.yaml'))).toEqual(data);
    expect(saved.body.errors).toEqual([]);
    rmSync(path.join(content, 'pages/gone.yaml'));
  });
});

describe('creating and deleting', () => {
  it('creates a page from a template, its text as it is but for the name and duration, stated once', async () => {
    const { status, body } = await post('create', { name: 'Tekla Structures', duration: '60 hours', route: '/tekla-structures', from: { template: 'course' } });
    expect(status).toBe(201);
    expect(body).toEqual({ file: 'pages/tekla-structures.yaml', route: '/tekla-structures' });
    const template = readFileSync(path.join(ROOT, 'pages/_templates/course.yaml'), 'utf8').split('\n');
    const made = read('pages/tekla-structures.yaml').split('\n');
    expect(made.filter((line, index) => line !== template[index])).toEqual([
      expect.stringMatching(/^ {4}name: Tekla Structures +# the course's name/),
      expect.stringMatching(/^ {4}duration: 60 hours +# the course's duration/),
    ]);
    // This project's site has no menu groups and no template picture: those are its only errors.
    const opened = await openPage('pages/tekla-structures.yaml');
    expect(opened.errors.map((error) => error.code)).toEqual(['invalid-value', 'missing-file']);
    expect((await get<PageListEntry[]>('pages')).body.map((entry) => entry.route)).toContain('/tekla-structures');
  });

  it('creates a copy of a page without its aliases, comments kept', async () => {
    const { status, body } = await post('create', { name: 'ETABS', route: '/etabs-online', from: { copy: 'pages/etabs.yaml' } });
    expect(status).toBe(201);
    expect(body).toEqual({ file: 'pages/etabs-online.yaml', route: '/etabs-online' });
    const copy = read('pages/etabs-online.yaml');
    expect(copy).toBe(read('pages/etabs.yaml').replace('  aliases: [/ETABS]\n', ''));
    expect((await openPage('pages/etabs-online.yaml')).errors).toEqual([]);
  });

  it('refuses a route that is taken, is an alias, is the home page or is not a route', async () => {
    for (const [route, status, words] of [
      ['/etabs', 409, 'already taken'],
      ['/ETABS', 409, 'already taken'],
      ['/', 400, 'cannot be the address'],
      ['/new page', 400, 'cannot be the address'],
      ['/../outside', 400, 'cannot be the address'],
    ] as const) {
      const response = await post<{ error: string; hint: string }>('create', { name: 'New', route, from: { template: 'basic' } });
      expect(response.status, route).toBe(status);
      expect(response.body.error).toContain(words);
      expect(response.body.hint).toBeTruthy();
    }
    expect((await post('create', { name: 'X', route: '/x', from: { template: 'nope' } })).status).toBe(400);
    const unnamed = await post<{ error: string; hint: string }>('create', { name: ' ', route: '/x', from: { template: 'basic' } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toEqual({ code: 'EDITOR_NEW_PAGE_NAME_MISSING', error: 'The new page needs a name first.', hint: expect.stringContaining('Type what the page is called') as unknown });
    expect(existsSync(path.join(content, 'pages/x.yaml'))).toBe(false);
    expect(existsSync(path.join(content, 'outside.yaml'))).toBe(false);
  });

  it('deletes a page only at the version the editor saw, and never the home page', async () => {
    const opened = await openPage('pages/tekla-structures.yaml');
    const refused = await post<ConflictResponse & { error: string }>('delete', { file: 'pages/tekla-structures.yaml', version: 'not-the-version' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('was changed since you opened it');
    expect(refused.body.version).toBe(opened.version);
    expect(existsSync(path.join(content, 'pages/tekla-structures.yaml'))).toBe(true);

    const home = await openPage('pages/index.yaml');
    expect((await post('delete', { file: 'pages/index.yaml', version: home.version })).status).toBe(400);
    expect(existsSync(path.join(content, 'pages/index.yaml'))).toBe(true);

    expect((await post('delete', { file: 'pages/tekla-structures.yaml', version: opened.version })).status).toBe(200);
    expect(existsSync(path.join(content, 'pages/tekla-structures.yaml'))).toBe(false);
    expect((await get<PageListEntry[]>('pages')).body.map((entry) => entry.route)).not.toContain('/tekla-structures');
  });
});

describe('uploading', () => {
  const uploads = () => (existsSync(path.join(content, 'public/images/uploads')) ? readdirSync(path.join(content, 'public/images/uploads')).sort() : []);

  it('saves a photo into public/images/uploads under a safe name, never over another file', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c63' } }).png().toBuffer();
    const first = await upload('Site Plan (Final).PNG', png);
    expect(first).toEqual({ status: 201, body: { src: '/images/uploads/site-plan-final.png', width: 900, height: 600 } });
    expect(readFileSync(path.join(content, 'public/images/uploads/site-plan-final.png')).equals(png)).toBe(true);
    const second = await upload('site plan final.png', png);
    expect(second.body.src).toBe('/images/uploads/site-plan-final-2.png');
    expect((await get<ContentResponse>('content')).body.images).toContain('/images/uploads/site-plan-final-2.png');
    // A JPEG named .png is saved as what it is.
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } }).jpeg().toBuffer();
    expect((await upload('photo.png', jpeg)).body.src).toBe('/images/uploads/photo.jpg');
    const svg = await upload('Logo.svg', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"/>'));
    expect(svg.body).toEqual({ src: '/images/uploads/logo.svg', width: 300, height: 100 });
  });

  it('refuses what is not an image the site can show, and writes nothing', async () => {
    const before = uploads();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c63' } }).png().toBuffer();
    for (const [name, bytes, words] of [
      ['notes.png', Buffer.from('these are not pixels'), 'not an image'],
      ['cut.png', png.subarray(0, Math.floor(png.length / 2)), 'damaged'],
      ['drawing.svg', Buffer.from('<html><script>alert(1)</script></html>'), 'not an SVG'],
      ['big.svg', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!-- ${'x'.repeat(410 * 1024)} --></svg>`), 'at most 400 KB'],
      ['syllabus.pdf', Buffer.from('%PDF-1.4\n'), 'not an image'],
    ] as const) {
      const response = await upload(name, bytes);
      expect(response.status, name).toBe(422);
      expect(response.body.error, name).toContain(words);
      expect(response.body.hint).toBeTruthy();
    }
    expect(uploads()).toEqual(before);
  });

  it('refuses a photo larger than it accepts before reading it, saying what to do about a photo', async () => {
    const before = uploads();
    const { status, text } = await rawRequest('POST', `${EDITOR_API}/upload?name=huge.jpg`, { 'content-type': 'image/jpeg', 'content-length': String(60 * 1024 * 1024) }, 'x');
    expect(status).toBe(413);
    expect(JSON.parse(text)).toEqual({ code: 'EDITOR_PHOTO_TOO_LARGE', error: 'This is more than the editor accepts at once (50 MB).', hint: expect.stringMatching(/^Use a smaller photo/) as string });
    expect(uploads()).toEqual(before);
  });

  it('answers a failure of its own in plain words, without its details (those go to the terminal)', async () => {
    const folder = path.join(content, 'public/images/uploads');
    renameSync(folder, `${folder}-kept`);
    writeFileSync(folder, 'a file where the folder should be');
    try {
      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c63' } }).png().toBuffer();
      const response = await upload('plan.png', png);
      expect(response.status).toBe(500);
      expect(Object.keys(response.body).sort()).toEqual(['code', 'error', 'hint']);
      expect(response.body.error).toContain('ran into a problem');
      expect(JSON.stringify(response.body)).not.toMatch(/EEXIST|ENOTDIR|\.ts\b|\bat /);
    } finally {
      rmSync(folder);
      renameSync(`${folder}-kept`, folder);
    }
  });
});

describe('only this computer, only page files', () => {
  it('refuses a request that names another server (DNS rebinding) or comes from another web site, and writes nothing', async () => {
    const opened = await openPage('pages/index.yaml');
    const data = edited(opened.data, ['meta', 'title'], 'Hacked');
    const body = JSON.stringify({ file: 'pages/index.yaml', data, version: opened.version });
    const saveUrl = `${EDITOR_API}/save`;
    expect((await rawRequest('POST', saveUrl, { host: `evil.example:${port}` }, body)).status).toBe(403);
    expect((await rawRequest('POST', saveUrl, { host: `127.0.0.1:${port + 1}` }, body)).status).toBe(403);
    expect((await rawRequest('POST', saveUrl, { host: `127.0.0.1:${port}`, origin: 'https://evil.example' }, body)).status).toBe(403);
    // Another server on this computer (Vite lets any localhost origin read its answers).
    expect((await rawRequest('GET', `${EDITOR_API}/pages`, { host: `127.0.0.1:${port}`, origin: 'http://localhost:3000' })).status).toBe(403);
    expect((await rawRequest('GET', '/_editor', { host: `evil.example:${port}` })).status).toBe(403);
    expect(read('pages/index.yaml')).toBe(opened.text);
    // (Vite itself refuses a name it does not know; the editor refuses the wrong port, in its own words.)
    const refused = await rawRequest('POST', saveUrl, { host: `127.0.0.1:${port + 1}` }, body);
    expect(JSON.parse(refused.text)).toEqual({
      code: 'EDITOR_DEV_OTHER_COMPUTER',
      error: expect.stringContaining('only be used from this computer') as string,
      hint: 'Open the editor on the computer where npm run dev runs, at that address.',
    });
    // The same request from the editor's own page is served.
    const own = await rawRequest('POST', saveUrl, { host: `localhost:${port}`, origin: `http://localhost:${port}` }, body);
    expect(own.status).toBe(200);
    expect(read('pages/index.yaml')).toContain('title: Hacked');
  });

  it('refuses requests from another computer', () => {
    const request = (remoteAddress: string) => ({ headers: { host: '127.0.0.1:5173' }, socket: { remoteAddress, localPort: 5173 } }) as unknown as Parameters<typeof refusalReason>[0];
    expect(refusalReason(request('192.168.1.20'))).toContain('another computer');
    expect(refusalReason(request('127.0.0.1'))).toBeUndefined();
    expect(refusalReason(request('::ffff:127.0.0.1'))).toBeUndefined();
    expect(refusalReason(request('::1'))).toBeUndefined();
  });

  it('reads and writes page files in pages/ only: no .., no absolute path, no link, not a template', async () => {
    write('secret.yaml', 'meta: {}\n');
    symlinkSync(path.join(content, 'secret.yaml'), path.join(content, 'pages/linked.yaml'));
    expect(lstatSync(path.join(content, 'pages/linked.yaml')).isSymbolicLink()).toBe(true);
    for (const file of ['pages/../secret.yaml', '../secret.yaml', path.join(content, 'secret.yaml'), 'pages/linked.yaml', 'pages/_templates/basic.yaml', 'pages/etabs.txt', 'pages\\..\\secret.yaml']) {
      const read = await get<{ error: string }>(`page?file=${encodeURIComponent(file)}`);
      expect(read.status, file).toBe(400);
      // A link is said as such, never where it leads.
      expect(read.body.error).toBe(file === 'pages/linked.yaml' ? 'pages/linked.yaml is a link to another file, which the editor never follows.' : `${file} is not a page file the editor can open.`);
      const saved = await post('save', { file, data: { meta: { title: 'x' } }, version: 'x', overwrite: true });
      expect(saved.status, file).toBe(400);
      expect((await post('delete', { file, version: 'x' })).status, file).toBe(400);
    }
    expect(read('secret.yaml')).toBe('meta: {}\n');
    expect(existsSync(path.join(content, 'pages/_site.yaml'))).toBe(true);
    rmSync(path.join(content, 'pages/linked.yaml'));
  });

  it('answers a request it does not understand in words, and a missing page as such', async () => {
    const malformed = await fetch(`${base}${EDITOR_API}/save`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"file": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: expect.any(String) as string, hint: expect.any(String) as string });
    expect((await get('page?file=pages%2Fgone.yaml')).status).toBe(404);
    expect((await get('nothing-here')).status).toBe(404);
    expect((await get('save')).status).toBe(405);
  });
});

describe('the site settings (pages/_site.yaml)', () => {
  const SITE = 'pages/_site.yaml';
  const siteText = () => read(SITE);

  it('gives the form the site schema, its menu entries nested as the form reads them (no $ref)', async () => {
    const { body } = await get<SchemaResponse>('schema');
    expect(Object.keys(body.site.properties as object)).toEqual(expect.arrayContaining(['name', 'menu', 'contact', 'branches', 'footer', 'form']));
    expect(JSON.stringify(body.site)).not.toContain('$ref');
    // A submenu's entries have a group id and a link, as the menu's own entries do.
    const menu = (body.site.properties as Record<string, FormSchema>).menu!;
    const entry = menu.items as FormSchema;
    const submenuEntry = ((entry.properties as Record<string, FormSchema>).items!.items ?? {}) as FormSchema;
    expect(Object.keys(submenuEntry.properties as object)).toEqual(['label', 'href', 'group', 'items']);
    expect(findNode(submenuEntry, (node) => node['x-cesa-kind'] === 'link')).toBeDefined();
  });

  it('is opened and checked like a page: a mistake is located at its field in the draft, with the menu the draft makes', async () => {
    const opened = await openPage(SITE);
    expect(opened).toMatchObject({ file: SITE, text: siteText(), errors: [] });
    expect(opened.data).toMatchObject({ shortName: 'CESA', contact: { phone: '+91 00000 00000' } });

    let data = edited(opened.data, ['menu', 0, 'href'], '/nowhere');
    data = edited(data, ['footer', 'about'], '');
    const { status, body } = await post<ValidateResponse>('validate', { file: SITE, data });
    expect(status).toBe(200);
    // The schema's mistakes first; the links are checked once those are fixed, as by npm run check.
    expect(body.errors).toMatchObject([{ code: 'too-few', path: 'footer.about', file: SITE }]);
    expect(lineOf(body.text, body.errors[0]!)).toMatch(/^ {2}about: (""|'')$/);
    expect(body.menu).toBeUndefined();

    const linked = await post<ValidateResponse>('validate', { file: SITE, data: edited(opened.data, ['menu', 0, 'href'], '/nowhere') });
    expect(linked.body.errors).toMatchObject([{ code: 'broken-link', path: 'menu[0].href', file: SITE }]);
    expect(lineOf(linked.body.text, linked.body.errors[0]!)).toContain('/nowhere');
    expect(linked.body.errors[0]!.hint).toBeTruthy();

    const renamed = await post<ValidateResponse>('validate', { file: SITE, data: edited(opened.data, ['menu', 0, 'label'], 'Start') });
    expect(renamed.body).toMatchObject({ errors: [], menu: [{ label: 'Start', href: '/', items: [] }] });
    expect(siteText()).toBe(opened.text);
  });

  it('is saved like a page (one field, one line; a change on disk is never overwritten), but never deleted or copied', async () => {
    const before = await openPage(SITE);
    const data = edited(before.data, ['contact', 'phone'], '+91 12345 67890');
    const { status, body } = await post<SaveResponse>('save', { file: SITE, data, version: before.version });
    expect(status).toBe(200);
    expect(changedLines(before.text, siteText())).toEqual(['  phone: "+91 12345 67890"']);
    expect(body.errors).toEqual([]);
    const stale = await post<ConflictResponse>('save', { file: SITE, data: before.data, version: before.version });
    expect(stale.status).toBe(409);
    expect(stale.body.text).toBe(siteText());

    expect((await post('delete', { file: SITE, version: body.version })).status).toBe(400);
    expect((await post('create', { name: 'Site', route: '/site-copy', from: { copy: SITE } })).status).toBe(400);
    expect(existsSync(path.join(content, 'pages/site-copy.yaml'))).toBe(false);
    expect((await post('save', { file: SITE, data: before.data, version: body.version })).status).toBe(200);
    expect(siteText()).toBe(before.text);
  });
});

describe('what an edit would break in other files', () => {
  const SITE = 'pages/_site.yaml';
  let site: PageResponse;

  /** A page made through the API (so the content is loaded again at once), changed as `change` says. */
  async function makePage(route: string, change: (data: Json) => Json): Promise<string> {
    const created = (await post<{ file: string }>('create', { name: 'Contact', route, from: { copy: 'pages/contact.yaml' } })).body;
    const opened = await openPage(created.file);
    expect((await post('save', { file: created.file, data: change(opened.data), version: opened.version })).status).toBe(200);
    return created.file;
  }

  beforeAll(async () => {
    const before = await openPage(SITE);
    const menu = [...(before.data as { menu: Json[] }).menu, { label: 'Structure', group: 'structure' }];
    expect((await post('save', { file: SITE, data: edited(before.data, ['menu'], menu), version: before.version })).status).toBe(200);
    site = await openPage(SITE);
    // A course listed in the menu's Structure group, and a page linking to the ETABS page's alias.
    await makePage('/sap', (data) => edited(data, ['meta', 'course'], { name: 'SAP', group: 'structure', menu: { group: 'structure' } }));
    await makePage('/old-links', (data) => edited(data, ['sections', 0, 'actions', 0, 'href'], '/ETABS'));
  });

  afterAll(async () => {
    for (const file of ['pages/sap.yaml', 'pages/old-links.yaml']) await post('delete', { file, version: (await openPage(file)).version });
    const now = await openPage(SITE);
    const menu = (now.data as { menu: Json[] }).menu.filter((entry) => (entry as { group?: string }).group !== 'structure');
    await post('save', { file: SITE, data: edited(now.data, ['menu'], menu), version: now.version });
  });

  const withoutStructure = () => edited(site.data, ['menu'], (site.data as { menu: Json[] }).menu.slice(0, -1));

  it('site settings: removing a menu group a course names is an error of the course page, not of the settings', async () => {
    const { body } = await post<ValidateResponse>('validate', { file: SITE, data: withoutStructure() });
    expect(body.errors).toEqual([]);
    expect(body.elsewhere).toMatchObject([{ file: 'pages/sap.yaml', code: 'invalid-value', path: 'meta.course.menu.group' }]);
    expect(lineOf(read('pages/sap.yaml'), body.elsewhere![0]!)).toContain('group: structure');
    // Nothing is written; an edit that breaks nothing elsewhere says so.
    expect(read(SITE)).toBe(site.text);
    const renamed = await post<ValidateResponse>('validate', { file: SITE, data: edited(site.data, ['menu', 0, 'label'], 'Start') });
    expect(renamed.body).toMatchObject({ errors: [], elsewhere: [] });
  });

  it('a page: removing an alias another page links to is a broken link of that page; other edits break nothing', async () => {
    const etabs = await openPage('pages/etabs.yaml');
    const { body } = await post<ValidateResponse>('validate', { file: 'pages/etabs.yaml', data: edited(etabs.data, ['meta', 'aliases'], []) });
    expect(body.errors).toEqual([]);
    expect(body.elsewhere).toMatchObject([{ file: 'pages/old-links.yaml', code: 'broken-link', path: 'sections[0].actions[0].href' }]);
    expect(lineOf(read('pages/old-links.yaml'), body.elsewhere![0]!)).toContain('/ETABS');

    // pages/broken.yaml has errors of its own already: they are not this edit's doing.
    const unrelated = await post<ValidateResponse>('validate', { file: 'pages/etabs.yaml', data: edited(etabs.data, ['sections', 0, 'title'], 'ETABS in Pune') });
    expect(unrelated.body).toMatchObject({ errors: [], elsewhere: [] });
  });

  it('a save says what it broke elsewhere, compared with the files before it', async () => {
    const { body } = await post<SaveResponse>('save', { file: SITE, data: withoutStructure(), version: site.version });
    expect(body.errors).toEqual([]);
    expect(body.elsewhere).toMatchObject([{ file: 'pages/sap.yaml', code: 'invalid-value', path: 'meta.course.menu.group' }]);
    const saved = await post<SaveResponse>('save', { file: SITE, data: site.data, version: body.version });
    expect(saved.body).toMatchObject({ errors: [], elsewhere: [] });
    expect(read(SITE)).toBe(site.text);
  });
});

describe('names of uploads', () => {
  it('keeps lowercase letters, digits and dashes', () => {
    expect(slugify('Café Plan (v2)')).toBe('cafe-plan-v2');
    expect(slugify('***')).toBe('image');
  });
});
