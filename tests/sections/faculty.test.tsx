import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('faculty', () => {
  it('shows the lead profile first, then a card per member, each named by an h3', () => {
    renderSection({
      type: 'faculty',
      title: 'Our faculty',
      lead: { name: 'R. Deshmukh', role: 'Director', details: 'M.E. Structures.\n\n25 years in design.', photo: '/images/director.jpg' },
      members: [
        { name: 'S. Joshi', role: 'Structural Engineer', details: 'ETABS and SAFE.' },
        { name: 'P. Kale', details: 'Revit and BIM.' },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Our faculty' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'R. Deshmukh',
      'S. Joshi',
      'P. Kale',
    ]);
    const [lead, ...members] = screen.getAllByRole('article');
    expect(lead).toHaveClass('person--lead');
    expect(within(lead!).getByText('Director')).toBeInTheDocument();
    expect(within(lead!).getByText('25 years in design.')).toBeInTheDocument();
    expect(within(lead!).getByRole('img', { name: 'R. Deshmukh' })).toHaveAttribute('loading', 'lazy');
    expect(members).toHaveLength(2);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(within(members[0]!).getByText('ETABS and SAFE.')).toBeInTheDocument();
  });

  it('shows member cards without a lead', () => {
    renderSection({ type: 'faculty', members: [{ name: 'S. Joshi', details: 'ETABS.' }] });
    expect(screen.getByRole('heading', { level: 3, name: 'S. Joshi' })).toBeInTheDocument();
    expect(document.querySelector('.person--lead')).toBeNull();
  });
});
