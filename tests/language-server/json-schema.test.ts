/**
 * The JSON Schemas for editors, read as yaml-language-server reads them: every field documented, every
 * pattern explained in words, one documented branch and one completion entry per section type; the
 * committed ones free of content, the editor's ones (git-ignored) checking links and files as the
 * content check does.
 */
// @tier slow: runs git over the project
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseRoute } from '../../src/content/routes';
import { PageSchema, SectionSchema } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';
import {
  EDITOR_SCHEMA_FILES,
  editorContentOf,
  editorJsonSchema,
  routePattern,
  SCHEMA_FILES,
  sectionTypesOf,
  shortDescription,
  writeEditorSchemas,
  type JsonSchema,
} from '../../scripts/codegen/json-schema';

const root = path.resolve(import.meta.dirname, '../..');
const schemas = { page: editorJsonSchema(PageSchema, 'page'), site: editorJsonSchema(SiteSchema, 'site') };

/** Every node of a schema with where it is, skipping the `if` conditions (never shown to editors). */
function* nodes(node: unknown, at = '#'): Generator<[string, JsonSchema]> {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* nodes(item, `${at}/${index}`);
    return;
  }
  yield [at, node as JsonSchema];
  for (const [key, value] of Object.entries(node)) if (key !== 'if' && key !== 'defaultSnippets' && key !== 'enum') yield* nodes(value, `${at}/${key}`);
}

function sectionBranches(page: JsonSchema): JsonSchema[] {
  const items = (page.properties as { sections: { items: { allOf: JsonSchema[] } } }).sections.items;
  return items.allOf.map((entry) => entry.then as JsonSchema).filter((branch) => typeof branch.title === 'string');
}

describe.each(Object.entries(schemas))('the %s schema', (_name, schema) => {
  it('describes every field', () => {
    const undocumented = [...nodes(schema)].flatMap(([at, node]) =>
      Object.entries((node.properties ?? {}) as Record<string, JsonSchema>)
        .filter(([, property]) => typeof property.description !== 'string' || property.description.trim() === '')
        .map(([key]) => `${at}/properties/${key}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('says every pattern and format failure in words', () => {
    const unexplained = [...nodes(schema)]
      .filter(([, node]) => (typeof node.pattern === 'string' || typeof node.format === 'string') && typeof node.patternErrorMessage !== 'string')
      .map(([at]) => at);
    expect(unexplained).toEqual([]);
  });

  it('has no title above the section types (a hover would head every field with it)', () => {
    const titled = [...nodes(schema)].filter(([, node]) => typeof node.title === 'string').map(([, node]) => node.title);
    expect(titled).toEqual(schema === schemas.page ? sectionTypesOf(SectionSchema) : []);
  });
});

describe('the section types', () => {
  const branches = sectionBranches(schemas.page);
  const items = (schemas.page.properties as { sections: { items: { allOf: JsonSchema[] } } }).sections.items;
  const snippets = (items.allOf[0]!.then as { defaultSnippets: { label: string; description: string; markdownDescription: string; body: Record<string, unknown> }[] }).defaultSnippets;

  it('are one branch each, titled with the type, whose type property is documented', () => {
    expect(branches.map((branch) => branch.title)).toEqual(sectionTypesOf(SectionSchema));
    for (const branch of branches) {
      const type = (branch.properties as Record<string, JsonSchema>).type!;
      expect(type.const).toBe(branch.title);
      expect(type.description).toBe(branch.description);
    }
  });

  it('are one completion entry each: "type — what it is", its example, and a body with type and the required fields', () => {
    expect(snippets.map((snippet) => snippet.label.split(' — ')[0])).toEqual(sectionTypesOf(SectionSchema));
    for (const [index, snippet] of snippets.entries()) {
      const branch = branches[index]!;
      expect(snippet.label.length).toBeLessThanOrEqual(60);
      expect(snippet.description).toBe(branch.description);
      expect(snippet.markdownDescription).toContain(`\`\`\`yaml\n- type: ${String(branch.title)}`);
      expect(Object.keys(snippet.body)).toEqual(['type', ...((branch.required as string[]).filter((key) => key !== 'type'))]);
    }
  });

  it('take their completion name from the first sentence of the description', () => {
    expect(shortDescription('FAQ: questions that open one at a time. Each question opens its answer.')).toBe('Questions that open one at a time');
    expect(shortDescription('Logo grid: logos of institutes; the name stands in.')).toBe('Logos of institutes');
  });
});

