import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('testimonials', () => {
  it('shows each quote as a figure whose caption names the student and course', () => {
    renderSection({
      type: 'testimonials',
      title: 'What our students say',
      items: [
        { name: 'Asha Patil', course: 'ETABS', quote: 'The live project made it click.', photo: '/images/asha.jpg' },
        { name: 'Ravi Kulkarni', quote: ['Great faculty.', 'Placed within a month.'] },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'What our students say' })).toBeInTheDocument();
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(2);
    const caption = figures[0]!.querySelector('figcaption');
    expect(caption).toHaveTextContent('Asha Patil');
    expect(caption).toHaveTextContent('ETABS');

    const quote = screen.getByText('The live project made it click.').closest('blockquote');
    expect(quote).not.toBeNull();
    expect(figures[0]).toContainElement(quote);
    expect(screen.getByText('Placed within a month.').closest('blockquote')).not.toBeNull();

    expect(screen.getByText('Ravi Kulkarni').closest('figcaption')).toHaveTextContent(/^Ravi Kulkarni$/);
    expect(screen.getByRole('img', { name: 'Asha Patil' })).toHaveAttribute('loading', 'lazy');
  });
});
