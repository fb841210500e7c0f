import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('logos', () => {
  const section = {
    type: 'logos',
    title: '132+ institutes',
    columns: 4,
    items: [
      { name: 'Government College of Engineering', city: 'Aurangabad', logo: '/images/gce.png' },
      { name: 'Shree Constructions', city: 'Pune' },
      { name: 'Hitest Lahoti and Associates', logo: { src: '/images/hla.png', alt: 'Hitest Lahoti and Associates logo' }, href: '/hitest-lahoti-and-associates' },
    ],
  };

  it('shows a logo with the name as alt, or the name as text where there is no logo, with the city', () => {
    renderSection(section);
    expect(screen.getByRole('heading', { level: 2, name: '132+ institutes' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const logo = within(items[0]!).getByRole('img', { name: 'Government College of Engineering' });
    expect(logo).toHaveAttribute('loading', 'lazy');
    expect(within(items[0]!).getByText('Aurangabad')).toBeInTheDocument();

    expect(within(items[1]!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Shree Constructions')).toBeVisible();
    expect(within(items[1]!).getByText('Pune')).toBeInTheDocument();
  });

  it('links an item that has an href', () => {
    renderSection(section);
    const link = screen.getByRole('link', { name: 'Hitest Lahoti and Associates logo' });
    expect(link).toHaveAttribute('href', '/hitest-lahoti-and-associates');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('caps the columns at the content value, five by default', () => {
    const { unmount } = renderSection(section);
    expect(screen.getByRole('list')).toHaveClass('logos--max-4');
    unmount();
    renderSection({ ...section, columns: undefined });
    expect(screen.getByRole('list')).toHaveClass('logos--max-5');
  });
});
