/**
 * The dev server tells every open page when a content file changes (scripts/dev/dev-plugin.ts sends
 * PAGE_UPDATE_EVENT, src/app/page-update.ts), including after this editor's own save: the editor and
 * its preview learn of it as a CONTENT_CHANGED_EVENT and fetch what they show themselves
 * (use-disk-watch.ts). A reload would only throw away what is on screen (unsaved edits, focus, scroll),
 * so Vite's `full-reload` with path `*` and no changed module is turned into a CONTENT_CHANGED_EVENT too.
 *
 * How: Vite's client awaits the `vite:beforeFullReload` listeners with the message itself, then
 * reloads unless `path` names an .html page other than this one; the listener gives it such a path.
 * Only a reload that names no changed module (`triggeredBy`) is a content change: a change of the
 * editor's own code still reloads, and the draft kept in sessionStorage (draft-store.ts) brings the
 * unsaved edits back. Call this once every module the page needs is loaded: after that, a reload
 * Vite asks for because it optimised dependencies again cannot matter to code already running.
 */
import { PAGE_UPDATE_EVENT } from '../../src/app/page-update';
import { CONTENT_CHANGED_EVENT } from './use-disk-watch';

/** A page that is never open: Vite's client reloads only the page a path names. */
const NO_PAGE = '/_editor/kept-open.html';

let reloadingForCode = false;

/**
 * The dev server is reloading the editor for a change of its code: the unsaved edits come back from
 * the draft, so the browser's "leave this page?" question would only be in the way.
 */
export function isReloadingForCode(): boolean {
  return reloadingForCode;
}

export function keepOpenOnContentChanges(): void {
  const hot = import.meta.hot;
  if (!hot) return;
  hot.on(PAGE_UPDATE_EVENT, () => window.dispatchEvent(new Event(CONTENT_CHANGED_EVENT)));
  hot.on('vite:beforeFullReload', (payload) => {
    if (payload.path !== '*' || payload.triggeredBy) {
      reloadingForCode = true;
      return;
    }
    payload.path = NO_PAGE;
    window.dispatchEvent(new Event(CONTENT_CHANGED_EVENT));
  });
}
