/**
 * The editor an editor of content gets: VS Code's YAML extension runs yaml-language-server with the
 * schemas that .vscode/settings.json maps (schemas/editor/*.json, written by npm run check, dev and new).
 * This starts that server over stdio, configures it as VS Code does with that file, opens fixture pages
 * and asks what typing shows: completion, hover, and the errors underlined while typing.
 */
// @tier slow: starts the YAML language server
// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMap, isScalar, parseDocument, visit } from 'yaml';
import { PageSchema, SectionSchema } from '../../src/content/page-schema';
import { editorContentOf, editorJsonSchema, sectionTypesOf, writeEditorSchemas, type JsonSchema } from '../../scripts/codegen/json-schema';
import { documentationOf, positionOf, vscodeYamlSettings, YamlLanguageServer, type Diagnostic, type Position } from './lsp';

const root = path.resolve(import.meta.dirname, '../..');
const FIXTURES = 'tests/language-server/fixtures/pages';
const course = readFileSync(path.join(root, FIXTURES, 'course.yaml'), 'utf8');
const sectionTypes = sectionTypesOf(SectionSchema);

let server: YamlLanguageServer;
let opened = 0;

/** Opens `text` as a new page file under the fixtures (each its own document: no stale diagnostics). */
function open(text: string, name = 'course'): string {
  return server.open(`${FIXTURES}/${name}-${++opened}.yaml`, text);
}

async function diagnosticsOf(text: string, name?: string): Promise<Diagnostic[]> {
  const uri = open(text, name);
  const diagnostics = await server.diagnosticsOf(uri);
  server.close(uri);
  return diagnostics;
}

/** The 1-based line of the first occurrence of `needle`. */
const lineOf = (text: string, needle: string) => positionOf(text, needle).line + 1;
const lines = (diagnostics: Diagnostic[]) => diagnostics.map((diagnostic) => [diagnostic.range.start.line + 1, diagnostic.message]);

/** The course fixture with a new, empty `- ` before its course-cards section; and where the cursor is. */
function withNewSection(text = course, before = '  - type: course-cards'): { text: string; position: Position } {
  const at = text.indexOf(before);
  const edited = `${text.slice(0, at)}  - \n${text.slice(at)}`;
  return { text: edited, position: { line: edited.slice(0, at).split('\n').length - 1, character: 4 } };
}

beforeAll(async () => {
  // What npm run check, dev and new write; the test reads the site as it is (its routes and public/).
  writeEditorSchemas(root);
  // As VS Code sends .vscode/settings.json, without the schema store (no network in tests).
  server = await YamlLanguageServer.start(root, { ...vscodeYamlSettings(root), schemaStore: { enable: false } });
  // The server applies its settings after `initialized`: wait until the page schema is in use.
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await diagnosticsOf('meta: 1\n', 'warm-up')).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('yaml-language-server never applied the page schema of .vscode/settings.json');
}, 120_000);

afterAll(async () => {
  await server?.stop();
}, 60_000);

