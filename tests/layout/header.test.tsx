import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteSchema } from '../../src/content/site-schema';
import { Header } from '../../src/layout/header/Header';
import { renderWithSite, testSite, withBehaviours } from '../helpers/render';
import { stubMediaQueries } from '../helpers/media';

const site = SiteSchema.parse({
  ...testSite,
  menu: [
    { label: 'Home', href: '/' },
    { label: 'About Us', items: [{ label: 'About', href: '/about' }, { label: 'Faculty', href: '/faculty' }] },
    {
      label: 'Our Courses',
      items: [
        { label: 'Drafting', items: [{ label: 'AutoCAD', href: '/structural-autocad' }] },
        { label: 'Structure', items: [{ label: 'ETABS', href: '/etabs' }, { label: 'SAFE', href: '/safe' }] },
      ],
    },
    { label: 'Placement', href: '/placement', items: [{ label: 'Jobs', href: '/jobs' }] },
    { label: 'Contact us', href: '/contact' },
  ],
});

/** jsdom has no media queries: this makes the page as wide as a desktop (or not). */
function screenWidth(kind: 'desktop' | 'phone') {
  stubMediaQueries(kind === 'desktop' ? ['(min-width: 1024px)'] : []);
}

/** The header as the page has it, with its behaviour running (the site's script attaches it). */
const renderHeader = (route = '/') => withBehaviours(renderWithSite(<Header menu={site.menu} />, { site, route }));

const group = (name: string) => screen.getByRole('button', { name });
const expanded = (name: string) => group(name).getAttribute('aria-expanded') === 'true';

// A browser always answers media queries; a phone unless a test says otherwise.
beforeEach(() => screenWidth('phone'));
afterEach(() => vi.unstubAllGlobals());

