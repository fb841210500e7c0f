import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

const points = Array.from({ length: 14 }, (_, i) => `Point ${i + 1}`);

describe('list', () => {
  it('shows a titled bullet list with its intro', () => {
    renderSection({ type: 'list', title: 'Salient features', intro: 'What you get.', items: ['Live projects', 'Certificate'] });
    expect(screen.getByRole('heading', { level: 2, name: 'Salient features' })).toBeInTheDocument();
    expect(screen.getByText('What you get.')).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Live projects', 'Certificate']);
  });

  it('numbers the points when ordered', () => {
    renderSection({ type: 'list', items: ['Plan', 'Model', 'Design'], ordered: true });
    expect(screen.getByRole('list').tagName).toBe('OL');
  });

  it('split at 10: one list holding every item once, the first ten in column one and the rest in column two', () => {
    renderSection({ type: 'list', title: 'Revit points', items: points, splitAt: 10 });
    const lists = screen.getAllByRole('list');
    expect(lists).toHaveLength(1);
    const items = within(lists[0]!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(points);
    for (const point of points) expect(screen.getAllByText(point)).toHaveLength(1);
    expect(items.slice(0, 10).every((item) => item.dataset.column === '1')).toBe(true);
    expect(items.slice(10).every((item) => item.dataset.column === '2')).toBe(true);
    expect(lists[0]).toHaveClass('list-items--split');
  });

  it('asks for the given number of columns', () => {
    renderSection({ type: 'list', items: points, columns: 3 });
    const list = screen.getByRole('list');
    expect(list).toHaveClass('list-items--columns-3');
    expect(within(list).getAllByRole('listitem')).toHaveLength(14);
  });
});