describe('completion at a new "- " under sections:', { timeout: 60_000 }, () => {
  const branches = (editorJsonSchema(PageSchema, 'page') as { properties: { sections: { items: { allOf: JsonSchema[] } } } }).properties.sections.items.allOf
    .map((entry) => entry.then as JsonSchema)
    .filter((branch) => typeof branch.title === 'string');

  it.each([
    ['between two sections', withNewSection()],
    ['after the last section', { text: `${course}  - `, position: { line: course.split('\n').length - 1, character: 4 } }],
  ])('%s: one entry per section type, named, described, inserting its type and required fields', async (_where, { text, position }) => {
    const uri = open(text);
    await server.diagnosticsOf(uri);
    const items = await server.completion(uri, position);
    server.close(uri);

    expect(items.map((item) => item.label.split(' — ')[0])).toEqual(sectionTypes);
    expect(new Set(items.map((item) => item.label)).size).toBe(items.length);
    for (const item of items) {
      const type = item.label.split(' — ')[0]!;
      expect(item.label).toMatch(new RegExp(`^${type} — [A-Z][^.]+[^.…]$`));
      expect(item.label.length).toBeLessThanOrEqual(60);
      expect(documentationOf(item)).toContain(`- type: ${type}`);
      const inserted = item.textEdit?.newText ?? item.insertText ?? '';
      expect(inserted).toMatch(new RegExp(`^type: ${type}$`, 'm'));
      const required = (branches.find((branch) => branch.title === type)?.required as string[] | undefined) ?? [];
      for (const key of required) expect(inserted).toMatch(new RegExp(`^\\s*(- )?${key}:`, 'm'));
    }
    expect(items.find((item) => item.label.startsWith('faq'))?.label).toBe('faq — Questions that open one at a time');
  });

  it('inside a section, offers its own fields with their descriptions, not new sections', async () => {
    const text = course.replace('    title: Overview\n', '    title: Overview\n    \n');
    const uri = open(text);
    await server.diagnosticsOf(uri);
    const items = await server.completion(uri, { line: lineOf(text, 'title: Overview'), character: 4 });
    server.close(uri);
    expect(items.map((item) => item.label).sort()).toEqual(['id', 'image', 'imageSide']);
    for (const item of items) expect(documentationOf(item)).not.toBe('');
  });

  it('offers the section types as values of type:, each described', async () => {
    const text = course.replace('  - type: prose', '  - type: ');
    const uri = open(text);
    await server.diagnosticsOf(uri);
    const items = await server.completion(uri, { line: lineOf(text, '  - type: \n') - 1, character: 10 });
    server.close(uri);
    expect(items.map((item) => item.label).sort()).toEqual([...sectionTypes].sort());
    for (const item of items) expect(documentationOf(item)).not.toBe('');
  });

  it("offers the site's routes and images as values", async () => {
    const text = course.replace('        href: /contact', '        href: ').replace('image: /images/courses/etabs-basic.svg', 'image: ');
    const uri = open(text);
    await server.diagnosticsOf(uri);
    const links = await server.completion(uri, positionOf(text, 'href: \n', { offset: 6 }));
    const images = await server.completion(uri, positionOf(text, 'image: \n', { offset: 7 }));
    server.close(uri);
    expect(links.map((item) => item.label)).toEqual(expect.arrayContaining(['form', '/', '/contact', '/etabs']));
    expect(documentationOf(links.find((item) => item.label === '/contact')!)).toContain('pages/contact.yaml');
    expect(images.map((item) => item.label)).toEqual(expect.arrayContaining(['/images/courses/etabs-basic.svg', '/images/logo.svg']));
    expect(images.map((item) => item.label)).not.toContain('/media/hero.mp4');
  });
});

