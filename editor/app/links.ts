/** In-app links: a plain click changes the screen, a click with a modifier opens a new tab as usual. */
import type { MouseEvent } from 'react';

export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
