/**
 * The catalogue of content errors (src/content/error-codes.ts): every code is reported by some
 * mistake, through the public loading API, with its words; docs/errors.md lists exactly its codes; and
 * an unknown code or wrong parameters do not compile.
 */
// @tier slow: runs the TypeScript compiler over the catalogue
// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { diagnosticsOf } from '../helpers/compile';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_ERRORS, problem, WARNING_CODES, type ContentErrorCode, type WarningCode } from '../../src/content/error-codes';
import type { ContentError } from '../../src/content/errors';
import { loadContent } from '../../src/content/load';
import { sectionTypes } from '../../src/sections/registry';

const root = path.resolve(import.meta.dirname, '../..');
const siteYaml = readFileSync(path.join(root, 'tests/fixtures/site.yaml'), 'utf8');

const head = (title: string, extra = '') => `meta:\n  title: ${title}\n  description: d\n  keywords: [k]\n${extra}sections:\n  - type: hero\n    title: ${title}\n`;

/** A throwaway project: what is not given is the minimal site document, its logo and a home page. */
interface Project {
  pages?: Record<string, string | Buffer>;
  public?: Record<string, string | Buffer>;
  /** No pages/_site.yaml. */
  noSite?: boolean;
}

/** One mistake for each code but the warnings (tests/content/date-warnings.test.ts): a new code without one here does not compile. */
const MISTAKES: Record<Exclude<ContentErrorCode, WarningCode>, Project> = {
  'dated-fact': { pages: { 'a.yaml': `${head('A')}  - type: dates\n    cycles:\n      - name: GATE 2027\n        validUntil: 2026-08-31\n        events:\n          - event: Exams\n            date: { from: 2027-02-15, to: 2027-02-07 }\n` } },
  'yaml-syntax': { pages: { 'a.yaml': 'meta:\n  title: "Unclosed\n  description: x\nsections: []\n' } },
  'yaml-tab': { pages: { 'a.yaml': 'meta:\n\ttitle: x\n' } },
  'yaml-duplicate-key': { pages: { 'a.yaml': 'meta:\n  title: a\n  title: b\n' } },
  'yaml-alias': { pages: { 'a.yaml': 'meta: &m\n  title: x\n' } },
  'yaml-tag': { pages: { 'a.yaml': 'meta:\n  title: !New batch\n' } },
  'not-a-document': { pages: { 'a.yaml': '- a\n- b\n' } },
  'unknown-key': { pages: { 'a.yaml': `${head('A')}    colour: red\n` } },
  'unknown-section-type': { pages: { 'a.yaml': `${head('A')}  - type: heroo\n    title: B\n` } },
  'missing-field': { pages: { 'a.yaml': 'meta:\n  title: A\n  keywords: [k]\nsections:\n  - type: hero\n    title: A\n' } },
  'wrong-type': { pages: { 'a.yaml': `${head('A')}  - type: list\n    title: Highlights\n    items: 3\n` } },
  'invalid-value': { pages: { 'a.yaml': `${head('A')}  - type: prose\n    body: text\n    imageSide: centre\n` } },
  'too-few': { pages: { 'a.yaml': `${head('A')}  - type: faq\n    items: []\n` } },
  'too-many': { pages: { 'a.yaml': `${head('A')}  - type: logos\n    columns: 7\n    items:\n      - name: Example Institute\n` } },
  'invalid-format': { pages: { 'a.yaml': `${head('A')}    actions:\n      - label: Enroll Now\n        href: www.example.com/form\n` } },
  // The hint of what zod finds is the field's description (a row of a table has none: no hint).
  'invalid-content': { pages: { 'a.yaml': `${head('A')}    image: /images/hero.txt\n` } },
  'broken-link': { pages: { 'a.yaml': `${head('A')}    actions:\n      - label: Contact\n        href: /contcat\n`, 'contact.yaml': head('Contact') } },
  'missing-file': { pages: { 'a.yaml': `${head('A')}    image: /images/missing.svg\n` } },
  'image-too-heavy': { pages: { 'a.yaml': `${head('A')}    image: /images/drawing.svg\n` }, public: { 'images/drawing.svg': Buffer.alloc(500 * 1024) } },
  'image-too-small': { pages: { 'a.yaml': `${head('A')}    image: /images/tiny.png\n` }, public: { 'images/tiny.png': 'tiny' } },
  'image-unreadable': { pages: { 'a.yaml': `${head('A')}    image: /images/broken.jpg\n` }, public: { 'images/broken.jpg': 'not a photo' } },
  'duplicate-route': { pages: { 'a.yaml': head('A', '  aliases: [/about]\n'), 'about.yaml': head('About') } },
  'route-collision': { pages: { 'favicon.svg.yaml': head('Icon') }, public: { 'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
  'bad-file-name': { pages: { 'New Course.yaml': head('New') } },
  'ignored-file': { pages: { 'a.YAML': head('A') } },
  'missing-site': { noSite: true },
  'not-utf8': { pages: { 'a.yaml': Buffer.from('meta:\n  title: Caf\xe9\n', 'latin1') } },
  'hidden-character': { pages: { 'a.yaml': head('Hid\u202eden') } },
  'course-fact': { pages: { 'a.yaml': `${head('A', '  course: { name: A, group: structure, menu: false }\n')}    subtitle: "In {duration}"\n` } },
  'facts-too-long': { pages: { 'a.yaml': `${head('A', `  course: { name: ${'N'.repeat(100_000)}, group: structure, menu: false }\n`)}    subtitle: "${'{name}'.repeat(11)}"\n` } },
  'course-card': { pages: { 'a.yaml': `${head('A')}  - type: course-cards\n    cards:\n      - course: /about\n        image: { src: /images/logo.svg, alt: A }\n`, 'about.yaml': head('About') } },
  batch: { pages: { 'a.yaml': `${head('A', '  course:\n    name: A\n    group: other\n    batches:\n      - { start: 2027-02-01, end: 2027-01-20, days: Mon–Fri, time: 10:00–13:00, mode: classroom, centre: Pune, fee: 12500 }\n')}` } },
  'file-too-large': { pages: { 'a.yaml': `${head('A')}    text: ${'x'.repeat(1024 * 1024)}\n` } },
  'too-deep': { pages: { 'a.yaml': `a: ${'['.repeat(70)}${']'.repeat(70)}\n` } },
};

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function errorsOf({ pages = {}, public: files = {}, noSite = false }: Project): Promise<ContentError[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'cesa-error-codes-'));
  folders.push(folder);
  const write = (file: string, data: string | Buffer) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data);
  };
  write(path.join(folder, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  if (!noSite) write(path.join(folder, 'pages/_site.yaml'), siteYaml);
  write(path.join(folder, 'pages/index.yaml'), head('Home'));
  for (const [file, data] of Object.entries(pages)) write(path.join(folder, 'pages', file), data);
  for (const [file, data] of Object.entries(files)) write(path.join(folder, 'public', file), data);
  if ('images/tiny.png' in files) await sharp({ create: { width: 20, height: 10, channels: 3, background: 'red' } }).png().toFile(path.join(folder, 'public/images/tiny.png'));
  return loadContent({ root: folder }).errors;
}

describe('the catalogue of content errors', () => {
  const codes = Object.keys(CONTENT_ERRORS) as ContentErrorCode[];

  it('has a title for every code, and the codes are kebab-case', () => {
    for (const code of codes) {
      expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(CONTENT_ERRORS[code].title.trim(), code).not.toBe('');
    }
  });

  it.each(Object.keys(MISTAKES) as (keyof typeof MISTAKES)[])('%s is reported, with a message and a hint', async (code) => {
    const errors = await errorsOf(MISTAKES[code]);
    const error = errors.find((found) => found.code === code);
    expect(error, `${code} among ${errors.map((found) => found.code).join(', ')}`).toBeDefined();
    expect(error!.message.trim()).not.toBe('');
    expect(error!.hint?.trim()).toBeTruthy();
    expect(error!.line).toBeGreaterThan(0);
    expect(error!.column).toBeGreaterThan(0);
  });

  it('every code has a mistake above that reports it (the table is typed by the catalogue; this checks it at run time too)', () => {
    expect([...Object.keys(MISTAKES), ...WARNING_CODES].sort()).toEqual([...codes].sort());
  });

  it('words an error with its parameters', () => {
    expect(problem('broken-link', { route: '/contcat', suggestion: '/contact' })).toEqual({
      code: 'broken-link',
      message: 'the link goes to /contcat, which is not a page of this site',
      hint: 'Did you mean /contact? Routes come from the files in pages/.',
    });
    expect(problem('yaml-duplicate-key')).toEqual({
      code: 'yaml-duplicate-key',
      message: 'this key appears twice in the same block',
      hint: 'Keep one of the two: the second would silently replace the first.',
    });
  });
});

describe('what an editor reads, end to end (file, line, column, path, code, message, hint)', () => {
  const located = async (project: Project, code: ContentErrorCode) => {
    const { file, line, column, path: where, message, hint } = (await errorsOf(project)).find((error) => error.code === code)!;
    return { file, line, column, path: where, code, message, hint };
  };

  it('an unknown section type, with the nearest one', async () => {
    expect(await located(MISTAKES['unknown-section-type'], 'unknown-section-type')).toEqual({
      file: 'pages/a.yaml',
      line: 8,
      column: 5,
      path: 'sections[1].type',
      code: 'unknown-section-type',
      message: '"heroo" is not a section type',
      hint: `Did you mean "hero"? Section types: ${sectionTypes.join(', ')}.`,
    });
  });

  it('a value of the wrong kind', async () => {
    expect(await located(MISTAKES['wrong-type'], 'wrong-type')).toMatchObject({
      file: 'pages/a.yaml',
      line: 10,
      column: 5,
      path: 'sections[1].items',
      message: 'expected a list (lines starting with "- "), found a number (3)',
      hint: expect.stringMatching(/\S/) as unknown,
    });
  });

  it('a missing required field', async () => {
    expect(await located(MISTAKES['missing-field'], 'missing-field')).toMatchObject({
      file: 'pages/a.yaml',
      line: 1,
      column: 1,
      path: 'meta.description',
      message: '"description" is missing',
      hint: expect.stringMatching(/^Add `description:` \(.+\)\.$/) as unknown,
    });
  });

  it('a quote left open, where it opens', async () => {
    expect(await located(MISTAKES['yaml-syntax'], 'yaml-syntax')).toEqual({
      file: 'pages/a.yaml',
      line: 2,
      column: 10,
      path: 'meta.title',
      code: 'yaml-syntax',
      message: 'the quoted text that starts here is never closed',
      hint: 'Add the closing " at the end of the text.',
    });
  });

  it('an alias that is already a page', async () => {
    expect(await located(MISTAKES['duplicate-route'], 'duplicate-route')).toEqual({
      file: 'pages/a.yaml',
      line: 5,
      column: 13,
      path: 'meta.aliases[0]',
      code: 'duplicate-route',
      message: 'the alias /about is already the page of pages/about.yaml',
      hint: 'Remove the alias, or rename or delete that page.',
    });
  });

  it('a link to a page that does not exist', async () => {
    expect(await located(MISTAKES['broken-link'], 'broken-link')).toEqual({
      file: 'pages/a.yaml',
      line: 10,
      column: 9,
      path: 'sections[0].actions[0].href',
      code: 'broken-link',
      message: 'the link goes to /contcat, which is not a page of this site',
      hint: 'Did you mean /contact? Routes come from the files in pages/.',
    });
  });
});

describe("docs/errors.md's list of codes", () => {
  const doc = readFileSync(path.join(root, 'docs/errors.md'), 'utf8');
  /** `- \`code\` **Title.** …` */
  const listed = new Map([...doc.matchAll(/^- `([a-z0-9-]+)` \*\*(.+?)\*\*/gm)].map((match) => [match[1]!, match[2]!]));
  /** The section that says what the engine refuses, wherever the documents keep it (README.md or docs/). */
  const refused = (() => {
    const files = [path.join(root, 'README.md'), ...readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => path.join(root, 'docs', file))];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const start = text.indexOf('What the engine refuses, and why\n');
      if (start === -1) continue;
      const end = text.indexOf('\n#', start + 40);
      return text.slice(start, end === -1 ? undefined : end);
    }
    return undefined;
  })();

  it('lists every code of the catalogue, with its title', () => {
    for (const [code, { title }] of Object.entries(CONTENT_ERRORS)) expect(listed.get(code), code).toBe(`${title}.`);
  });

  it('names no code that the catalogue lacks, nor does the section on what the engine refuses', () => {
    expect([...listed.keys()].filter((code) => !(code in CONTENT_ERRORS))).toEqual([]);
    expect(refused, 'the section "What the engine refuses, and why"').toBeDefined();
    const named = [...refused!.matchAll(/`([a-z0-9]+(?:-[a-z0-9]+)+)`/g)].map((match) => match[1]!);
    expect(named.filter((code) => !(code in CONTENT_ERRORS))).toEqual([]);
  });

  it('README.md keeps no list of its own, and links to docs/errors.md', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('(docs/errors.md)');
    expect(readme).not.toMatch(/^- `yaml-syntax` \*\*/m);
  });
});

describe('the words of an error are typed', () => {
  /** Compiles `source` as a file of tests/content/ and returns its errors. */
  function diagnosticsFor(source: string): string[] {
    return diagnosticsOf(path.join(root, 'tests/content/__error-codes-probe.ts'), source, { lines: true });
  }

  it('so an unknown code, missing or wrong parameters, or a case that does not exist do not compile', () => {
    const errors = diagnosticsFor(
      [
        "import { problem } from '../../src/content/error-codes';",
        "problem('broken-link', { route: '/a', suggestion: undefined });",
        "problem('no-such-code');",
        "problem('broken-link');",
        "problem('missing-file', { source: '/a.svg' });",
        "problem('duplicate-route', { case: 'three-files', file: 'a', other: 'b', route: '/' });",
        "problem('yaml-duplicate-key', { key: 'title' });",
      ].join('\n'),
    );
    const lines = errors.map((error) => Number(error.split(':')[0]));
    expect(lines, errors.join('\n')).not.toContain(2);
    for (const line of [3, 4, 5, 6, 7]) expect(lines, errors.join('\n')).toContain(line);
  }, 60_000);
});
