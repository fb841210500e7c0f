import type { ReactNode } from 'react';
import type { MenuItem } from '../content/site-schema';
import { FloatingButtons } from './FloatingButtons';
import { Footer } from './Footer';
import { Header } from './header/Header';
import './layout.css';

/**
 * The frame of every page: skip link, header with the menu, the page's sections, footer, call and chat
 * buttons. `menu` is the assembled menu (RenderData.menu), with the course pages in their groups.
 */
export function Layout({ menu, children }: { menu: MenuItem[]; children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header menu={menu} />
      {/* tabIndex -1: the skip link can move focus here without adding a tab stop. */}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <FloatingButtons />
    </>
  );
}
