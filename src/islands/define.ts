/**
 * An island: a React component with real state (sign-in, the brochure) that the browser hydrates on
 * its own root, from its own props, when the visitor reaches for it. A part declares one by default-
 * exporting `defineIsland(Component, options)` from `island.tsx` in its folder; the rest of the page
 * stays HTML (see README, "How a page reaches the browser").
 */
import type { ComponentType } from 'react';

/**
 * When the browser loads and hydrates the island:
 * - `load`: at once (the page is unusable without it);
 * - `idle`: once the page has loaded and the main thread is free;
 * - `visible`: when it comes within `margin` of the screen;
 * - `interaction`: when the visitor reaches for it (pointer over it, focus in it, a touch or a key).
 */
export type IslandWhen = 'load' | 'idle' | 'visible' | 'interaction';

/** A value that goes through JSON unchanged: an island's props travel in the page as a JSON data block. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

export interface IslandOptions {
  when: IslandWhen;
  /**
   * A localStorage key: when it is set, the island is loaded as soon as the page is idle whatever
   * `when` says (a visitor signed in last time gets their Download button back without reaching for it).
   */
  hint?: string | undefined;
  /** For `visible`: how far outside the screen counts as visible (an IntersectionObserver rootMargin). */
  margin?: string | undefined;
}

export interface IslandDefinition<P> extends IslandOptions {
  Component: ComponentType<P>;
}

/** The props of an island definition's component. */
export type IslandPropsOf<D> = D extends IslandDefinition<infer P> ? P : never;

/** The props must be JSON (`Json`): the prerenderer checks them (`notJson`) and names the island if not. */
export function defineIsland<P extends object>(Component: ComponentType<P>, options: IslandOptions): IslandDefinition<P> {
  return { Component, ...options };
}

/**
 * Why `props` cannot travel as JSON (a function, a Date, a class instance, NaN…), or undefined.
 * Checked when the page is rendered, so the mistake is found by the build, not by a visitor.
 */
export function notJson(value: unknown, at = 'props'): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${at} is ${value}, which JSON cannot hold`;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = notJson(item, `${at}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const problem = notJson(item, `${at}.${key}`);
      if (problem) return problem;
    }
    return undefined;
  }
  return `${at} is a ${typeof value === 'object' ? (value.constructor?.name ?? 'object') : typeof value}, which JSON cannot hold`;
}
