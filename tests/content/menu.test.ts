/**
 * The header menu from the content: _site.yaml declares the groups of the Our Courses menu, and each
 * course page places itself in one (meta.course.menu). Checked on throwaway projects, through
 * loadContent, the way `npm run check` and the build see them.
 */
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';
import type { MenuItem } from '../../src/content/site-schema';

const SITE = (menu: string) => `name: Civil Engineering Software Academy
shortName: CESA
url: https://www.cesa.example.com
logo: { src: /images/logo.svg, alt: CESA }
menu:
  - { label: Home, href: / }
${menu}form: { url: "https://forms.example.com/cesa-enquiry" }
brochure: { file: /downloads/cesa-brochure.pdf, fileName: CESA-Brochure.pdf }
contact: { phone: "+91 00000 00000", chat: "https://wa.me/910000000000" }
branches:
  - city: Pune
    address: [Example Building, Example Road, Pune]
footer: { about: Training civil engineers., copyright: © 2025 CESA }
`;

const COURSES = `  - label: Our Courses
    items:
      - { label: Drafting, group: drafting }
      - label: Structure
        group: structure
        items:
          - { label: All structure courses, href: / }
      - { label: Others, group: others }
`;

/** A course page; `course` is the lines under `course:` after name and group, indented by four. */
const coursePage = (name: string, course = '') => `meta:
  title: ${name} | CESA
  description: ${name} training.
  keywords: [${name}]
  course:
    name: ${name}
    group: structure
${course}sections:
  - type: hero
    title: ${name}
`;

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cesa-menu-'));
  write('public/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  write('pages/index.yaml', 'meta: { title: Home, description: Home., keywords: [home] }\nsections:\n  - { type: hero, title: Home }\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const group = (menu: readonly MenuItem[], label: string) =>
  menu.find((item) => item.label === 'Our Courses')?.items.find((item) => item.label === label);

describe('the Our Courses menu', () => {
  it('lists each course page in the group it names, by order, then by label, before the group’s own items', () => {
    write('pages/_site.yaml', SITE(COURSES));
    write('pages/etabs.yaml', coursePage('ETABS', '    menu: { group: structure, order: 20 }\n'));
    write('pages/staad.yaml', coursePage('STAAD.Pro Connect Edition and STAAD Foundation', '    menu: { group: structure, order: 10, label: STAAD Foundation }\n'));
    write('pages/safe.yaml', coursePage('SAFE', '    menu: { group: structure }\n'));
    write('pages/rcdc.yaml', coursePage('RCDC', '    menu: { group: structure }\n'));
    write('pages/autocad.yaml', coursePage('AutoCAD', '    menu: { group: drafting }\n'));
    write('pages/tekla.yaml', coursePage('Tekla', '    menu: false\n'));

    const content = loadContent({ root });

    expect(content.errors).toEqual([]);
    expect(group(content.menu, 'Structure')?.items).toEqual([
      { label: 'STAAD Foundation', href: '/staad', items: [] },
      { label: 'ETABS', href: '/etabs', items: [] },
      { label: 'RCDC', href: '/rcdc', items: [] },
      { label: 'SAFE', href: '/safe', items: [] },
      { label: 'All structure courses', href: '/', items: [] },
    ]);
    expect(group(content.menu, 'Drafting')?.items).toEqual([{ label: 'AutoCAD', href: '/autocad', items: [] }]);
    // Tekla opted out, so Others lists nothing and is left out of the menu.
    expect(content.menu.find((item) => item.label === 'Our Courses')?.items.map((item) => item.label)).toEqual(['Drafting', 'Structure']);
    expect(JSON.stringify(content.menu)).not.toContain('/tekla');
    // The site document stays as written: the menu is assembled beside it.
    expect(JSON.stringify(content.site?.menu)).not.toContain('/etabs');
  });

  it('reports a group that does not exist at the page’s line, with the nearest group and the list', () => {
    write('pages/_site.yaml', SITE(COURSES));
    write('pages/etabs.yaml', coursePage('ETABS', '    menu:\n      group: structur\n'));

    const content = loadContent({ root });

    expect(content.errors).toEqual([
      expect.objectContaining({
        code: 'invalid-value',
        file: 'pages/etabs.yaml',
        line: 9,
        column: 7,
        path: 'meta.course.menu.group',
        message: '"structur" is not a group of the menu',
        hint: 'Did you mean "structure"? Groups of the menu in _site.yaml: drafting, structure, others.',
      }),
    ]);
    expect(JSON.stringify(content.menu)).not.toContain('/etabs');
  });

  it('asks a course page that says nothing about the menu to name a group or opt out', () => {
    write('pages/_site.yaml', SITE(COURSES));
    write('pages/etabs.yaml', coursePage('ETABS'));

    const [error] = loadContent({ root }).errors;

    expect(error).toMatchObject({ code: 'missing-field', file: 'pages/etabs.yaml', line: 5, path: 'meta.course.menu' });
    expect(error?.hint).toBe(
      'Add `menu: { group: structure }` under course, with a group of the menu in _site.yaml (drafting, structure, others), or `menu: false` to leave the course out of the menu.',
    );
  });

  it('reports a group id declared twice in _site.yaml, where the second one is', () => {
    write('pages/_site.yaml', SITE(`${COURSES}      - { label: More structure, group: structure }\n`));
    write('pages/etabs.yaml', coursePage('ETABS', '    menu: { group: structure }\n'));

    const content = loadContent({ root });

    expect(content.errors).toEqual([
      expect.objectContaining({
        code: 'invalid-value',
        file: 'pages/_site.yaml',
        line: 15,
        path: 'menu[1].items[3].group',
        message: 'the group "structure" is already an entry of the menu (Our Courses › Structure)',
      }),
    ]);
  });

  it('refuses a group id that is not an id, and an entry that is neither a link, a submenu nor a group', () => {
    write('pages/_site.yaml', SITE('  - { label: Our Courses, items: [{ label: Drafting, group: Drafting Courses }] }\n  - { label: Empty }\n'));

    const errors = loadContent({ root }).errors.map((error) => [error.path, error.code]);

    expect(errors).toEqual([
      ['menu[1].items[0].group', 'invalid-format'],
      ['menu[2]', 'invalid-content'],
    ]);
  });

  it('needs no menu placement on a site whose menu has no groups of courses', () => {
    write('pages/_site.yaml', SITE(''));
    write('pages/etabs.yaml', coursePage('ETABS'));
    write('pages/safe.yaml', coursePage('SAFE', '    menu: { group: structure }\n'));

    const errors = loadContent({ root }).errors;

    expect(errors).toEqual([
      expect.objectContaining({
        file: 'pages/safe.yaml',
        path: 'meta.course.menu.group',
        hint: 'The menu in _site.yaml has no groups of courses (an entry with a `group` id).',
      }),
    ]);
  });
});