describe('the committed schemas', () => {
  it('know nothing of the content: no routes, no files of public/', () => {
    const { routes, publicFiles } = editorContentOf(root);
    for (const file of Object.keys(SCHEMA_FILES)) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const named = [...routes.keys(), ...publicFiles].filter((value) => value.length > 1 && text.includes(`"${value}"`));
      expect(named, file).toEqual([]);
    }
  });
});

describe("the editor's schemas", () => {
  it('are written where .vscode/settings.json maps them, git-ignored, and rewritten only when they change', () => {
    const settings = JSON.parse(readFileSync(path.join(root, '.vscode/settings.json'), 'utf8')) as { 'yaml.schemas': Record<string, string | string[]> };
    expect(Object.keys(settings['yaml.schemas']).map((file) => file.replace(/^\.\//, '')).sort()).toEqual(Object.keys(EDITOR_SCHEMA_FILES).sort());
    writeEditorSchemas(root);
    expect(writeEditorSchemas(root)).toEqual([]);
    // (In a git checkout: an exported copy of the project has no .git to ask.)
    if (spawnSync('git', ['rev-parse', '--git-dir'], { cwd: root }).status !== 0) return;
    for (const file of Object.keys(EDITOR_SCHEMA_FILES)) {
      expect(spawnSync('git', ['check-ignore', '-q', file], { cwd: root }).status, `${file} is git-ignored`).toBe(0);
    }
  });

  it('accept a link to a page exactly when the content check does (anchors, queries, trailing slashes)', () => {
    const routes = new Set(['/', '/etabs', '/revit-MEP', '/hitest-lahoti-and-associates/placement', '/Faculty', '/a.b']);
    const pattern = new RegExp(routePattern([...routes]), 'u');
    for (const link of ['/', '/#courses', '/?x=1', '/etabs', '/etabs/', '/etabs#fees', '/etabs?batch=2', '/revit-MEP', '/hitest-lahoti-and-associates/placement/', '/Faculty', '/a.b',
      '//', '/etab', '/etabsx', '/ETABS', '/revit-mep', '/hitest-lahoti-and-associates', '/aXb', '/etabs/fees', '/Faculty/x']) {
      expect(pattern.test(link), link).toBe(routes.has(normaliseRoute(link)));
    }
  });

  it('check each field by its kind, not its key: a gallery photo\'s src is an image, a video\'s src any file', () => {
    const content = { routes: new Map([['/', 'Home']]), publicFiles: ['/images/a.svg', '/media/b.mp4'] };
    const branches = sectionBranches(editorJsonSchema(PageSchema, 'page', content));
    const properties = (type: string) => branches.find((branch) => branch.title === type)!.properties as Record<string, JsonSchema>;
    const accepts = (field: JsonSchema) => content.publicFiles.filter((file) => new RegExp((field.then as { pattern: string }).pattern, 'u').test(file));
    const gallerySrc = ((properties('gallery').images as { items: JsonSchema }).items.properties as Record<string, JsonSchema>).src!;
    expect(accepts(gallerySrc)).toEqual(['/images/a.svg']);
    expect(accepts(properties('video').src!)).toEqual(['/images/a.svg', '/media/b.mp4']);
    const href = ((properties('cta').actions as { items: JsonSchema }).items.properties as Record<string, JsonSchema>).href!;
    expect(['/', '/#top', '/nowhere'].filter((link) => new RegExp((href.then as { pattern: string }).pattern, 'u').test(link))).toEqual(['/', '/#top']);
  });

  it("list the site's routes with their titles, its aliases, and its files", () => {
    const { routes, publicFiles } = editorContentOf(root);
    expect(routes.get('/contact')).toMatch(/\(pages\/contact\.yaml\)$/);
    expect(routes.get('/')).toMatch(/\(pages\/index\.yaml\)$/);
    expect(publicFiles).toContain('/images/logo.svg');
    const aliases = [...routes].filter(([, about]) => about.startsWith('Redirects to '));
    const loaded = { pages: [], redirects: new Map(aliases.map(([alias, about]) => [alias, about.replace('Redirects to ', '')])) };
    expect([...editorContentOf(root, loaded).routes.keys()]).toEqual([...routes.keys()]);
  });
});
