import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSection } from '../helpers/render';

/**
 * Long grids on a phone: the first rows, then the rest inside a native disclosure ("Show all N"),
 * which works with no script. Short grids show everything with no button.
 */

function restOf(container: HTMLElement): HTMLElement | null {
  return container.querySelector('details.show-all');
}

describe('a long gallery', () => {
  const photos = (count: number) => Array.from({ length: count }, (_, i) => ({ src: `/images/s-${i + 1}.jpg`, alt: `Seminar ${i + 1}` }));

  it('shows its first twelve photos and the rest behind "Show all N photos", in order', () => {
    const { container } = renderSection({ type: 'gallery', title: 'Seminars', columns: 4, images: photos(20) });
    const details = restOf(container)!;
    expect(details).not.toHaveAttribute('open');
    expect(within(details.querySelector('summary')!).getByText('Show all 20 photos')).toBeInTheDocument();
    const [first, rest] = screen.getAllByRole('list');
    expect(within(first!).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(photos(12).map((photo) => photo.alt));
    expect(within(rest!).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(photos(20).slice(12).map((photo) => photo.alt));
    expect(details).toContainElement(rest!);
  });

  it('of sixteen photos or fewer shows them all, with no button', () => {
    const { container } = renderSection({ type: 'gallery', columns: 4, images: photos(16) });
    expect(restOf(container)).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(16);
  });
});

describe('a long list of logos', () => {
  const names = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Institute ${i + 1}` }));

  it('shows whole rows of three on a phone and of the content’s columns on a wide screen: 15 of 30 in five columns', () => {
    const { container } = renderSection({ type: 'logos', columns: 5, items: names(30) });
    const [first, rest] = screen.getAllByRole('list');
    expect(within(first!).getAllByRole('listitem')).toHaveLength(15);
    expect(within(rest!).getAllByRole('listitem')).toHaveLength(15);
    expect(within(restOf(container)!.querySelector('summary')!).getByText('Show all 30')).toBeInTheDocument();
  });

  it('shows 18 of a long list in three columns (six rows of three)', () => {
    renderSection({ type: 'logos', columns: 3, items: names(25) });
    expect(within(screen.getAllByRole('list')[0]!).getAllByRole('listitem')).toHaveLength(18);
  });

  it('shows every name of a list of 24', () => {
    const { container } = renderSection({ type: 'logos', columns: 5, items: names(24) });
    expect(restOf(container)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(24);
  });
});

describe('many trainings', () => {
  it('show the first four and the rest behind "Show all N trainings"', () => {
    const cards = Array.from({ length: 8 }, (_, i) => ({ title: `College ${i + 1}`, location: 'Pune', image: `/images/t-${i}.jpg` }));
    const { container } = renderSection({ type: 'trainings', title: 'Trainings conducted', cards });
    const [first, rest] = screen.getAllByRole('list');
    expect(within(first!).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['College 1', 'College 2', 'College 3', 'College 4']);
    expect(within(rest!).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(within(restOf(container)!.querySelector('summary')!).getByText('Show all 8 trainings')).toBeInTheDocument();
  });
});
