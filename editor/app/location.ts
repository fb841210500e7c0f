/**
 * Which screen the editor shows, from its address: `/_editor` is the page list,
 * `/_editor?file=pages/etabs.yaml` edits that page. Kept in the address (pushState) so that back,
 * forward and reload land where the editor was.
 */
import { EDITOR_ROUTE } from '../protocol/api';

/** The file being edited, or null for the page list. */
export type Screen = string | null;

export function screenOf(search: string): Screen {
  const file = new URLSearchParams(search).get('file');
  return file ? file : null;
}

/** `pages/etabs.yaml` → `/_editor?file=pages/etabs.yaml` (slashes kept: the address stays readable). */
export function addressOf(screen: Screen): string {
  return screen === null ? EDITOR_ROUTE : `${EDITOR_ROUTE}?file=${encodeURIComponent(screen).replace(/%2F/g, '/')}`;
}
