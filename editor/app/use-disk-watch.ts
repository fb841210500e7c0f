/**
 * Notices when the open file changes on disk (a text editor, git, another editor tab): asks the dev
 * server for the file every POLL_MS, when the window gets focus, and when the dev server says content
 * changed (CONTENT_CHANGED_EVENT, see hot-reload.ts). An answer is acted on only if nothing changed the
 * version meanwhile (a save of this editor is not a change "on disk").
 */
import { useEffectEvent, useLayoutEffect, useRef } from 'react';
import { api, ApiFailure } from './api';
import type { PageResponse } from '../protocol/api';

export const POLL_MS = 2000;
/** Dispatched on window when the dev server reports a change of content. */
export const CONTENT_CHANGED_EVENT = 'cesa-content-changed';

interface DiskWatchOptions {
  file: string;
  /** The version being edited; null while none is loaded. */
  version: string | null;
  /** Off while saving or reloading: their answers change the version themselves. */
  enabled: boolean;
  /** The file on disk is not `version` any more. */
  onChanged: (page: PageResponse) => void;
  /**
   * What stands between the editor and the file, after each question: `deleted` (the file is not
   * on disk any more), `unreachable` (the dev server does not answer), or null (all is well again).
   */
  onTrouble: (trouble: DiskTrouble | null) => void;
}

export type DiskTrouble = 'deleted' | 'unreachable';

export function useDiskWatch({ file, version, enabled, onChanged, onTrouble }: DiskWatchOptions): void {
  const current = useRef({ version, enabled });
  // Up to date from the commit that shows the version (a layout effect), like the listeners below.
  useLayoutEffect(() => {
    current.current = { version, enabled };
  });
  const changed = useEffectEvent(onChanged);
  const troubled = useEffectEvent(onTrouble);

  // Listening from the commit that shows the file (a layout effect): a focus as soon as the page is on
  // screen is asked about even while React has yet to run its passive effects.
  useLayoutEffect(() => {
    let asking = false;
    /** Asked again while a question was under way: its answer may predate the change, so ask once more after it. */
    let askAgain = false;
    let stopped = false;
    const ask = async () => {
      const { version: askedFor, enabled: on } = current.current;
      if (asking) {
        askAgain = true;
        return;
      }
      if (!on || askedFor === null || document.visibilityState === 'hidden') return;
      asking = true;
      try {
        const page = await api.page(file);
        const now = current.current;
        if (stopped) return;
        troubled(null);
        if (!now.enabled || now.version !== askedFor) return;
        if (page.version !== askedFor) changed(page);
      } catch (error) {
        if (stopped || !(error instanceof ApiFailure)) return;
        if (error.status === 404) troubled('deleted');
        else if (error.status === 0) troubled('unreachable');
      } finally {
        asking = false;
        if (askAgain && !stopped) {
          askAgain = false;
          void ask();
        }
      }
    };
    const onEvent = () => void ask();
    const timer = setInterval(onEvent, POLL_MS);
    window.addEventListener('focus', onEvent);
    window.addEventListener(CONTENT_CHANGED_EVENT, onEvent);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onEvent);
      window.removeEventListener(CONTENT_CHANGED_EVENT, onEvent);
    };
  }, [file]);
}
