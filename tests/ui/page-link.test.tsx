/** Links between pages: real addresses, client-side navigation on a plain click, the browser's own way otherwise. */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageLink } from '../../src/ui/PageLink';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.hash}</output>;
}

function renderAt(route: string, link: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      {link}
      <Where />
    </MemoryRouter>,
  );
}

const shown = () => screen.getByRole('status', { name: 'location' }).textContent;

describe('PageLink', () => {
  it('is a plain link to the page, so it works before the scripts run', () => {
    renderAt('/', <PageLink to="/etabs">ETABS</PageLink>);
    expect(screen.getByRole('link', { name: 'ETABS' })).toHaveAttribute('href', '/etabs');
  });

  it('navigates inside the app on a plain click', async () => {
    renderAt('/', <PageLink to="/etabs#modules">ETABS</PageLink>);
    await userEvent.click(screen.getByRole('link', { name: 'ETABS' }));
    expect(shown()).toBe('/etabs#modules');
  });

  it.each([{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }])(
    'leaves a click with %o to the browser (new tab or window)',
    (modifiers) => {
      renderAt('/', <PageLink to="/etabs">ETABS</PageLink>);
      const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'ETABS' }), modifiers);
      expect(notPrevented).toBe(true);
      expect(shown()).toBe('/');
    },
  );

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
});
