import type { ReactNode } from 'react';
import { normaliseRoute } from '../content/routes';
import { useRoute } from '../page/route-context';

interface Props {
  /** A page of this site: `/etabs`, `/etabs#modules`. */
  to: string;
  children: ReactNode;
  className?: string | undefined;
  /** Marks the link with aria-current="page" when its page is the one rendered (a menu entry). */
  markCurrent?: boolean;
}

/**
 * A link to a page of this site: a plain `<a href>`, an ordinary page load. The pages are small
 * static files and the stylesheet and script are cached, so a load is quick; the browser prefetches
 * a link the visitor is about to follow (the Speculation-Rules header) and keeps Back and Forward
 * instant (the back/forward cache).
 */
export function PageLink({ to, children, className, markCurrent = false }: Props) {
  const route = useRoute();
  // Routes match in any case, as the menus and the hosting do (/Faculty is /faculty).
  const current = markCurrent && normaliseRoute(to).toLowerCase() === normaliseRoute(route).toLowerCase();
  return (
    <a href={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
