/**
 * Notices when the open file changes on disk (a text editor, git, another editor tab): asks the dev
 * server for the file every POLL_MS, when the window gets focus, and when the dev server says content
 * changed (CONTENT_CHANGED_EVENT, see hot-reload.ts). An answer is acted on only if nothing changed the
 * version meanwhile (a save of this editor is not a change "on disk").
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import { api } from './api';
import type { PageResponse } from './protocol';

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
}

export function useDiskWatch({ file, version, enabled, onChanged }: DiskWatchOptions): void {
  const current = useRef({ version, enabled });
  useEffect(() => {
    current.current = { version, enabled };
  });
  const changed = useEffectEvent(onChanged);

  useEffect(() => {
    let asking = false;
    let stopped = false;
    const ask = async () => {
      const { version: askedFor, enabled: on } = current.current;
      if (asking || !on || askedFor === null || document.visibilityState === 'hidden') return;
      asking = true;
      try {
        const page = await api.page(file);
        const now = current.current;
        if (stopped || !now.enabled || now.version !== askedFor) return;
        if (page.version !== askedFor) changed(page);
      } catch {
        // The dev server stopped or the file is gone: the next save says so in words.
      } finally {
        asking = false;
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
