/**
 * Unsaved edits survive a reload of the editor (the browser's reload, or the dev server reloading
 * the page after a code change): each change is kept in sessionStorage, by file, with the version
 * of the file it started from. It is dropped once saved or discarded.
 *
 * In the hosted editor several people may use one tab in turn, so edits are kept per editor: under
 * the signed-in account, never read or saved by the next one. Sign out drops them (after asking); a
 * session that ended keeps them for the same person to sign in again. `npm run dev` has no sign-in:
 * its edits are everyone's, as before.
 */
import type { Json } from '../protocol/api';

export interface Draft {
  version: string;
  data: Json;
}

const PREFIX = 'cesa-editor-draft:';

/** Whose edits are read and kept: `npm run dev`'s (no sign-in), one editor's, or nobody's (signed out). */
type Owner = { kind: 'local' } | { kind: 'editor'; email: string } | { kind: 'nobody' };

let owner: Owner = { kind: 'local' };

/** The hosted editor: from now on, the edits of `email` (lowercase, as editors.yaml is read), or nobody's (null). */
export function keepDraftsOf(email: string | null): void {
  owner = email === null ? { kind: 'nobody' } : { kind: 'editor', email: email.toLowerCase() };
}

/** The keys' beginning for `who`: an editor's keys can never be another's (the address is whole, and ends at the first ':' after it). */
function prefixOf(who: Owner): string | null {
  if (who.kind === 'nobody') return null;
  return who.kind === 'local' ? PREFIX : `${PREFIX}@${encodeURIComponent(who.email)}:`;
}

/** Edits kept in memory when the browser refuses storage (private mode in some browsers): lost with the tab, as before. */
const memory = new Map<string, string>();

const memoryStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { keys(): string[] } = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
  keys: () => [...memory.keys()],
};

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { keys(): string[] } {
  try {
    const session = window.sessionStorage;
    return {
      getItem: (key) => session.getItem(key),
      setItem: (key, value) => session.setItem(key, value),
      removeItem: (key) => session.removeItem(key),
      keys: () => Array.from({ length: session.length }, (_, index) => session.key(index)).filter((key): key is string => key !== null),
    };
  } catch {
    return memoryStorage;
  }
}

/** The key of `file`'s draft for the current owner; null when nobody is signed in. */
function keyOf(file: string): string | null {
  const prefix = prefixOf(owner);
  return prefix === null ? null : prefix + file;
}

export function keepDraft(file: string, draft: Draft): void {
  const key = keyOf(file);
  if (key === null) return;
  try {
    storage().setItem(key, JSON.stringify(draft));
  } catch {
    // Full: the draft is not kept; the page still warns before it is closed.
  }
}

export function readDraft(file: string): Draft | null {
  const key = keyOf(file);
  const text = key === null ? null : storage().getItem(key);
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<Draft>;
    return typeof draft.version === 'string' && draft.data !== undefined ? { version: draft.version, data: draft.data } : null;
  } catch {
    return null;
  }
}

export function dropDraft(file: string): void {
  const key = keyOf(file);
  if (key !== null) storage().removeItem(key);
}

/** The files the current owner has unsaved edits in. */
function ownFiles(): string[] {
  const prefix = prefixOf(owner);
  if (prefix === null) return [];
  // `npm run dev`'s keys never start with '@': a file's path starts with pages/.
  return storage()
    .keys()
    .filter((key) => key.startsWith(prefix) && !(owner.kind === 'local' && key.startsWith(`${PREFIX}@`)))
    .map((key) => key.slice(prefix.length));
}

/** How many pages the current owner has unsaved edits on (the question before Sign out). */
export function unsavedPageCount(): number {
  return ownFiles().length;
}

/** Drops all of the current owner's unsaved edits (Sign out, confirmed). */
export function dropAllDrafts(): void {
  for (const file of ownFiles()) dropDraft(file);
}
