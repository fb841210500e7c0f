import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../app/site-context';
import type { MenuItem } from '../content/site-schema';
import { Img } from '../ui/Img';
import { PageLink } from '../ui/PageLink';
import { MainMenu } from './MainMenu';

/**
 * Logo and the main menu. On phones a toggle shows and hides the menu; from 1024px up the
 * menu is always shown as a bar of dropdowns (layout.css). One list of entries serves both.
 * `menu` is the assembled menu (the site's, with the course pages in their groups).
 */
export function Header({ menu }: { menu: MenuItem[] }) {
  const site = useSite();
  const { pathname } = useLocation();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The page the phone menu was opened on: going to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <PageLink to="/" className="site-header__logo">
          <Img image={{ ...site.logo, alt: site.name }} slot="logo" eager />
        </PageLink>
        <nav
          aria-label="Main"
          className={open ? 'site-nav site-nav--open' : 'site-nav'}
          onClick={(event) => {
            // Choosing a link closes the phone menu, even when it leads to the page already shown.
            if (event.target instanceof Element && event.target.closest('a')) setOpenOn(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !open) return;
            setOpenOn(null);
            toggleRef.current?.focus();
          }}
        >
          <button
            ref={toggleRef}
            type="button"
            className="site-nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenOn(open ? null : pathname)}
          >
            <span className="site-nav__icon" aria-hidden="true" />
            <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          </button>
          <MainMenu id={menuId} items={menu} />
        </nav>
      </div>
    </header>
  );
}
