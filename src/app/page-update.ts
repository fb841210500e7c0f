/**
 * How `npm run dev` updates an open page in place after a save: the dev server sends PAGE_UPDATE_EVENT
 * through Vite's websocket, naming the routes whose page changed; the page fetches its own HTML again
 * and swaps what differs (the app's root, the notice of content errors, the head's tags) instead of
 * reloading, so scroll, the script's state and the dev tools stay. Plain DOM code.
 */

/** The dev server's message after a save of content (scripts/dev/dev-plugin.ts). */
export const PAGE_UPDATE_EVENT = 'cesa:page-update';

export interface PageUpdate {
  /** The routes whose page changed, or `*` when every page may have (the site document, the menu, a file added or removed, the errors). */
  routes: string[] | '*';
}

/** The page's answer once it shows an update: the dev server's checks across files wait for it, not to slow the page down. */
export const PAGE_SHOWN_EVENT = 'cesa:page-shown';

declare module 'vite/types/customEvent.d.ts' {
  interface CustomEventMap {
    'cesa:page-update': PageUpdate;
    'cesa:page-shown': { route: string };
  }
}

/** The element every page's app is rendered into (index.html). */
export const APP_ROOT_ID = 'root';
/** The dev server's notice of content errors, beside the app's root (scripts/dev/dev-errors.ts). */
export const ERROR_NOTICE_ID = 'cesa-dev-errors';

/** What Vite's client adds to the head while the page runs (the styles of the modules): not the page's own, so never removed. */
const addedWhileRunning = (element: Element) => element.matches('style[data-vite-dev-id]');

/**
 * Makes the head's tags those of `next` (title, description, canonical, social and JSON-LD blocks, preloads):
 * a tag that both have stays as it is, a tag only the old page has goes, a new one comes.
 */
function syncHead(head: HTMLHeadElement, next: HTMLHeadElement): void {
  const old = new Map<string, Element[]>();
  for (const element of head.children) {
    if (addedWhileRunning(element)) continue;
    old.set(element.outerHTML, [...(old.get(element.outerHTML) ?? []), element]);
  }
  for (const element of [...next.children]) {
    const same = old.get(element.outerHTML)?.shift();
    if (!same) head.append(element);
  }
  for (const leftOver of old.values()) for (const element of leftOver) element.remove();
}

/**
 * Puts the page `next` (a whole HTML document, as the dev server serves it) in place of the one on
 * screen, keeping the scroll position. False when it cannot be done in place (either is not a page of
 * the site: an error page), and nothing has changed then.
 */
export function swapPage(document: Document, next: Document): boolean {
  const root = document.getElementById(APP_ROOT_ID);
  const nextRoot = next.getElementById(APP_ROOT_ID);
  if (!root || !nextRoot) return false;
  const { scrollX, scrollY } = document.defaultView ?? { scrollX: 0, scrollY: 0 };
  syncHead(document.head, next.head);
  document.documentElement.lang = next.documentElement.lang;
  root.replaceChildren(...nextRoot.childNodes);
  document.getElementById(ERROR_NOTICE_ID)?.remove();
  const notice = next.getElementById(ERROR_NOTICE_ID);
  if (notice) root.after(notice);
  document.defaultView?.scrollTo(scrollX, scrollY);
  return true;
}
