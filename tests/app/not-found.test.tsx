import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFound } from '../../src/app/NotFound';
import type { MenuItem } from '../../src/content/site-schema';
import { CoursesProvider } from '../../src/page/courses-context';
import { renderWithSite } from '../helpers/render';

const link = (label: string, href: string): MenuItem => ({ label, href, items: [] });

/** The menu as every page shows it: the course pages in their groups (src/content/menu.ts). */
const menu: MenuItem[] = [
  link('Home', '/'),
  { label: 'About Us', items: [link('About CESA', '/about'), link('Our Faculty', '/faculty')] },
  {
    label: 'Our Courses',
    items: [
      { label: 'Structure', items: [link('ETABS', '/etabs'), link('STAAD.Pro', '/staad')] },
      { label: 'Drafting', items: [link('AutoCAD', '/structural-autocad'), link('Online batches', '/batches')] },
    ],
  },
  link('Contact us', '/contact'),
];
const courses = { '/etabs': { name: 'ETABS', batches: [] }, '/staad': { name: 'STAAD.Pro', batches: [] }, '/structural-autocad': { name: 'AutoCAD', batches: [] } };

function renderNotFound() {
  renderWithSite(
    <CoursesProvider value={courses}>
      <NotFound menu={menu} />
    </CoursesProvider>,
    { route: '/404' },
  );
}

describe('the 404 page', () => {
  it('offers the courses by their groups, with what each group lists beside them', () => {
    renderNotFound();
    const list = screen.getByRole('navigation', { name: 'Our courses' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Structure', 'Drafting']);
    expect(within(list).getAllByRole('link').map((course) => [course.textContent, course.getAttribute('href')])).toEqual([
      ['ETABS', '/etabs'],
      ['STAAD.Pro', '/staad'],
      ['AutoCAD', '/structural-autocad'],
      ['Online batches', '/batches'],
    ]);
  });

  it("offers the site's main sections, each with its own pages", () => {
    renderNotFound();
    const sections = screen.getByRole('navigation', { name: 'The site’s main sections' });
    expect(within(sections).getAllByRole('link').map((page) => [page.textContent, page.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About CESA', '/about'],
      ['Our Faculty', '/faculty'],
      ['Contact us', '/contact'],
    ]);
    expect(within(sections).getByText('About Us')).toBeInTheDocument();
  });

  it('says what happened and leads home', () => {
    renderNotFound();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
