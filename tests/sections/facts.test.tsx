import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('facts', () => {
  it('pairs each label with its value in a description list', () => {
    renderSection({
      type: 'facts',
      title: 'At a glance',
      items: [
        { label: 'Duration', value: '50 hours' },
        { label: 'Eligibility', value: 'Diploma or B.E. Civil' },
        { label: 'Modules', value: 11 },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'At a glance' })).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Duration', 'Eligibility', 'Modules']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['50 hours', 'Diploma or B.E. Civil', '11']);
    const duration = screen.getByText('Duration');
    expect(duration.nextElementSibling).toHaveTextContent('50 hours');
    expect(duration.closest('dl')).not.toBeNull();
  });
});