describe('header', () => {
  it('links the logo, named after the academy, to the home page', () => {
    renderWithSite(<Header menu={site.menu} />, { site, route: '/about' });
    const logo = screen.getByRole('link', { name: 'Civil Engineering Software Academy' });
    expect(logo).toHaveAttribute('href', '/');
    expect(within(logo).getByRole('img')).toHaveAttribute('src', '/images/logo.svg');
    expect(within(logo).getByRole('img')).toHaveAttribute('loading', 'eager');
  });

  it('has one navigation landmark named Main, with the groups closed', () => {
    renderWithSite(<Header menu={site.menu} />, { site });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    for (const name of ['About Us', 'Our Courses', 'Placement']) expect(expanded(name)).toBe(false);
    expect(screen.queryByRole('link', { name: 'ETABS' })).not.toBeInTheDocument();
  });

  it('is complete HTML before its script runs: the phone toggle closed and named, every submenu closed', () => {
    renderWithSite(<Header menu={site.menu} />, { site });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['About Us', 'Our Courses', 'Placement']) {
      const submenu = document.getElementById(group(name).getAttribute('aria-controls') ?? '');
      expect(submenu).not.toBeNull();
      expect(submenu).not.toBeVisible();
    }
  });

  it('marks the link of the page shown with aria-current', async () => {
    const user = userEvent.setup();
    await renderHeader('/etabs');
    await user.click(group('Our Courses'));
    await user.click(group('Structure'));
    expect(screen.getByRole('link', { name: 'ETABS' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'SAFE' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('lists a group’s own page first in its submenu', async () => {
    const user = userEvent.setup();
    await renderHeader();
    await user.click(group('Placement'));
    const submenu = document.getElementById(group('Placement').getAttribute('aria-controls') ?? '');
    expect(submenu).not.toBeNull();
    expect(within(submenu as HTMLElement).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/placement',
      '/jobs',
    ]);
  });

  describe('on a desktop', () => {
    it('opens a dropdown from the keyboard and closes it with Escape, focus back on the group', async () => {
      screenWidth('desktop');
      const user = userEvent.setup();
      await renderHeader();
      act(() => group('Our Courses').focus());

      await user.keyboard('{Enter}');
      expect(expanded('Our Courses')).toBe(true);
      const submenu = document.getElementById(group('Our Courses').getAttribute('aria-controls') ?? '');
      expect(submenu).toBeVisible();

      await user.tab();
      expect(group('Drafting')).toHaveFocus();
      await user.keyboard(' ');
      expect(expanded('Drafting')).toBe(true);
      expect(screen.getByRole('link', { name: 'AutoCAD' })).toBeVisible();

      // Escape closes the innermost submenu first, then the group.
      await user.keyboard('{Escape}');
      expect(expanded('Drafting')).toBe(false);
      expect(group('Drafting')).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(expanded('Our Courses')).toBe(false);
      expect(group('Our Courses')).toHaveFocus();
      expect(submenu).not.toBeVisible();
    });

    it('keeps one dropdown open at a time and closes it when focus leaves', async () => {
      screenWidth('desktop');
      const user = userEvent.setup();
      await renderHeader();
      act(() => group('About Us').focus());
      await user.keyboard('{Enter}');
      expect(expanded('About Us')).toBe(true);

      act(() => group('Our Courses').focus());
      expect(expanded('About Us')).toBe(false);
      await user.keyboard('{Enter}');
      expect(expanded('Our Courses')).toBe(true);

      await user.tab(); // Drafting, still inside the dropdown
      await user.tab(); // Structure
      expect(expanded('Our Courses')).toBe(true);
      await user.tab(); // Placement: focus has left Our Courses
      expect(group('Placement')).toHaveFocus();
      expect(expanded('Our Courses')).toBe(false);
    });

    it('opens a dropdown on hover and closes it when the pointer leaves; a click keeps it open', async () => {
      screenWidth('desktop');
      const user = userEvent.setup();
      await renderHeader();
      await user.hover(group('About Us'));
      expect(expanded('About Us')).toBe(true);
      await user.click(group('About Us'));
      expect(expanded('About Us')).toBe(true);
      await user.hover(screen.getByRole('link', { name: 'Faculty' }));
      expect(expanded('About Us')).toBe(true);

      await user.hover(group('Our Courses'));
      expect(expanded('About Us')).toBe(false);
      expect(expanded('Our Courses')).toBe(true);
      await user.unhover(group('Our Courses'));
      expect(expanded('Our Courses')).toBe(false);
    });
  });

  describe('on a phone', () => {
    it('shows and hides the menu with a toggle named for what it does', async () => {
      screenWidth('phone');
      const user = userEvent.setup();
      await renderHeader();
      const toggle = screen.getByRole('button', { name: 'Open menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(menu).not.toBeNull();
      expect(within(menu as HTMLElement).getByRole('link', { name: 'Home' })).toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAccessibleName('Close menu');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');

      await user.click(toggle);
      expect(toggle).toHaveAccessibleName('Open menu');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    it('opens and closes each group and nested submenu on its own', async () => {
      screenWidth('phone');
      const user = userEvent.setup();
      await renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));

      await user.click(group('About Us'));
      await user.click(group('Our Courses'));
      await user.click(group('Drafting'));
      await user.click(group('Structure'));
      for (const name of ['About Us', 'Our Courses', 'Drafting', 'Structure']) expect(expanded(name)).toBe(true);
      expect(screen.getByRole('link', { name: 'AutoCAD' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'ETABS' })).toBeVisible();

      await user.click(group('Drafting'));
      expect(expanded('Drafting')).toBe(false);
      expect(expanded('Structure')).toBe(true);
      expect(expanded('About Us')).toBe(true);
      expect(screen.queryByRole('link', { name: 'AutoCAD' })).not.toBeInTheDocument();
    });

    it('closes the menu when a page is chosen, so a page restored by Back shows it closed', async () => {
      screenWidth('phone');
      const user = userEvent.setup();
      await renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(group('Our Courses'));
      await user.click(group('Structure'));
      // A link is a page load, which jsdom does not do: the link stays in this page.
      const link = screen.getByRole('link', { name: 'ETABS' });
      link.addEventListener('click', (event) => event.preventDefault());
      await user.click(link);

      const toggle = screen.getByRole('button', { name: 'Open menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(expanded('Our Courses')).toBe(false);
      // Reopened, the menu shows its groups closed too.
      await user.click(toggle);
      await user.click(group('Our Courses'));
      expect(expanded('Structure')).toBe(false);
      expect(screen.queryByRole('link', { name: 'ETABS' })).not.toBeInTheDocument();
    });

    it('shows the menu closed when the browser brings the page back from its back/forward cache', async () => {
      screenWidth('phone');
      const user = userEvent.setup();
      await renderHeader();
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(group('About Us'));
      expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      });
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      expect(expanded('About Us')).toBe(false);
    });

    it('closes the menu with Escape and returns focus to the toggle', async () => {
      screenWidth('phone');
      const user = userEvent.setup();
      await renderHeader();
      const toggle = screen.getByRole('button', { name: 'Open menu' });
      await user.click(toggle);
      await user.click(group('About Us'));
      await user.keyboard('{Escape}');
      expect(expanded('About Us')).toBe(false);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });
  });
});
