/**
 * The page templates of `npm run new` (pages/_templates/): each is a valid page, and the course
 * template has what a course page usually has, so that a course starts complete from one file.
 */
// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplePictures } from '../../src/content/example-values';
import { PageSchema } from '../../src/content/page-schema';
import { validateYaml } from '../../src/content/validate';

const templates = path.resolve(import.meta.dirname, '../../pages/_templates');
const template = (name: string) => {
  const file = `pages/_templates/${name}.yaml`;
  const result = validateYaml(PageSchema, file, readFileSync(path.join(templates, `${name}.yaml`), 'utf8'));
  if (!result.ok) throw new Error(`${file} is not a valid page: ${JSON.stringify(result.errors, null, 2)}`);
  return result.value;
};

describe('the course template', () => {
  const page = template('course');

  it('declares the course for the brochure and the menu: name, chapter, duration, menu group', () => {
    expect(page.meta.course).toMatchObject({ name: 'New Course', group: 'structure', duration: { text: '45 hours', hours: 45 }, menu: { group: 'structure' } });
  });

  it('has every section a course page usually has, hero first', () => {
    expect(page.sections.map((section) => section.type)).toEqual(['hero', 'prose', 'list', 'facts', 'modules', 'packages', 'list', 'brochure', 'batches', 'cta']);
  });
});

describe('the basic template', () => {
  it('is a valid page that is not a course', () => {
    expect(template('basic').meta.course).toBeUndefined();
  });
});

describe('a course nobody has drawn yet', () => {
  it('gives a new course a designed picture of its own kind, with a description, until it has a photo', () => {
    const hero = template('course').sections[0];
    if (hero?.type !== 'hero' || !hero.image) throw new Error('the template\'s hero has no picture');
    expect(hero.image.alt).toMatch(/^Illustration of /);
    const file = path.resolve(templates, '../../public', `.${hero.image.src}`);
    expect(readFileSync(file, 'utf8')).not.toMatch(/placeholder/i);
    // An example picture: `npm run check` lists it among what a launch replaces.
    expect(examplePictures(path.resolve(templates, '../../public')).has(hero.image.src)).toBe(true);
  });
});
