/**
 * Stable React keys for the items of a list, moved, inserted and removed with them: an item keeps
 * its component (its open panel, its focus, its half-typed number) when it moves. When the list
 * changes length from outside (a reload), keys are added or dropped at the end.
 */
import { useCallback, useState } from 'react';
import { moveItem } from './paths';

let made = 0;
const newKey = () => `item-${++made}`;

function resized(keys: readonly string[], length: number): string[] {
  return keys.length >= length ? keys.slice(0, length) : [...keys, ...Array.from({ length: length - keys.length }, newKey)];
}

export interface ItemKeys {
  keys: readonly string[];
  move: (from: number, to: number) => void;
  /** Makes a key for a new item at `index` and returns it (or puts back `key`, for an undone removal). */
  insert: (index: number, key?: string) => string;
  remove: (index: number) => void;
}

export function useItemKeys(length: number): ItemKeys {
  const [keys, setKeys] = useState<readonly string[]>(() => resized([], length));
  let current = keys;
  if (keys.length !== length) {
    // Adjusting state while rendering (React's pattern for "state derived from props"): no extra commit.
    current = resized(keys, length);
    setKeys(current);
  }
  const move = useCallback((from: number, to: number) => setKeys((previous) => moveItem(previous, from, to)), []);
  const insert = useCallback((index: number, key: string = newKey()) => {
    setKeys((previous) => [...previous.slice(0, index), key, ...previous.slice(index)]);
    return key;
  }, []);
  const remove = useCallback((index: number) => setKeys((previous) => previous.filter((_, at) => at !== index)), []);
  return { keys: current, move, insert, remove };
}
