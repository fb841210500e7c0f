import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../../src/app/site-context';
import { Layout } from '../../src/layout/Layout';
import { renderWithSite, testSite } from '../helpers/render';

const page = <h1>ETABS</h1>;

describe('layout', () => {
  it('frames the page with banner, main, contentinfo and the quick contact buttons', () => {
    renderWithSite(<Layout menu={testSite.menu}>{page}</Layout>);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: 'ETABS' }));
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Quick contact' })).toBeInTheDocument();
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderWithSite(<Layout menu={testSite.menu}>{page}</Layout>);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');
  });

  it('hydrates the server HTML without a mismatch', () => {
    const tree = (
      <MemoryRouter initialEntries={['/etabs']}>
        <SiteProvider value={testSite}>
          <Layout menu={testSite.menu}>{page}</Layout>
        </SiteProvider>
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const mismatches: unknown[] = [];
    render(tree, { container, hydrate: true, onRecoverableError: (error) => mismatches.push(error) });
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
