/**
 * Every kind of content mistake an editor can make, each with the error code, the path inside the
 * document and the line and column the editor is sent to.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatError, type ContentError } from '../../src/content/errors';
import { loadContent } from '../../src/content/load';
import { PageSchema } from '../../src/content/page-schema';
import { validateYaml } from '../../src/content/validate';
import { sectionTypes } from '../../src/sections/registry';
import { stringContaining } from '../helpers/matchers';

const fixtures = path.join(import.meta.dirname, '../fixtures/invalid');

function errorsOf(name: string): ContentError[] {
  const file = `pages/${name}.yaml`;
  const result = validateYaml(PageSchema, file, readFileSync(path.join(fixtures, `${name}.yaml`), 'utf8'));
  if (result.ok) throw new Error(`${name}.yaml validated, but it is an invalid fixture`);
  return result.errors;
}

describe('an invalid page file', () => {
  it.each([
    // fixture                    code                    path                              line col
    ['yaml-syntax-indent', 'yaml-syntax', 'meta', 4, 1],
    ['yaml-syntax-colon', 'yaml-syntax', 'meta.title', 2, 10],
    ['yaml-unclosed-flow', 'yaml-syntax', 'meta.keywords', 4, 13],
    ['yaml-duplicate-key', 'yaml-duplicate-key', 'meta.title', 4, 3],
    ['not-a-document', 'not-a-document', '(document)', 1, 1],
    ['missing-meta-title', 'missing-field', 'meta.title', 1, 1],
    ['missing-sections', 'missing-field', 'sections', 1, 1],
    ['misspelt-meta-key', 'unknown-key', 'meta.descripton', 3, 3],
    ['unknown-section-type', 'unknown-section-type', 'sections[1].type', 8, 5],
    ['section-without-type', 'unknown-section-type', 'sections[1].type', 8, 5],
    ['first-section-not-hero', 'invalid-content', 'sections[0].type', 6, 5],
    ['number-where-list', 'wrong-type', 'sections[1].items', 10, 5],
    ['list-where-text', 'wrong-type', 'sections[1].cards[0].duration', 11, 9],
    ['misspelt-card-key', 'unknown-key', 'sections[1].cards[0].duraton', 11, 9],
    ['empty-list', 'too-few', 'sections[1].items', 9, 5],
    ['empty-title', 'too-few', 'sections[0].title', 7, 5],
    ['columns-out-of-range', 'too-many', 'sections[1].columns', 9, 5],
    ['invalid-enum', 'invalid-value', 'sections[1].imageSide', 10, 5],
    ['bad-href', 'invalid-format', 'sections[0].actions[0].href', 10, 9],
    ['bad-alias', 'invalid-format', 'meta.aliases[0]', 5, 13],
    ['table-row-length', 'invalid-content', 'sections[1].rows[1]', 13, 9],
    ['split-beyond-list', 'invalid-content', 'sections[1].splitAt', 9, 5],
    ['image-not-image', 'invalid-content', 'sections[0].image', 8, 5],
    ['duplicate-role-id', 'invalid-content', 'sections[1].cards[1].id', 13, 9],
  ] as const)('%s → %s at %s, line %i column %i', (name, code, where, line, column) => {
    const errors = errorsOf(name);
    expect(errors.map(({ code, path, line, column }) => ({ code, path, line, column }))).toContainEqual({ code, path: where, line, column });
    for (const error of errors) expect(error.message).not.toMatch(/Error:|\n\s+at /);
  });

  it('reports every mistake in a file, not only the first', () => {
    const result = validateYaml(
      PageSchema,
      'pages/many.yaml',
      'meta:\n  title: X\n  keywords: [a]\nsections:\n  - type: hero\n    title: X\n    colour: red\n  - type: list\n    items: 3\n',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.path)).toEqual(['meta.description', 'sections[0].colour', 'sections[1].items']);
  });
});

describe('what an editor reads', () => {
  it('names the nearest section type for a misspelt one, and lists the types (the folders of src/sections/)', () => {
    const error = errorsOf('unknown-section-type')[0]!;
    expect(error.hint).toBe(`Did you mean "packages"? Section types: ${sectionTypes.join(', ')}.`);
    expect(formatError({ ...error, hint: undefined })).toMatchInlineSnapshot(`
      "pages/unknown-section-type.yaml:8:5  sections[1].type  [unknown-section-type]
        "packges" is not a section type
          7 |     title: ETABS
        > 8 |   - type: packges
            |     ^"
    `);
  });

  it('names the nearest field for a misspelt key, and points at the key', () => {
    expect(formatError(errorsOf('misspelt-card-key')[0]!)).toMatchInlineSnapshot(`
      "pages/misspelt-card-key.yaml:11:9  sections[1].cards[0].duraton  [unknown-key]
        "duraton" is not a field here
        Did you mean "duration"? Fields allowed here: "title", "description", "image", "duration".
          10 |       - title: Basic
        > 11 |         duraton: 15
             |         ^"
    `);
  });

  it('says what a missing field is for', () => {
    expect(formatError(errorsOf('missing-meta-title')[0]!)).toMatchInlineSnapshot(`
      "pages/missing-meta-title.yaml:1:1  meta.title  [missing-field]
        "title" is missing
        Add \`title:\` (The title a search engine shows for this page, and the browser tab).
        > 1 | meta:
            | ^"
    `);
  });

  it('explains a YAML syntax error without a stack trace', () => {
    expect(formatError(errorsOf('yaml-syntax-indent')[0]!)).toMatchInlineSnapshot(`
      "pages/yaml-syntax-indent.yaml:4:1  meta  [yaml-syntax]
        all mapping items must start at the same column
        Check the indentation (spaces, not tabs) and put text containing ": " or starting with [ { * & ! | > % @ \` in quotes. Later lines are checked once this one is fixed.
          3 |   description: x
        > 4 |  keywords: [a]
            | ^"
    `);
  });
});

describe('mistakes across files', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A throwaway project: the real site document, its images, and the given pages. */
  function project(pages: Record<string, string>): string {
    root = mkdtempSync(path.join(tmpdir(), 'cesa-content-'));
    mkdirSync(path.join(root, 'pages'), { recursive: true });
    mkdirSync(path.join(root, 'public/images'), { recursive: true });
    writeFileSync(path.join(root, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
    writeFileSync(
      path.join(root, 'pages/_site.yaml'),
      readFileSync(path.join(fixtures, '../site.yaml'), 'utf8'),
    );
    for (const [file, text] of Object.entries(pages)) {
      mkdirSync(path.dirname(path.join(root, 'pages', file)), { recursive: true });
      writeFileSync(path.join(root, 'pages', file), text);
    }
    return root;
  }
  const page = (title: string, extra = '') =>
    `meta:\n  title: ${title}\n  description: d\n  keywords: [k]\n${extra}sections:\n  - type: hero\n    title: ${title}\n`;

  it('a link to a route that does not exist, with the nearest route', () => {
    const content = loadContent({
      root: project({
        'index.yaml': page('Home'),
        'etabs.yaml': `${page('ETABS')}    actions:\n      - label: Contact\n        href: /contcat\n`,
        'contact.yaml': page('Contact'),
      }),
    });
    expect(content.errors).toMatchObject([
      { code: 'broken-link', file: 'pages/etabs.yaml', path: 'sections[0].actions[0].href', line: 10, column: 9, hint: stringContaining('Did you mean /contact?') },
    ]);
  });

  it('an image that is not in public/', () => {
    const content = loadContent({ root: project({ 'index.yaml': `${page('Home')}    image: /images/missing.svg\n` }) });
    expect(content.errors).toMatchObject([{ code: 'missing-file', path: 'sections[0].image', line: 8, column: 5 }]);
  });

  // Photos are resized and compressed by the build (tests/content/images.test.ts); what is served
  // as it is, an SVG or a GIF, must be light already.
  it('an image too heavy for a phone network, with what to do', () => {
    const root = project({ 'index.yaml': `${page('Home')}    image: /images/drawing.svg\n` });
    writeFileSync(path.join(root, 'public/images/drawing.svg'), Buffer.alloc(2 * 1024 * 1024));
    const content = loadContent({ root });
    expect(content.errors).toMatchObject([
      { code: 'image-too-heavy', path: 'sections[0].image', line: 8, column: 5, hint: stringContaining('WebP or AVIF') },
    ]);
    expect(content.errors[0]!.message).toContain('/images/drawing.svg weighs 2,048 KB');
  });

  it('two files for one route, and an alias that is already a page', () => {
    const content = loadContent({
      root: project({
        'index.yaml': page('Home'),
        'faculty.yaml': page('Faculty', '  aliases: [/about]\n'),
        'about.yaml': page('About'),
        'about/index.yaml': page('About again'),
      }),
    });
    expect(content.errors.map(({ code, file, path }) => ({ code, file, path }))).toEqual([
      { code: 'duplicate-route', file: 'pages/about/index.yaml', path: '(document)' },
      { code: 'duplicate-route', file: 'pages/faculty.yaml', path: 'meta.aliases[0]' },
    ]);
  });

  it('collects errors of every file in one run', () => {
    const content = loadContent({
      root: project({ 'index.yaml': page('Home'), 'a.yaml': 'meta: [', 'b.yaml': page('B').replace('hero', 'heroo'), 'c.yaml': page('C') }),
    });
    expect(new Set(content.errors.map((error) => error.file))).toEqual(new Set(['pages/a.yaml', 'pages/b.yaml']));
  });

  it('images get the width and height of their file, beside the page', () => {
    const content = loadContent({ root: project({ 'index.yaml': `${page('Home')}    image: /images/logo.svg\n` }) });
    expect(content.errors).toEqual([]);
    expect(content.images.get('/images/logo.svg')).toEqual({ width: 120, height: 40 });
    // The page is what validation returned: no width or height written into it.
    const hero = content.pages[0]!.page.sections[0];
    expect(hero?.type === 'hero' && hero.image).toEqual({ src: '/images/logo.svg' });
  });
});
