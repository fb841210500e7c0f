/**
 * The registry's completeness is a compile-time guarantee: a section type without a component, or a
 * component for the wrong type, fails to type-check. Proven here by compiling broken registries.
 */
// @vitest-environment node
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { registry } from '../../src/sections/registry';

const root = path.resolve(import.meta.dirname, '../..');

function diagnosticsFor(source: string): string[] {
  const file = path.join(root, 'tests/types/__registry-probe.tsx');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: ['vite/client'],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the section registry', () => {
  it('has a component for every section type of the schema, at run time too', () => {
    const types = SectionSchema.options.map((option) => option.shape.type.value);
    expect(Object.keys(registry).sort()).toEqual([...types].sort());
  });

  it('compiles as it is', () => {
    expect(diagnosticsFor(`import { registry, type SectionRegistry } from '../../src/sections/registry';\nexport const copy: SectionRegistry = { ...registry };\n`)).toEqual([]);
  }, 60_000);

  it('fails to compile when a section type has no component', () => {
    const errors = diagnosticsFor(
      `import { registry, type SectionRegistry } from '../../src/sections/registry';\nconst { faq: _faq, ...withoutFaq } = registry;\nexport const broken: SectionRegistry = withoutFaq;\n`,
    );
    expect(errors.join('\n')).toMatch(/Property 'faq' is missing/);
  }, 60_000);

  it('fails to compile when a component is registered for the wrong type', () => {
    const errors = diagnosticsFor(
      `import { registry, type SectionRegistry } from '../../src/sections/registry';\nexport const broken: SectionRegistry = { ...registry, faq: registry.table };\n`,
    );
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/faq/);
  }, 60_000);
});
