/** Keeping a value's identity while its contents do not change, so that what reads it does not re-render. */
import { useState } from 'react';

/**
 * `list`, or the list given before when it holds the same items: a caller that builds its lists
 * anew on every render (`routes: data?.routes ?? []`) does not re-render every field that reads them.
 */
export function useStableList<L extends readonly unknown[]>(list: L): L {
  const [kept, setKept] = useState(list);
  if (kept === list || (kept.length === list.length && kept.every((item, index) => item === list[index]))) return kept;
  // Adjusting state while rendering (React's pattern for state derived from props): no extra commit.
  setKept(list);
  return list;
}
