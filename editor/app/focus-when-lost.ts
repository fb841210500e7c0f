/**
 * A new screen (the list, a page's editor, a page that finished loading) or a notice that goes once
 * its button is pressed (Reload from disk, Overwrite, Save it again) removes the element that had the
 * focus, and the browser then puts it on <body>: a keyboard or screen-reader user would start again
 * from the top of the document, not knowing where they are. The screen's heading takes it instead.
 */
import { useEffect, useRef, type RefObject } from 'react';

const lost = () => document.activeElement === null || document.activeElement === document.body;

export function useFocusWhenLost(target: RefObject<HTMLElement | null>): void {
  /** What had the focus last: only its removal moves the focus (a click on the page's background does not). */
  const lastFocused = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      lastFocused.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  useEffect(() => {
    if (lost()) target.current?.focus({ preventScroll: true });
  }, [target]);

  // After every render of the screen: the element that had the focus may have just gone.
  useEffect(() => {
    if (lost() && lastFocused.current !== null && !lastFocused.current.isConnected) target.current?.focus({ preventScroll: true });
  });
}
