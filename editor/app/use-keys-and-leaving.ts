/** The page editor's window-wide behaviour: Ctrl+S (⌘S) saves, and closing the tab with unsaved edits asks first. */
import { useEffect, useEffectEvent } from 'react';
import { isReloadingForCode } from './hot-reload';

/** Ctrl+S or ⌘S anywhere in the editor: `save`, never the browser's "Save page as". */
export function useSaveShortcut(save: () => void): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    event.preventDefault();
    save();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

/** The browser's own "leave this page?" while there are unsaved edits (closing the tab, typing another address). */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // The dev server reloading for new code: the draft brings the edits back (draft-store.ts).
      if (isReloadingForCode()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
