import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

describe('modules', () => {
  it('shows each module as a numbered card with an h3 title and its topics', () => {
    renderSection({
      type: 'modules',
      title: 'Course content',
      modules: [
        { title: 'Week 1', items: ['Interface', 'Drawing aids'] },
        { title: 'Week 2', items: ['Components'] },
      ],
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Course content' })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Week 1', 'Week 2']);

    const modules = screen.getAllByRole('listitem').filter((item) => item.classList.contains('module'));
    expect(modules).toHaveLength(2);
    expect(modules[0]!.closest('ol')).not.toBeNull();
    expect(modules[0]).toHaveTextContent('01');
    expect(within(modules[0]!).getByRole('list')).toHaveTextContent('InterfaceDrawing aids');
    expect(within(within(modules[1]!).getByRole('list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Components',
    ]);
  });
});
