import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

const section = {
  type: 'course-cards',
  id: 'courses',
  title: 'Our Courses',
  cards: [
    { title: 'AutoCAD', image: '/images/autocad.webp', highlights: ['2D drafting', 'Layouts'], link: { label: 'Learn More', href: '/autocad' } },
    { title: 'ETABS', subtitle: 'Version V-22', image: { src: '/images/etabs.webp', alt: 'ETABS model of a tower' }, link: { label: 'Learn More', href: '/etabs' } },
    { title: 'STAAD.Pro + Revit Architecture', image: '/images/combo.webp', duration: 80 },
  ],
};

describe('course cards', () => {
  it('shows one card per course with an h3 title, subtitle, highlights and duration', () => {
    renderSection(section);
    expect(screen.getByRole('heading', { level: 2, name: 'Our Courses' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'AutoCAD',
      'ETABS',
      'STAAD.Pro + Revit Architecture',
    ]);
    expect(screen.getByText('Version V-22')).toBeInTheDocument();
    expect(screen.getByText('2D drafting')).toBeInTheDocument();
    expect(screen.getByText('80 hours')).toBeInTheDocument();
  });

  it('links Learn More to the course page, and leaves it out where the card has no link', () => {
    renderSection(section);
    const links = screen.getAllByRole('link', { name: /^Learn More/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/autocad', '/etabs']);
    // The name also carries the course, so a list of links read alone still tells them apart.
    expect(screen.getByRole('link', { name: 'Learn More: ETABS' })).toHaveAttribute('href', '/etabs');
  });

  it('alternates the image side, starting on the left', () => {
    const { container } = renderSection(section);
    const sides = [...container.querySelectorAll('article')].map((card) => card.dataset.imageSide);
    expect(sides).toEqual(['left', 'right', 'left']);
  });

  it('lazy-loads images, with the course title as alt when none is given', () => {
    renderSection(section);
    expect(screen.getByRole('img', { name: 'AutoCAD' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'ETABS model of a tower' })).toBeInTheDocument();
  });
});
