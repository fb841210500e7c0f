import { useId, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { MenuItem } from '../content/site-schema';
import { PageLink } from '../ui/PageLink';
import { SmartLink } from '../ui/SmartLink';

/** Same breakpoint as layout.css: from here up the menu is a bar of dropdowns. */
const DESKTOP = '(min-width: 1024px)';

/** Read in event handlers only, never during render (the server has no window). */
function isDesktop(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP).matches;
}

/** An entry's key is its position, e.g. "2.1" for the second submenu of the third group. */
const isInside = (key: string, ancestor: string) => key.startsWith(`${ancestor}.`);

/** Whether the page shown is this entry or one inside its submenus (any case, like PageLink). */
const leadsTo = (item: MenuItem, pathname: string): boolean =>
  item.href?.toLowerCase() === pathname.toLowerCase() || item.items.some((child) => leadsTo(child, pathname));

/** The open keys without `key` and the submenus inside it. */
const without = (open: readonly string[], key: string) => open.filter((other) => other !== key && !isInside(other, key));

/** `key` and its ancestors only. */
const only = (open: readonly string[], key: string) => [...open.filter((other) => isInside(key, other)), key];

interface MenuControl {
  isOpen(key: string): boolean;
  /** Mobile: each submenu opens and closes on its own. Desktop: one dropdown path at a time. */
  toggle(key: string): void;
  /** Opens this submenu and closes every other one except its ancestors (desktop dropdowns). */
  openOnly(key: string): void;
  /** Closes this submenu and the submenus inside it. */
  close(key: string): void;
}

/**
 * The header menu as one list: groups and nested submenus are disclosure buttons. CSS lays it
 * out as dropdowns on desktop and as a stacked list on phones; the open submenus are state here.
 */
export function MainMenu({ id, items }: { id: string; items: MenuItem[] }) {
  const { pathname } = useLocation();
  // The open submenus belong to the page they were opened on: navigating closes them all.
  const [state, setState] = useState<{ route: string; open: readonly string[] }>({ route: pathname, open: [] });
  const open = state.route === pathname ? state.open : [];
  const change = (next: (current: readonly string[]) => readonly string[]) =>
    setState((previous) => ({ route: pathname, open: next(previous.route === pathname ? previous.open : []) }));

  const menu: MenuControl = {
    isOpen: (key) => open.includes(key),
    toggle(key) {
      const desktop = isDesktop();
      change((current) => {
        if (current.includes(key)) return without(current, key);
        return desktop ? only(current, key) : [...current, key];
      });
    },
    openOnly: (key) => change((current) => only(current, key)),
    close: (key) => change((current) => without(current, key)),
  };

  return (
    <ul id={id} className="menu">
      {items.map((item, index) => (
        <MenuEntry key={index} item={item} entryKey={String(index)} menu={menu} />
      ))}
    </ul>
  );
}

function MenuEntry({ item, entryKey, menu }: { item: MenuItem; entryKey: string; menu: MenuControl }) {
  const { href } = item;
  if (item.items.length === 0 && href !== undefined) {
    return (
      <li className="menu__item">
        <MenuLink href={href}>{item.label}</MenuLink>
      </li>
    );
  }
  return <Submenu item={item} entryKey={entryKey} menu={menu} />;
}

function Submenu({ item, entryKey, menu }: { item: MenuItem; entryKey: string; menu: MenuControl }) {
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** How the last press on the button was made: a mouse click must not close what hovering opened. */
  const pressedWith = useRef<string | null>(null);
  const { pathname } = useLocation();
  const open = menu.isOpen(entryKey);
  const current = leadsTo(item, pathname);
  const hovering = (event: ReactPointerEvent) => event.pointerType === 'mouse' && isDesktop();

  return (
    <li
      className="menu__item menu__item--submenu"
      onPointerEnter={(event) => hovering(event) && menu.openOnly(entryKey)}
      onPointerLeave={(event) => hovering(event) && menu.close(entryKey)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        menu.close(entryKey);
        buttonRef.current?.focus();
      }}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (open && isDesktop() && !(to instanceof Node && event.currentTarget.contains(to))) menu.close(entryKey);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={current ? 'menu__toggle menu__toggle--current' : 'menu__toggle'}
        aria-expanded={open}
        aria-controls={listId}
        onPointerDown={(event) => {
          pressedWith.current = event.pointerType;
        }}
        onClick={() => {
          const byMouse = pressedWith.current === 'mouse';
          pressedWith.current = null;
          if (byMouse && isDesktop()) menu.openOnly(entryKey);
          else menu.toggle(entryKey);
        }}
      >
        {item.label}
        <span className="menu__chevron" aria-hidden="true" />
      </button>
      <ul id={listId} className="menu__list" hidden={!open}>
        {item.href !== undefined && (
          <li className="menu__item">
            <MenuLink href={item.href}>{item.label}</MenuLink>
          </li>
        )}
        {item.items.map((child, index) => (
          <MenuEntry key={index} item={child} entryKey={`${entryKey}.${index}`} menu={menu} />
        ))}
      </ul>
    </li>
  );
}

/** Pages of this site get aria-current="page" when they are the one shown; other links go through SmartLink. */
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
