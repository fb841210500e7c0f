/**
 * `npm run check` with a misspelt section type: the type error names the nearest type, and the rest
 * of the section is still checked as that type, so its other mistakes are found in the same run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError, type ContentError } from '../../src/content/errors';
import { PageSchema } from '../../src/content/page-schema';
import { validateYaml } from '../../src/content/validate';
import { sectionTypes } from '../../src/sections/registry';

function errorsOf(source: string): ContentError[] {
  const result = validateYaml(PageSchema, 'pages/etabs.yaml', source);
  if (result.ok) throw new Error('the page validated, but it has mistakes');
  return result.errors;
}

const page = (sections: string) => `meta:\n  title: ETABS\n  description: x\n  keywords: [a]\nsections:\n  - type: hero\n    title: ETABS\n${sections}`;

describe('a misspelt section type', () => {
  it('is reported with its suggestion, and a misspelt key of the same section is reported at its own line', () => {
    const errors = errorsOf(readFileSync(path.join(import.meta.dirname, 'fixtures/misspelt-type-and-key.yaml'), 'utf8'));
    expect(errors.map(({ code, path, line, column }) => ({ code, path, line, column }))).toEqual([
      { code: 'unknown-section-type', path: 'sections[1].type', line: 8, column: 5 },
      { code: 'unknown-key', path: 'sections[1].cards[0].duraton', line: 12, column: 9 },
    ]);
    expect(errors[0]!.hint).toBe(`Did you mean "packages"? Section types: ${sectionTypes.join(', ')}.`);
    expect(formatError(errors[1]!)).toMatchInlineSnapshot(`
      "pages/etabs.yaml:12:9  sections[1].cards[0].duraton  [unknown-key]
        if this is a packages section: "duraton" is not a field here
        Did you mean "duration"? Fields allowed here: "title", "description", "image", "duration".
          11 |       - title: Basic
        > 12 |         duraton: 15 days
             |         ^"
    `);
  });

  it('reports every mistake of the section as the suggested type: a misspelt field and a missing one', () => {
    const errors = errorsOf(page(['  - type: packges', '    titel: Packages', ''].join('\n')));
    expect(errors.map(({ code, path, line, message }) => ({ code, path, line, message }))).toEqual([
      { code: 'unknown-section-type', path: 'sections[1].type', line: 8, message: '"packges" is not a section type' },
      { code: 'missing-field', path: 'sections[1].cards', line: 8, message: 'if this is a packages section: "cards" is missing' },
      { code: 'unknown-key', path: 'sections[1].titel', line: 9, message: 'if this is a packages section: "titel" is not a field here' },
    ]);
  });

  it('with nothing wrong besides the type, reports the type only', () => {
    const errors = errorsOf(page(['  - type: packges', '    cards:', '      - title: Basic', ''].join('\n')));
    expect(errors.map((error) => error.code)).toEqual(['unknown-section-type']);
  });

  it('leaves the other sections to their own types, and reports their mistakes once', () => {
    const errors = errorsOf(page(['  - type: packges', '    cards:', '      - title: Basic', '  - type: list', '    items: 3', ''].join('\n')));
    expect(errors.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: 'unknown-section-type', path: 'sections[1].type' },
      { code: 'wrong-type', path: 'sections[2].items' },
    ]);
  });

  it('far from every type, lists the types and guesses nothing', () => {
    const errors = errorsOf(page(['  - type: carousel', '    slides: []', ''].join('\n')));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.hint).toBe(`Section types: ${sectionTypes.join(', ')}.`);
  });

  it('a misspelt first section is checked as a hero', () => {
    const source = page('').replace('type: hero\n    title: ETABS', 'type: heor\n    titel: ETABS');
    expect(errorsOf(source).map(({ code, path, message }) => ({ code, path, message }))).toEqual([
      { code: 'unknown-section-type', path: 'sections[0].type', message: '"heor" is not a section type' },
      { code: 'missing-field', path: 'sections[0].title', message: 'if this is a hero section: "title" is missing' },
      { code: 'unknown-key', path: 'sections[0].titel', message: 'if this is a hero section: "titel" is not a field here' },
    ]);
  });
});
