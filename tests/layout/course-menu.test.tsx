/**
 * Adding a course is adding its file: on a copy of the project, one new course page (and nothing else
 * edited) is in its group of the menu of every other page — in the prerendered HTML, and in the menu
 * a visitor opens on a desktop (dropdowns) and on a phone (the toggled list).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderData } from '../../src/app/data';
import { imageSizesOf, loadContent } from '../../src/content/load';
import { render as renderPage } from '../../src/entry-server';
import { attachBehaviours } from '../../src/islands/attach';
import { stubMediaQueries } from '../helpers/media';

const project = path.resolve(import.meta.dirname, '../..');
const root = mkdtempSync(path.join(tmpdir(), 'cesa-course-menu-'));
cpSync(path.join(project, 'pages'), path.join(root, 'pages'), { recursive: true });
cpSync(path.join(project, 'public'), path.join(root, 'public'), { recursive: true });
writeFileSync(
  path.join(root, 'pages/tekla-structures.yaml'),
  `meta:
  title: Tekla Structures Course in Pune | CESA
  description: Learn Tekla Structures at CESA.
  keywords: [Tekla Structures course]
  course:
    name: Tekla Structures Detailing
    group: bim
    duration: 40
    menu:
      group: structure
      order: 65
      label: Tekla Structures
sections:
  - type: hero
    title: Tekla Structures
`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const content = loadContent({ root });

/** The data the build renders a page from (scripts/builder/prerender.ts). */
function dataOf(route: string): RenderData {
  const page = content.pages.find((entry) => entry.route === route)!.page;
  return { route, today: '2027-01-11', site: content.site!, menu: content.menu, page, images: imageSizesOf(content.images, { site: content.site, page }) };
}

/** A page as a visitor gets it: the prerendered HTML, then the behaviours the site's script attaches. */
async function openPage(route: string): Promise<void> {
  document.body.innerHTML = renderPage(dataOf(route));
  await attachBehaviours(document);
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const button = (name: string) => within(nav()).getByRole('button', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('a course page added as one file', () => {
  it('checks, with nothing else edited', () => {
    expect(content.errors).toEqual([]);
  });

  it('is in its group, at its order, in the prerendered menu of another page', () => {
    const container = document.createElement('div');
    container.innerHTML = renderPage(dataOf('/contact'));
    const structure = [...container.querySelectorAll('nav[aria-label="Main"] button')].find((element) => element.textContent === 'Structure')!;
    const list = container.querySelector(`[id="${structure.getAttribute('aria-controls')}"]`)!;
    const links = [...list.querySelectorAll('a')].map((link) => `${link.textContent} ${link.getAttribute('href')}`);
    // Order 65: after ETABS (60), before ETABS Intermediate (70); the group may hold other courses.
    const neighbours = ['ETABS /etabs', 'Tekla Structures /tekla-structures', 'ETABS Intermediate /etabs-intermediate'];
    expect(links.filter((link) => neighbours.includes(link))).toEqual(neighbours);
    // One list is the desktop dropdowns and the phone menu; closed until opened.
    expect(container.querySelectorAll('nav[aria-label="Main"] ul.menu')).toHaveLength(1);
    expect(list).toHaveAttribute('hidden');
  });

  it('opens from the desktop dropdowns of another page', async () => {
    stubMediaQueries(['(min-width: 1024px)']);
    const user = userEvent.setup();
    await openPage('/about');
    await user.hover(button('Our Courses'));
    await user.click(button('Structure'));
    expect(within(nav()).getByRole('link', { name: 'Tekla Structures' })).toHaveAttribute('href', '/tekla-structures');
    expect(within(nav()).getByRole('link', { name: 'Tekla Structures' })).toBeVisible();
  });

  it('opens from the phone menu of another page', async () => {
    stubMediaQueries([]);
    const user = userEvent.setup();
    await openPage('/about');
    await user.click(within(nav()).getByRole('button', { name: 'Open menu' }));
    await user.click(button('Our Courses'));
    await user.click(button('Structure'));
    expect(within(nav()).getByRole('link', { name: 'Tekla Structures' })).toBeVisible();
  });
});
