/**
 * `npm run dev` only: the dev server adds this script to every page it serves (scripts/dev/dev-plugin.ts).
 * When a saved content file changes the open page, the page fetches its HTML again and swaps it in
 * place (src/app/page-update.ts): the new text on screen without a reload; its behaviours and islands
 * start again on the new markup. An error page, a page that now has errors, a redirect: a reload, which
 * shows what the server has for the address.
 */
import { APP_ROOT_ID, PAGE_SHOWN_EVENT, PAGE_UPDATE_EVENT, swapPage, type PageUpdate } from './app/page-update';
import { normaliseRoute } from './content/routes';
import { attachBehaviours, detachBehaviours } from './islands/attach';
import { unmountIslands } from './islands/mounted';

async function fetchPage(): Promise<Document | undefined> {
  const response = await fetch(window.location.href, { headers: { accept: 'text/html' }, cache: 'no-store' });
  // A page that now has errors (500) or moved (a redirect): what a reload shows.
  if (response.redirected || (!response.ok && response.status !== 404)) return undefined;
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

async function update(): Promise<void> {
  // An error page or the list of errors: nothing of the site's to keep.
  const next = document.getElementById(APP_ROOT_ID) ? await fetchPage().catch(() => undefined) : undefined;
  if (next) detachBehaviours(document.documentElement);
  if (!next || !swapPage(document, next)) {
    window.location.reload();
    return;
  }
  import.meta.hot?.send(PAGE_SHOWN_EVENT, { route: normaliseRoute(window.location.pathname) });
  unmountIslands();
  await attachBehaviours(document);
  if (document.querySelector('cesa-island')) (await import('./islands/schedule')).startIslands(document);
}

/** One update at a time; saves during one make one more after it (its fetch may predate them). */
let running: Promise<void> | undefined;
let again = false;
function requestUpdate(): void {
  if (running) {
    again = true;
    return;
  }
  running = update().finally(() => {
    running = undefined;
    if (again) {
      again = false;
      requestUpdate();
    }
  });
}

function concerns(update: PageUpdate): boolean {
  return update.routes === '*' || update.routes.includes(normaliseRoute(window.location.pathname));
}

if (import.meta.hot) {
  import.meta.hot.on(PAGE_UPDATE_EVENT, (payload) => {
    if (concerns(payload) || !document.getElementById(APP_ROOT_ID)) requestUpdate();
  });
}
