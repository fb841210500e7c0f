import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('prose', () => {
  it('shows its heading and every paragraph', () => {
    renderSection({ type: 'prose', title: 'Our story', body: 'Founded in 2004.\n\nTraining engineers\nacross India.' });
    expect(screen.getByRole('heading', { level: 2, name: 'Our story' })).toBeInTheDocument();
    expect(screen.getByText('Founded in 2004.')).toBeInTheDocument();
    // A single line break inside a paragraph is joined, a blank line starts a new one.
    expect(screen.getByText('Training engineers across India.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('puts the image on the chosen side, lazily loaded, with the title as alt when none is given', () => {
    const { container } = renderSection({
      type: 'prose',
      title: 'Head office',
      body: ['1000 sq.ft of training space.'],
      image: '/images/office.jpg',
      imageSide: 'left',
    });
    const image = screen.getByRole('img', { name: 'Head office' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(container.querySelector('[data-image-side]')).toHaveAttribute('data-image-side', 'left');
  });

  it('puts the image on the right unless told otherwise', () => {
    const { container } = renderSection({
      type: 'prose',
      body: 'Text.',
      image: { src: '/images/office.jpg', alt: 'Classroom with twenty desks' },
    });
    expect(screen.getByRole('img', { name: 'Classroom with twenty desks' })).toBeInTheDocument();
    expect(container.querySelector('[data-image-side]')).toHaveAttribute('data-image-side', 'right');
  });
});
