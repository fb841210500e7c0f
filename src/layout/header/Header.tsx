import { useId } from 'react';
import type { MenuItem } from '../../content/site-schema';
import { behaviour } from '../../islands/behaviour';
import { useSite } from '../../page/site-context';
import { Img } from '../../ui/Img';
import { PageLink } from '../../ui/PageLink';
import { MainMenu } from './MainMenu';

/** The phone menu toggle's name while the menu is closed, and while it is open (behaviour.ts swaps them). */
export const OPEN_MENU = 'Open menu';
export const CLOSE_MENU = 'Close menu';

/**
 * Logo and the main menu. On phones a toggle shows and hides the menu; from 1024px up the menu is
 * always shown as a bar of dropdowns (layout.css). One list of entries serves both. `menu` is the
 * assembled menu (the site's, with the course pages in their groups). The markup is static; the
 * header's behaviour (behaviour.ts) opens and closes things. Without JavaScript the phone menu is
 * shown open and the dropdowns open on hover and focus (layout.css, `scripting: none`).
 */
export function Header({ menu }: { menu: MenuItem[] }) {
  const site = useSite();
  const menuId = useId();
  return (
    <header className="site-header" {...behaviour('header')}>
      <div className="container site-header__bar">
        <PageLink to="/" className="site-header__logo">
          <Img image={{ ...site.logo, alt: site.name }} slot="logo" eager />
        </PageLink>
        <nav aria-label="Main" className="site-nav">
          <button type="button" className="site-nav__toggle" aria-expanded="false" aria-controls={menuId}>
            <span className="site-nav__icon" aria-hidden="true" />
            <span className="visually-hidden" data-label-open={CLOSE_MENU} data-label-closed={OPEN_MENU}>
              {OPEN_MENU}
            </span>
          </button>
          <MainMenu id={menuId} items={menu} />
        </nav>
      </div>
    </header>
  );
}
