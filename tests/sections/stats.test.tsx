import { act, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../../src/app/site-context';
import { SectionSchema } from '../../src/content/page-schema';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderSection, testSite } from '../helpers/render';
import { stubMediaQueries } from '../helpers/media';

const stats = {
  type: 'stats',
  title: 'CESA in numbers',
  items: [
    { value: 11350, label: 'Happy students' },
    { value: 132, label: 'Institutes' },
    { value: 20, suffix: ' years', label: 'Of training' },
  ],
};

/** What a sighted visitor reads in each figure (the animated number; screen readers get the final one). */
function shownFigures(root: ParentNode = document): string[] {
  return Array.from(root.querySelectorAll('li [aria-hidden="true"]'), (figure) => figure.textContent ?? '');
}

/** Stands in for the browser's media queries; jsdom has none. */
function preferReducedMotion(reduce: boolean) {
  stubMediaQueries(reduce ? ['(prefers-reduced-motion: reduce)'] : []);
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('stats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preferReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the final figures in the server HTML, for readers without JavaScript and for search engines', () => {
    const html = renderToString(
      <MemoryRouter>
        <SiteProvider value={testSite}>
          <SectionSlot section={SectionSchema.parse(stats)} index={1} />
        </SiteProvider>
      </MemoryRouter>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(shownFigures(page)).toEqual(['11,350+', '132+', '20 years']);
    expect(page.textContent).toContain('11,350+Happy students');
  });

  it('hydrates the server HTML without a mismatch', () => {
    const band = (
      <MemoryRouter>
        <SiteProvider value={testSite}>
          <SectionSlot section={SectionSchema.parse(stats)} index={1} />
        </SiteProvider>
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(band);
    document.body.append(container);
    const mismatches: unknown[] = [];
    render(band, { container, hydrate: true, onRecoverableError: (error) => mismatches.push(error) });
    expect(mismatches).toEqual([]);
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);
  });

  it('counts up over three seconds once a band that was out of view scrolls in', () => {
    renderSection(stats);
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);

    act(() => mockAllIsIntersecting(false));
    expect(shownFigures()).toEqual(['0+', '0+', '0 years']);
    advance(5000);
    expect(shownFigures()).toEqual(['0+', '0+', '0 years']);

    act(() => mockAllIsIntersecting(true));
    advance(1000);
    const halfway = Number(shownFigures()[0]?.replace(/[^\d]/g, ''));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(11350);
    advance(1000);
    expect(Number(shownFigures()[0]?.replace(/[^\d]/g, ''))).toBeGreaterThan(halfway);

    advance(1100);
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);
  });

  it('gives screen readers the final figure throughout, never the ticks', () => {
    renderSection(stats);
    act(() => mockAllIsIntersecting(false));
    act(() => mockAllIsIntersecting(true));
    advance(1000);
    const [first] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(first).toBeDefined();
    const spoken = within(first as HTMLElement).getByText('11,350+');
    expect(spoken).not.toHaveAttribute('aria-hidden');
    expect(spoken.closest('[aria-hidden="true"]')).toBeNull();
    expect(shownFigures()[0]).not.toBe('11,350+');
  });

  it('leaves the figures alone when the band is already in view on load', () => {
    renderSection(stats);
    act(() => mockAllIsIntersecting(true));
    advance(500);
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);
  });

  it('never animates for visitors who prefer reduced motion', () => {
    preferReducedMotion(true);
    renderSection(stats);
    act(() => mockAllIsIntersecting(false));
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);
    act(() => mockAllIsIntersecting(true));
    advance(500);
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);
  });

  it('counts for as long as the section says', () => {
    renderSection({ ...stats, seconds: 1 });
    act(() => mockAllIsIntersecting(false));
    act(() => mockAllIsIntersecting(true));
    advance(1100);
    expect(shownFigures()).toEqual(['11,350+', '132+', '20 years']);
  });
});
