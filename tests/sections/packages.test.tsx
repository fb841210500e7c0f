import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

const cards = [
  { title: 'ETABS Basic (RCC Design)', description: 'Modelling and analysis.', duration: 15, image: '/images/etabs-basic.webp' },
  { title: 'ETABS Advance + SAFE', duration: '25 hours' },
  { title: 'Advance Training Programme', description: 'ETABS + SAFE + RCDC.', duration: 45 },
];

describe('packages', () => {
  it('shows each package with an h3 title, description and duration', () => {
    renderSection({ type: 'packages', title: 'Programmes', cards });
    expect(screen.getByRole('heading', { level: 2, name: 'Programmes' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByText('Modelling and analysis.')).toBeInTheDocument();
    expect(screen.getByText('15 hours')).toBeInTheDocument();
    expect(screen.getByText('25 hours')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'ETABS Basic (RCC Design)' })).toHaveAttribute('loading', 'lazy');
    // Only the first card has an image.
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('lets the last card span the row only when wideLast is set', () => {
    const { unmount } = renderSection({ type: 'packages', cards, wideLast: true });
    const items = screen.getAllByRole('listitem');
    expect(items[2]).toHaveClass('package--wide');
    expect(items.slice(0, 2).some((item) => item.classList.contains('package--wide'))).toBe(false);
    unmount();

    renderSection({ type: 'packages', cards });
    expect(screen.getAllByRole('listitem').some((item) => item.classList.contains('package--wide'))).toBe(false);
  });
});
