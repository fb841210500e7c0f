import { useId, type ReactNode } from 'react';
import type { MenuItem } from '../../content/site-schema';
import { useRoute } from '../../page/route-context';
import { PageLink } from '../../ui/PageLink';
import { SmartLink } from '../../ui/SmartLink';

/** Whether the page rendered is this entry or one inside its submenus (any case, like PageLink). */
const leadsTo = (item: MenuItem, route: string): boolean =>
  item.href?.toLowerCase() === route.toLowerCase() || item.items.some((child) => leadsTo(child, route));

/**
 * The header menu as one list: groups and nested submenus are disclosure buttons (closed in the
 * HTML; the header's behaviour opens them). CSS lays it out as dropdowns on desktop and as a
 * stacked list on phones.
 */
export function MainMenu({ id, items }: { id: string; items: MenuItem[] }) {
  return (
    <ul id={id} className="menu">
      {items.map((item, index) => (
        <MenuEntry key={index} item={item} />
      ))}
    </ul>
  );
}

function MenuEntry({ item }: { item: MenuItem }) {
  const { href } = item;
  if (item.items.length === 0 && href !== undefined) {
    return (
      <li className="menu__item">
        <MenuLink href={href}>{item.label}</MenuLink>
      </li>
    );
  }
  return <Submenu item={item} />;
}

function Submenu({ item }: { item: MenuItem }) {
  const listId = useId();
  const current = leadsTo(item, useRoute());
  return (
    <li className="menu__item menu__item--submenu">
      {/* The group's name as text, shown instead of its button where no script can run the button (layout.css). */}
      <span className="menu__label">{item.label}</span>
      <button type="button" className={current ? 'menu__toggle menu__toggle--current' : 'menu__toggle'} aria-expanded="false" aria-controls={listId}>
        {item.label}
        <span className="menu__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="menu__list" hidden>
        {item.href !== undefined && (
          <li className="menu__item">
            <MenuLink href={item.href}>{item.label}</MenuLink>
          </li>
        )}
        {item.items.map((child, index) => (
          <MenuEntry key={index} item={child} />
        ))}
      </ul>
    </li>
  );
}

/** Pages of this site get aria-current="page" when they are the one rendered; other links go through SmartLink. */
function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <PageLink to={href} className="menu__link" markCurrent>
        {children}
      </PageLink>
    );
  }
  return (
    <SmartLink href={href} className="menu__link">
      {children}
    </SmartLink>
  );
}
