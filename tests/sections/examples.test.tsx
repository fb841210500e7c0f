/**
 * Each section folder's example.yaml is its documentation (README's catalogue is made from them) and
 * a fixture: it must validate against its own type and render through the same path as a page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { validateYaml } from '../../src/content/validate';
import { sectionTypes } from '../../src/sections/registry';
import { SectionSlot } from '../../src/sections/section-slot';
import { stubMediaQueries } from '../helpers/media';
import { renderWithSite } from '../helpers/render';

const sectionsDir = path.resolve(import.meta.dirname, '../../src/sections');

describe.each(sectionTypes)('the %s example', (type) => {
  const file = `src/sections/${type}/example.yaml`;
  const source = readFileSync(path.join(sectionsDir, type, 'example.yaml'), 'utf8');

  it('starts with a description and validates as one section of its own type', () => {
    expect(source).toMatch(/^# \S/);
    const result = validateYaml(SectionSchema, file, source);
    expect(result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([]);
    expect(result.ok && result.value.type).toBe(type);
  });

  it('renders something a visitor can read', () => {
    stubMediaQueries(['(prefers-reduced-motion: reduce)']); // jsdom plays no video
    const result = validateYaml(SectionSchema, file, source);
    if (!result.ok) throw new Error(`${file} does not validate`);
    const { container } = renderWithSite(<SectionSlot section={result.value} index={1} />);
    expect(container.textContent?.trim().length ?? 0).toBeGreaterThan(0);
  });
});

it('every section folder has an example', () => {
  const folders = readdirSync(sectionsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  expect(folders.sort()).toEqual([...sectionTypes].sort());
});
