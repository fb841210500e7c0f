/**
 * Vitest's asymmetric matchers, typed as the values they stand in for. Vitest types them `any` so
 * that they fit in any expected object; an `any` in an object literal is what the type-checked lint
 * rules refuse (no-unsafe-assignment), and these say what they match instead.
 */
import { expect } from 'vitest';

/** A string that contains `text`. */
export const stringContaining = (text: string): string => expect.stringContaining(text) as string;

/** Any string. */
export const anyString = (): string => expect.any(String) as string;

/** Anything but null and undefined. */
export const anything = (): unknown => expect.anything();
