import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normaliseRoute } from '../content/routes';

interface Props {
  /** A page of this site: `/etabs`, `/etabs#modules`. */
  to: string;
  children: ReactNode;
  className?: string | undefined;
  /** Marks the link with aria-current="page" while its page is the one shown (a menu entry). */
  markCurrent?: boolean;
}

/**
 * A link to a page of this site: a plain `<a href>`, so it works before hydration and for the
 * clicks that open a new tab or window, and a client-side navigation on a plain click.
 *
 * react-router's `<Link>`/`<NavLink>` would do the same with prefetching, view transitions and
 * data-router code this site does not use: 4.4 KB gzip of every page's first-load JavaScript,
 * whose budget is 85 KB (see README, "Performance").
 */
export function PageLink({ to, children, className, markCurrent = false }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Routes match in any case, as the menus and the hosting do (/Faculty is /faculty).
  const current = markCurrent && normaliseRoute(to).toLowerCase() === normaliseRoute(pathname).toLowerCase();

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    const target = new URL(to, window.location.href);
    const here = window.location;
    // An anchor on the page shown: the browser scrolls to it and moves focus like on any site.
    if (target.hash && target.pathname === here.pathname && target.search === here.search) return;
    event.preventDefault();
    const path = target.pathname + target.search + target.hash;
    // Choosing the page already shown does not add a history entry. (Under <BrowserRouter>,
    // navigate() is synchronous: its `void | Promise<void>` type is for data routers.)
    void navigate(path, { replace: path === here.pathname + here.search + here.hash });
  }

  return (
    <a href={to} className={className} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </a>
  );
}
