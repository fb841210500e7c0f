/** Files derived from the content or the schemas that are committed must match what they derive from. */
// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';
import { PageSchema } from '../../src/content/page-schema';
import { validateYaml } from '../../src/content/validate';
import { CATALOGUE_DOCUMENT, documentWithCatalogue, jsonSchemaText, SCHEMA_FILES, sectionTypesOf } from '../../scripts/codegen/json-schema';
import { SectionSchema } from '../../src/content/page-schema';
import { readdirSync } from 'node:fs';

const root = path.resolve(import.meta.dirname, '../..');

describe('committed files', () => {
  it.each(Object.entries(SCHEMA_FILES))('%s matches the zod schemas (run npm run codegen to update it)', (file, schema) => {
    const committed = readFileSync(path.join(root, file), 'utf8');
    expect(committed).toBe(jsonSchemaText(schema, file.includes('site') ? 'CESA site document' : 'CESA page'));
  });

  it("docs/sections.md's catalogue of section types is made from the folders' examples (run npm run codegen to update it)", () => {
    const committed = readFileSync(path.join(root, CATALOGUE_DOCUMENT), 'utf8');
    expect(committed).toContain('**faq**: questions that open one at a time');
    expect(committed).toBe(documentWithCatalogue(root, sectionTypesOf(SectionSchema)));
  });

  it('a catalogue document that lost its markers is refused in words, not left unwritten', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'cesa-catalogue-'));
    try {
      mkdirSync(path.join(copy, 'docs'));
      writeFileSync(path.join(copy, CATALOGUE_DOCUMENT), '# Section types\n\nNo catalogue here.\n');
      expect(() => documentWithCatalogue(copy, ['faq'])).toThrow(/lost the markers[\s\S]*npm run codegen/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('firebase.json redirects every alias of the content, permanently', () => {
    const { hosting } = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as { hosting: { redirects?: { source: string; destination: string; type: number }[] } };
    const { redirects } = loadContent({ root });
    expect((hosting.redirects ?? []).map(({ source, destination, type }) => [source, destination, type]).sort()).toEqual(
      [...redirects].map(([from, to]) => [from, to, 301]).sort(),
    );
  });

  it.each(readdirSync(path.join(root, 'pages/_templates')))('the template %s is a valid page', (file) => {
    const result = validateYaml(PageSchema, file, readFileSync(path.join(root, 'pages/_templates', file), 'utf8'));
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});
