/**
 * The figures band: final figures in the HTML; the stats behaviour counts them up from 0 the first
 * time the band scrolls into view. jsdom has no IntersectionObserver and no media queries: the test
 * stands in for both, reporting what a browser would.
 */
import { act, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionSchema } from '../../src/content/page-schema';
import { SiteProvider } from '../../src/page/site-context';
import { SectionSlot } from '../../src/sections/section-slot';
import { renderSection, testSite, withBehaviours } from '../helpers/render';
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

const FINAL = ['11,350+', '132+', '20 years'];

/** What a sighted visitor reads in each figure (the animated number; screen readers get the final one). */
function shownFigures(root: ParentNode = document): string[] {
  return Array.from(root.querySelectorAll('li [aria-hidden="true"]'), (figure) => figure.textContent ?? '');
}

/** Stands in for the browser's media queries; jsdom has none. */
function preferReducedMotion(reduce: boolean) {
  stubMediaQueries(reduce ? ['(prefers-reduced-motion: reduce)'] : []);
}

/** The observers the page made, and what they watch; `scroll` reports to them as a browser does. */
let observers: { callback: IntersectionObserverCallback; targets: Element[]; connected: boolean }[] = [];

function stubIntersectionObserver() {
  observers = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly record: (typeof observers)[number];
      readonly margin: string | undefined;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, targets: [], connected: true };
        this.margin = options?.rootMargin;
        // The loader's watch for the band nearing the screen (a screen's height of margin): in
        // these tests the band is always that near, so its code loads at once.
        if (!this.margin) observers.push(this.record);
      }
      observe(target: Element) {
        if (this.margin) {
          queueMicrotask(() => this.record.callback([{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry], this as never));
          return;
        }
        this.record.targets.push(target);
        this.record.connected = true;
      }
      unobserve(target: Element) {
        this.record.targets = this.record.targets.filter((element) => element !== target);
      }
      disconnect() {
        this.record.targets = [];
        this.record.connected = false;
      }
      takeRecords() {
        return [];
      }
    },
  );
}

/** The band is (or is not) in view: every observer still watching hears it. */
function scroll(inView: boolean) {
  act(() => {
    for (const observer of [...observers]) {
      if (!observer.connected || observer.targets.length === 0) continue;
      const entries = observer.targets.map((target) => ({ target, isIntersecting: inView, intersectionRatio: inView ? 1 : 0 }) as IntersectionObserverEntry);
      observer.callback(entries, {} as IntersectionObserver);
    }
  });
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const numberShown = (index = 0) => Number(shownFigures()[index]?.replace(/[^\d]/g, ''));

describe('stats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    preferReducedMotion(false);
    stubIntersectionObserver();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the final figures in the page HTML, for readers without JavaScript and for search engines', () => {
    const html = renderToStaticMarkup(
      <SiteProvider value={testSite}>
        <SectionSlot section={SectionSchema.parse(stats)} index={1} />
      </SiteProvider>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(shownFigures(page)).toEqual(FINAL);
    expect(page.textContent).toContain('11,350+Happy students');
  });

  it('counts up over three seconds once a band that was out of view scrolls in', async () => {
    await withBehaviours(renderSection(stats));
    expect(shownFigures()).toEqual(FINAL);

    scroll(false);
    expect(shownFigures()).toEqual(['0+', '0+', '0 years']);
    advance(5000);
    expect(shownFigures()).toEqual(['0+', '0+', '0 years']);

    scroll(true);
    advance(1000);
    const early = numberShown();
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(11350);
    advance(1000);
    const later = numberShown();
    expect(later).toBeGreaterThan(early);
    expect(later).toBeLessThan(11350);

    advance(1100);
    expect(shownFigures()).toEqual(FINAL);
  });

  it('counts once: scrolling away and back again leaves the final figures', async () => {
    await withBehaviours(renderSection(stats));
    scroll(false);
    scroll(true);
    advance(3100);
    expect(shownFigures()).toEqual(FINAL);
    scroll(false);
    scroll(true);
    advance(500);
    expect(shownFigures()).toEqual(FINAL);
  });

  it('gives screen readers the final figure throughout, never the ticks', async () => {
    await withBehaviours(renderSection(stats));
    scroll(false);
    scroll(true);
    advance(1000);
    const [first] = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(first).toBeDefined();
    const spoken = within(first as HTMLElement).getByText('11,350+');
    expect(spoken).not.toHaveAttribute('aria-hidden');
    expect(spoken.closest('[aria-hidden="true"]')).toBeNull();
    expect(shownFigures()[0]).not.toBe('11,350+');
  });

  it('leaves the figures alone when the band is already in view on load', async () => {
    await withBehaviours(renderSection(stats));
    scroll(true);
    advance(500);
    expect(shownFigures()).toEqual(FINAL);
  });

  it('never animates for visitors who prefer reduced motion', async () => {
    preferReducedMotion(true);
    await withBehaviours(renderSection(stats));
    scroll(false);
    expect(shownFigures()).toEqual(FINAL);
    scroll(true);
    advance(500);
    expect(shownFigures()).toEqual(FINAL);
  });

  it('keeps the final figures in a browser without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    await withBehaviours(renderSection(stats));
    advance(5000);
    expect(shownFigures()).toEqual(FINAL);
  });

  it('counts for as long as the section says', async () => {
    await withBehaviours(renderSection({ ...stats, seconds: 1 }));
    scroll(false);
    scroll(true);
    advance(500);
    expect(numberShown()).toBeLessThan(11350);
    advance(600);
    expect(shownFigures()).toEqual(FINAL);
  });
});
