/** jsdom has no media queries: `matchMedia` answers true only for the queries given. */
import { vi } from 'vitest';

export function stubMediaQueries(matching: readonly string[]): void {
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => ({
    matches: matching.includes(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
