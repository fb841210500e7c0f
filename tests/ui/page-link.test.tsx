/** Links between pages: plain links (a page load, the browser's own way in every case), marked when they lead to the page shown. */
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RouteProvider } from '../../src/page/route-context';
import { PageLink } from '../../src/ui/PageLink';

function renderAt(route: string, link: ReactNode) {
  return render(<RouteProvider value={route}>{link}</RouteProvider>);
}

describe('PageLink', () => {
  it('is a plain link to the page, with its fragment, so it works with no script at all', () => {
    renderAt('/', <PageLink to="/etabs#modules">ETABS</PageLink>);
    const link = screen.getByRole('link', { name: 'ETABS' });
    expect(link).toHaveAttribute('href', '/etabs#modules');
    expect(link).not.toHaveAttribute('target');
  });

  it.each([{}, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }])('leaves a click with %o to the browser', (modifiers) => {
    renderAt('/', <PageLink to="/etabs">ETABS</PageLink>);
    // Seen last, on the window: whether anything on the way took the click from the browser. Then
    // the page load is stopped there, which jsdom cannot do.
    let prevented: boolean | undefined;
    const seen = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', seen);
    try {
      fireEvent.click(screen.getByRole('link', { name: 'ETABS' }), modifiers);
    } finally {
      window.removeEventListener('click', seen);
    }
    expect(prevented).toBe(false);
  });

  it('keeps its class, for links styled as buttons', () => {
    renderAt(
      '/',
      <PageLink to="/contact" className="button">
        Contact us
      </PageLink>,
    );
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveClass('button');
  });

  it('marks the page shown with aria-current when asked, in any case of the address', () => {
    renderAt(
      '/Faculty',
      <>
        <PageLink to="/faculty" markCurrent>
          Faculty
        </PageLink>
        <PageLink to="/etabs" markCurrent>
          ETABS
        </PageLink>
        <PageLink to="/faculty">Our faculty</PageLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Faculty' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'ETABS' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Our faculty' })).not.toHaveAttribute('aria-current');
  });

  it('marks the home page only on the home page', () => {
    const { unmount } = renderAt(
      '/',
      <PageLink to="/" markCurrent>
        Home
      </PageLink>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderAt(
      '/etabs',
      <PageLink to="/" markCurrent>
        Home
      </PageLink>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
