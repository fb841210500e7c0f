/**
 * The header menu (the disclosure navigation menu of the WAI-ARIA practices), on the markup
 * Header.tsx prerendered:
 * - phones: the toggle opens and closes the whole menu; each group opens and closes on its own;
 * - desktop (from 1024px, as layout.css): one dropdown path open at a time; a mouse opens it by
 *   hovering and closes it by leaving, and a click does not close what hovering opened; focus
 *   leaving a dropdown closes it;
 * - everywhere: Escape closes the innermost open submenu (then the phone menu) and gives focus back
 *   to its button; following a link closes the menu (a page restored by Back shows it closed).
 */
import type { Behaviour } from '../../islands/behaviour';

const DESKTOP = '(min-width: 1024px)';

const header: Behaviour = (root) => {
  const nav = root.querySelector<HTMLElement>('.site-nav');
  const toggle = root.querySelector<HTMLButtonElement>('.site-nav__toggle');
  if (!nav || !toggle) return;
  const label = toggle.querySelector<HTMLElement>('[data-label-open]');
  const submenus = [...nav.querySelectorAll<HTMLLIElement>('.menu__item--submenu')];
  const buttonOf = (item: HTMLLIElement) => item.querySelector<HTMLButtonElement>(':scope > .menu__toggle')!;
  const listOf = (item: HTMLLIElement) => item.querySelector<HTMLUListElement>(':scope > .menu__list')!;
  const isDesktop = () => window.matchMedia(DESKTOP).matches;
  const isOpen = (item: HTMLLIElement) => buttonOf(item).getAttribute('aria-expanded') === 'true';
  const setOpen = (item: HTMLLIElement, open: boolean) => {
    buttonOf(item).setAttribute('aria-expanded', String(open));
    listOf(item).hidden = !open;
  };
  /** Closes `item` and the submenus inside it. */
  const close = (item: HTMLLIElement) => {
    for (const other of submenus) if (item.contains(other)) setOpen(other, false);
  };
  /** Opens `item` and closes every other submenu but its ancestors (desktop: one path at a time). */
  const openOnly = (item: HTMLLIElement) => {
    for (const other of submenus) if (other !== item && !other.contains(item)) setOpen(other, false);
    setOpen(item, true);
  };
  const menuOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setMenuOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('site-nav--open', open);
    if (label) label.textContent = (open ? label.dataset.labelOpen : label.dataset.labelClosed) ?? '';
    if (!open) for (const item of submenus) setOpen(item, false);
  };
  /** The submenus around `target`, innermost first. */
  const around = (target: EventTarget | null) => submenus.filter((item) => target instanceof Node && item.contains(target)).reverse();

  /** How the last press on a submenu button was made: a mouse click must not close what hovering opened. */
  let pressedWith: string | null = null;

  const listeners: [EventTarget, string, (event: never) => void][] = [
    [toggle, 'click', () => setMenuOpen(!menuOpen())],
    [
      nav,
      'pointerdown',
      (event: PointerEvent) => {
        if (event.target instanceof Element && event.target.closest('.menu__toggle')) pressedWith = event.pointerType;
      },
    ],
    [
      nav,
      'click',
      (event: MouseEvent) => {
        const target = event.target instanceof Element ? event.target : null;
        // Choosing a link closes the menu, even when it leads to the page already shown.
        if (target?.closest('a')) return setMenuOpen(false);
        const button = target?.closest<HTMLButtonElement>('.menu__toggle');
        const item = button?.parentElement;
        if (!(item instanceof HTMLLIElement)) return;
        const byMouse = pressedWith === 'mouse';
        pressedWith = null;
        if (byMouse && isDesktop()) openOnly(item);
        else if (isOpen(item)) close(item);
        else if (isDesktop()) openOnly(item);
        else setOpen(item, true);
      },
    ],
    [
      nav,
      'keydown',
      (event: KeyboardEvent) => {
        if (event.key !== 'Escape') return;
        const open = around(event.target).find(isOpen);
        if (open) {
          close(open);
          buttonOf(open).focus();
        } else if (menuOpen()) {
          setMenuOpen(false);
          toggle.focus();
        }
      },
    ],
    [
      nav,
      'focusout',
      (event: FocusEvent) => {
        if (!isDesktop()) return;
        const to = event.relatedTarget;
        for (const item of around(event.target)) if (isOpen(item) && !(to instanceof Node && item.contains(to))) close(item);
      },
    ],
    // A page kept by the back/forward cache comes back as it was left: with the menu closed, as a new page would.
    [window, 'pageshow', (event: PageTransitionEvent) => event.persisted && setMenuOpen(false)],
  ];
  for (const item of submenus) {
    const hovering = (event: PointerEvent) => event.pointerType === 'mouse' && isDesktop();
    listeners.push([item, 'pointerenter', (event: PointerEvent) => hovering(event) && openOnly(item)]);
    listeners.push([item, 'pointerleave', (event: PointerEvent) => hovering(event) && close(item)]);
  }
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener as EventListener);
  return () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
  };
};

export default header;
