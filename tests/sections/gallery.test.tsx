import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('gallery', () => {
  it('shows every photo lazily with its alt text, and captions where given', () => {
    renderSection({
      type: 'gallery',
      title: 'Seminars',
      columns: 3,
      images: [
        { src: '/images/seminar-1.jpg', alt: 'Seminar hall with students', caption: 'MIT, Aurangabad' },
        { src: '/images/seminar-2.jpg', alt: 'Speaker at a lectern' },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Seminars' })).toBeInTheDocument();
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Seminar hall with students', 'Speaker at a lectern']);
    for (const image of images) expect(image).toHaveAttribute('loading', 'lazy');

    const figures = screen.getAllByRole('figure');
    expect(figures[0]!.querySelector('figcaption')).toHaveTextContent('MIT, Aurangabad');
    expect(figures[1]!.querySelector('figcaption')).toBeNull();
    expect(screen.getByRole('list')).toHaveClass('gallery--max-3');
  });
});
