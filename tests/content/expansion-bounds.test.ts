/**
 * What a page's check may cost is bounded by the page's size, never by how often it repeats a thing
 * (issue 41, R1): the course's facts are counted as they are shown and stop at a bound, with one error
 * where that happens; a text naming an unknown word again and again is one mistake; a file of
 * thousands of mistakes reports the first hundred; aliases are refused before anything expands them.
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { MAX_EXPANDED_CHARACTERS, MAX_FACT_PROBLEMS, resolveFacts } from '../../src/content/course-facts';
import { MAX_EXPLAINED_ISSUES } from '../../src/content/issues';
import { PageSchema } from '../../src/content/page-schema';
import { validateYaml } from '../../src/content/validate';

const page = (course: Record<string, unknown> | undefined, texts: readonly string[]) => ({
  meta: { title: 'A course', description: 'About it.', keywords: 'course', ...(course ? { course: { group: 'structure', menu: false, ...course } } : {}) },
  sections: [{ type: 'hero', title: texts[0] }, ...texts.slice(1).map((answer) => ({ type: 'faq', title: 'Questions', items: [{ question: 'What?', answer }] }))],
});

/** Every text of a value, in order. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(textsOf) : value && typeof value === 'object' ? Object.values(value).flatMap(textsOf) : [];

describe("a course's facts shown in its texts", () => {
  it('R1: a name of 100,000 characters named 50,000 times grows the page no further than the bound, with one error where it stops', () => {
    const { value, problems } = resolveFacts(page({ name: 'N'.repeat(100_000) }, Array.from({ length: 10 }, () => '{name}'.repeat(5_000))));
    const shown = textsOf(value).reduce((sum, text) => sum + text.length, 0);
    // Everything as written plus at most the bound: not the five billion characters it asks for.
    expect(shown).toBeLessThanOrEqual(MAX_EXPANDED_CHARACTERS + 10 * 5_000 * '{name}'.length + 100_000);
    expect(problems.map((found) => found.problem.code)).toEqual(['facts-too-long']);
    // Where the bound was passed: the eleventh {name} of the first text (10 × 100,000 characters fit).
    expect(problems[0]!.path).toEqual(['sections', 0, 'title']);
    expect(problems[0]!.problem.message).toContain('1,048,576 characters');
  });

  it('split over many texts and in the search fields: the same bound, counted across the page', () => {
    const split = page({ name: 'N'.repeat(1_000) }, Array.from({ length: 1_200 }, () => '{name}'));
    const { problems } = resolveFacts({ ...split, meta: { ...split.meta, description: '{name}', keywords: ['{name}'] } });
    expect(problems.map((found) => found.problem.code)).toEqual(['facts-too-long']);
    expect(problems[0]!.path[0]).toBe('sections');
  });

  it('a page within the bound shows every fact, and no error', () => {
    const { value, problems } = resolveFacts(page({ name: 'ETABS' }, ['Learn {name}', '{name} in {name}']));
    expect(problems).toEqual([]);
    expect(textsOf(value)).toContain('ETABS in ETABS');
  });

  it('a word that is no fact, named 100,000 times, is one error; many such texts, at most MAX_FACT_PROBLEMS', () => {
    expect(resolveFacts(page({ name: 'ETABS' }, ['{nmae}'.repeat(100_000)])).problems).toHaveLength(1);
    const many = resolveFacts(page({ name: 'ETABS' }, Array.from({ length: 1_000 }, (_, index) => `{word${'x'.repeat(index % 50)}}`)));
    expect(many.problems).toHaveLength(MAX_FACT_PROBLEMS);
  });
});

describe('a file of many mistakes', () => {
  it('reports the first hundred, located, whatever their number', () => {
    const text = stringify(page(undefined, ['Title']), { lineWidth: 0 }).replace('sections:\n', `sections:\n${'  - type: fqa\n    title: x\n'.repeat(3_000)}`);
    const checked = validateYaml(PageSchema, 'pages/a.yaml', text);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toHaveLength(MAX_EXPLAINED_ISSUES);
    expect(checked.errors[0]).toMatchObject({ code: 'unknown-section-type', line: 6 });
  });

  it('nested aliases are refused where they are written, the first hundred of them, before anything expands them', () => {
    const levels = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let level = 1; level < 12; level++) levels.push(`${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array.from({ length: 9 }, () => `*${String.fromCharCode(96 + level)}`).join(', ')}]`);
    const checked = validateYaml(PageSchema, 'pages/a.yaml', `meta:\n${levels.map((line) => `  ${line}`).join('\n')}\nsections: []\n`);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.every((error) => error.code === 'yaml-alias')).toBe(true);
    expect(checked.errors).toHaveLength(MAX_EXPLAINED_ISSUES);
  });
});
