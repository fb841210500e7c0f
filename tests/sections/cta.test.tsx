import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('cta', () => {
  it('shows a banner with an h2, its text and buttons', () => {
    renderSection({
      type: 'cta',
      title: 'Sign an MoU with CESA',
      text: '132+ institutes already have.',
      actions: [
        { label: 'Talk to us', href: '/contact' },
        { label: 'Apply', href: 'form' },
      ],
    });
    expect(screen.getByRole('region', { name: 'Sign an MoU with CESA' })).toHaveClass('section--cta');
    expect(screen.getByRole('heading', { level: 2, name: 'Sign an MoU with CESA' })).toBeInTheDocument();
    expect(screen.getByText('132+ institutes already have.')).toBeInTheDocument();

    const talk = screen.getByRole('link', { name: 'Talk to us' });
    expect(talk).toHaveAttribute('href', '/contact');
    expect(talk).toHaveClass('button');
    expect(talk).not.toHaveClass('button--ghost');
    const apply = screen.getByRole('link', { name: 'Apply' });
    expect(apply).toHaveAttribute('href', 'https://forms.example.com/cesa-enquiry');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    expect(apply).toHaveClass('button--ghost');
  });
});
