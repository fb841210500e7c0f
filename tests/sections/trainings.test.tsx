import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('trainings', () => {
  it('shows a photo card per training with its title and note', () => {
    renderSection({
      type: 'trainings',
      title: 'Trainings conducted',
      cards: [
        { title: 'College of Engineering, Pune', location: 'STAAD.Pro, 3 days', image: '/images/t1.jpg' },
        { title: 'Public Works Department', location: 'ETABS, Aurangabad', image: { src: '/images/t2.jpg', alt: 'Engineers at workstations' } },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Trainings conducted' })).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 3, name: 'College of Engineering, Pune' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('STAAD.Pro, 3 days')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: 'College of Engineering, Pune' })).toHaveAttribute('loading', 'lazy');
    expect(within(cards[1]!).getByRole('img', { name: 'Engineers at workstations' })).toBeInTheDocument();
  });
});