describe('hover', { timeout: 60_000 }, () => {
  it('on a type value: the type and what it is', async () => {
    const uri = open(course);
    await server.diagnosticsOf(uri);
    const hover = await server.hover(uri, positionOf(course, 'type: modules', { offset: 8 }));
    server.close(uri);
    expect(hover).toMatch(/^#### modules\n\nModules: a course syllabus/);
  });

  it('on every key of a course page: its description, under its section type or none (never "CESA page")', async () => {
    const uri = open(course);
    await server.diagnosticsOf(uri);
    const keys: { key: string; position: Position; section?: string }[] = [];
    const document = parseDocument(course);
    visit(document, {
      Pair(_key, pair, ancestors) {
        if (!isScalar(pair.key) || !pair.key.range) return;
        const section = ancestors.find((node): node is typeof node & { get: (key: string) => unknown } => isMap(node) && typeof node.get('type') === 'string');
        keys.push({
          key: String(pair.key.value),
          position: positionOf(course.slice(0, pair.key.range[0]) + '\u0000', '\u0000'),
          ...(section ? { section: String(section.get('type')) } : {}),
        });
      },
    });
    expect(keys.length).toBeGreaterThanOrEqual(35);
    const undocumented: string[] = [];
    for (const { key, position, section } of keys) {
      const hover = await server.hover(uri, position);
      const [heading, ...rest] = hover.split('\n\n').filter((part) => !part.startsWith('Source: '));
      const description = heading?.startsWith('#### ') ? rest.join('\n\n') : [heading, ...rest].join('\n\n');
      if (!description.trim()) undocumented.push(`${key} (line ${position.line + 1})`);
      expect(hover).not.toContain('CESA page');
      if (section && key !== 'type') expect(heading).toBe(`#### ${section}`);
    }
    server.close(uri);
    expect(undocumented).toEqual([]);
  });
});

describe('errors while typing, in words, on their line', { timeout: 60_000 }, () => {
  it('a valid course page has none', async () => {
    expect(await diagnosticsOf(course)).toEqual([]);
  });

  it('a link without its slash', async () => {
    const text = course.replace('href: /contact', 'href: contact');
    const diagnostics = await diagnosticsOf(text);
    expect(lines(diagnostics)).toEqual([[lineOf(text, 'href: contact'), expect.stringMatching(/^must be a route such as \/contact, an https:\/\/ address/)]]);
    expect(diagnostics[0]!.message).not.toMatch(/pattern|\^|\\/);
  });

  it('a misspelt key', async () => {
    const text = course.replace('    subtitle: Steel', '    subtitel: Steel');
    expect(lines(await diagnosticsOf(text))).toEqual([[lineOf(text, 'subtitel'), 'Property subtitel is not allowed.']]);
  });

  it('a misspelt section type', async () => {
    const text = course.replace('type: prose', 'type: proze');
    expect(lines(await diagnosticsOf(text))).toEqual([[lineOf(text, 'type: proze'), expect.stringContaining('not a section type')]]);
  });

  it.each([
    ['a link to a page that does not exist', 'href: /etabs', 'href: /etabs-advanced', /^there is no page at this address/],
    ['an image not in public/', 'image: /images/courses/etabs-basic.svg', 'image: /images/courses/tekla.webp', /^there is no such image in public\//],
    ['an image { src } not in public/', 'src: /images/courses/etabs.svg', 'src: /images/courses/tekla.svg', /^there is no such image in public\//],
    ['a file of public/ that is not an image, as an image', 'image: /images/courses/etabs-basic.svg', 'image: /media/hero.mp4', /^there is no such image in public\//],
  ])('%s', async (_name, from, to, message) => {
    const text = course.replace(from, () => to);
    expect(lines(await diagnosticsOf(text))).toEqual([[lineOf(text, to), expect.stringMatching(message)]]);
  });

  it('links with an anchor, a query or a trailing slash to existing pages are fine', async () => {
    const text = course.replace('href: /contact', 'href: /contact#form').replace('href: /etabs', 'href: /etabs/');
    expect(await diagnosticsOf(text)).toEqual([]);
  });

  it('in the site document: a menu link to a page that does not exist', async () => {
    const site = readFileSync(path.join(root, 'pages/_site.yaml'), 'utf8');
    const href = /href: (\/[a-z][\w-]*)\s*}/.exec(site)!;
    const text = site.replace(href[0], () => href[0].replace(href[1]!, () => `${href[1]}-nowhere`));
    const uri = server.open('tests/language-server/fixtures/pages/_site.yaml', text);
    const diagnostics = await server.diagnosticsOf(uri);
    server.close(uri);
    expect(lines(diagnostics)).toEqual([[lineOf(text, `${href[1]}-nowhere`), expect.stringMatching(/^there is no page at this address/)]]);
  });

  it('a page added while one types: the link is fine once the editor schema is rewritten, as npm run dev does', { timeout: 120_000 }, async () => {
    // A server of its own, whose page schema is a file this test writes (the shared one stays as it is).
    const folder = mkdtempSync(path.join(tmpdir(), 'cesa-editor-'));
    const schemaFile = path.join(folder, 'page.schema.json');
    const site = editorContentOf(root);
    const write = (routes: ReadonlyMap<string, string>) => writeFileSync(schemaFile, JSON.stringify(editorJsonSchema(PageSchema, 'page', { ...site, routes })));
    write(site.routes);
    const own = await YamlLanguageServer.start(root, { ...vscodeYamlSettings(root), schemas: { [pathToFileURL(schemaFile).href]: ['pages/**/*.yaml'] }, schemaStore: { enable: false } });
    try {
      const text = course.replace('href: /etabs', 'href: /tekla-structures');
      let diagnostics: Diagnostic[] = [];
      let uri = '';
      for (let attempt = 0; attempt < 50 && diagnostics.length === 0; attempt++) {
        if (uri) own.close(uri);
        uri = own.open(`${FIXTURES}/new-link-${attempt}.yaml`, text);
        diagnostics = await own.diagnosticsOf(uri);
      }
      expect(lines(diagnostics)).toEqual([[lineOf(text, '/tekla-structures'), expect.stringMatching(/^there is no page at this address/)]]);

      write(new Map([...site.routes, ['/tekla-structures', 'Tekla Structures (pages/tekla-structures.yaml)']]));
      const next = own.nextDiagnostics(uri);
      // What VS Code's YAML extension sends when a .json file of the workspace changes.
      own.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(schemaFile).href, type: 2 }] });
      expect(await next).toEqual([]);
    } finally {
      await own.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("the site's own pages, templates and site document have none", { timeout: 300_000 }, async () => {
    const files = readdirSync(path.join(root, 'pages'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => `pages/${file.split(path.sep).join('/')}`);
    const found: Record<string, unknown[]> = {};
    for (const file of files) {
      const uri = server.open(file, readFileSync(path.join(root, file), 'utf8'));
      const diagnostics = await server.diagnosticsOf(uri);
      server.close(uri);
      if (diagnostics.length > 0) found[file] = lines(diagnostics);
    }
    expect(found).toEqual({});
  });
});
