/**
 * A section type is a folder of src/sections/ (schema.ts, component.tsx, example.yaml). Everything that
 * lists the types is derived from the folders, and a folder whose parts do not fit fails the typecheck
 * or the build, naming the folder. Proven here by compiling broken registries and scanning broken folders.
 */
// @tier slow: runs the TypeScript compiler
// @vitest-environment node
import { cpSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sectionFolders } from '../../scripts/codegen/section-index.mjs';
import { SectionSchema } from '../../src/content/page-schema';
import { diagnosticsOf } from '../helpers/compile';
import { sectionTypes } from '../../src/sections/registry';

const root = path.resolve(import.meta.dirname, '../..');

function diagnosticsFor(source: string): string[] {
  return diagnosticsOf(path.join(root, 'tests/types/__registry-probe.tsx'), source, { types: ['vite/client'] });
}

const REGISTRY = `import { sectionComponents } from '../../src/sections/components.gen';\nimport type { SectionComponents } from '../../src/sections/registry';\n`;

describe('the section types', () => {
  it('are the folders of src/sections/, in the schema union and the registry alike', () => {
    const { types, problems } = sectionFolders(root);
    expect(problems).toEqual([]);
    expect(types).toContain('faq');
    expect(SectionSchema.options.map((option) => option.shape.type.value)).toEqual(types);
    expect(sectionTypes).toEqual(types);
  });

  it('compile as they are', () => {
    expect(diagnosticsFor(`${REGISTRY}export const copy: SectionComponents = { ...sectionComponents };\n`)).toEqual([]);
  }, 60_000);

  it('fail to compile when a type has no component', () => {
    const errors = diagnosticsFor(`${REGISTRY}const { faq: _faq, ...withoutFaq } = sectionComponents;\nexport const broken: SectionComponents = withoutFaq;\n`);
    expect(errors.join('\n')).toMatch(/Property 'faq' is missing/);
  }, 60_000);

  it('fail to compile when a folder’s component takes another type’s section', () => {
    const errors = diagnosticsFor(`${REGISTRY}export const broken: SectionComponents = { ...sectionComponents, faq: sectionComponents.table };\n`);
    expect(errors.join('\n')).toMatch(/faq/);
  }, 60_000);
});

describe('a section folder that is not complete', () => {
  let copy: string;
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  function withFolder(change: (folder: string) => void): string[] {
    copy = mkdtempSync(path.join(tmpdir(), 'cesa-sections-'));
    cpSync(path.join(root, 'src/sections'), path.join(copy, 'src/sections'), { recursive: true });
    cpSync(path.join(root, 'src/sections/faq'), path.join(copy, 'src/sections/faq-extra'), { recursive: true });
    change(path.join(copy, 'src/sections/faq-extra'));
    return sectionFolders(copy).problems;
  }

  it('is named, with what is missing: a schema and no component', () => {
    expect(withFolder((folder) => unlinkSync(path.join(folder, 'component.tsx')))).toEqual([
      expect.stringMatching(/^src\/sections\/faq-extra: component\.tsx is missing/),
    ]);
  });

  it('is named, with what is missing: a component and no schema', () => {
    expect(withFolder((folder) => unlinkSync(path.join(folder, 'schema.ts')))).toEqual([expect.stringMatching(/^src\/sections\/faq-extra: schema\.ts is missing/)]);
  });

  it('is named when its schema’s type is not the folder’s name', () => {
    expect(withFolder(() => undefined)).toEqual([expect.stringContaining('src/sections/faq-extra/schema.ts: the type is "faq" but the folder is faq-extra')]);
  });
});
