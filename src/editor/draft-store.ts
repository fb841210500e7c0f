/**
 * Unsaved edits survive a reload of the editor (the browser's reload, or the dev server reloading
 * the page after a code change): each change is kept in sessionStorage, by file, with the version
 * of the file it started from. It is dropped once saved or discarded.
 */
import type { Json } from './protocol';

export interface Draft {
  version: string;
  data: Json;
}

const PREFIX = 'cesa-editor-draft:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (private mode in some browsers): edits are then kept only while the page is open.
    return null;
  }
}

export function keepDraft(file: string, draft: Draft): void {
  try {
    storage()?.setItem(PREFIX + file, JSON.stringify(draft));
  } catch {
    // Full: the draft is not kept; the page still warns before it is closed.
  }
}

export function readDraft(file: string): Draft | null {
  const text = storage()?.getItem(PREFIX + file);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<Draft>;
    return typeof draft.version === 'string' && draft.data !== undefined ? { version: draft.version, data: draft.data } : null;
  } catch {
    return null;
  }
}

export function dropDraft(file: string): void {
  storage()?.removeItem(PREFIX + file);
}
