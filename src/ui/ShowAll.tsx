import type { ReactNode } from 'react';
import './show-all.css';

interface Props {
  /** How many items there are in all, for the button's words ("Show all 73 photos"). */
  total: number;
  /** What the items are, plural ("photos", "trainings"); without it the button says "Show all 60". */
  noun?: string | undefined;
  /** The items not shown until the visitor asks: a list like the one above it, which it continues. */
  children: ReactNode;
}

/**
 * The rest of a long grid, behind one press on a phone: a native disclosure (works with no script,
 * and the browser's find-in-page opens it). A grid of many photos or names shows its first rows, so
 * the page stays short on a phone and everything is one press away. From 48rem the rest is simply
 * shown, with no button (show-all.css), where the browser can style a disclosure's content.
 */
export function ShowAll({ total, noun, children }: Props) {
  return (
    <details className="show-all">
      <summary className="button button--ghost show-all__toggle">
        <span className="show-all__more">{noun ? `Show all ${total} ${noun}` : `Show all ${total}`}</span>
        <span className="show-all__less">{noun ? `Show fewer ${noun}` : 'Show fewer'}</span>
      </summary>
      {children}
    </details>
  );
}

/** Splits a grid's items: all of them shown up to `limit`, else the first `shown` and the rest behind "Show all". */
export function splitLong<T>(items: readonly T[], limit: number, shown: number): { first: T[]; rest: T[] } {
  return items.length > limit ? { first: items.slice(0, shown), rest: items.slice(shown) } : { first: [...items], rest: [] };
}
