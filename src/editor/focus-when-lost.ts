/**
 * A new screen (the list, a page's editor, a page that finished loading) replaces the elements that
 * had the focus, and the browser then puts it on <body>: a keyboard or screen-reader user would start
 * again from the top of the document, not knowing where they are. The screen's heading takes it instead.
 */
import { useEffect, type RefObject } from 'react';

export function useFocusWhenLost(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus({ preventScroll: true });
  }, [target]);
}
