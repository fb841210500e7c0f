import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { attachBehaviours } from '../../src/islands/attach';
import { Layout } from '../../src/layout/Layout';
import { RouteProvider } from '../../src/page/route-context';
import { SiteProvider } from '../../src/page/site-context';
import { stubMediaQueries } from '../helpers/media';
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

  it('is static HTML whose menu works once the site’s script attaches the behaviours', async () => {
    stubMediaQueries([]);
    const html = renderToStaticMarkup(
      <RouteProvider value="/etabs">
        <SiteProvider value={testSite}>
          <Layout menu={testSite.menu}>{page}</Layout>
        </SiteProvider>
      </RouteProvider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    try {
      // The page as it arrives, as the prerenderer writes it: the menu closed.
      const toggle = within(container).getByRole('button', { name: 'Open menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await attachBehaviours(document);
      const user = userEvent.setup();
      await user.click(toggle);
      expect(within(container).getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await user.click(within(container).getByRole('button', { name: 'Our Courses' }));
      await user.click(within(container).getByRole('button', { name: 'Structure' }));
      expect(within(container).getByRole('link', { name: 'ETABS' })).toHaveAttribute('aria-current', 'page');
    } finally {
      container.remove();
      vi.unstubAllGlobals();
    }
  });
});
