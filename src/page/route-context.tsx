import { createContext, useContext } from 'react';

const RouteContext = createContext<string>('/');

/** The route of the page being rendered (`/etabs`); the 404 page renders with its own, `/404`. */
export const RouteProvider = RouteContext.Provider;

/** The route of the page being rendered: what a menu entry compares itself with to say "you are here". */
export function useRoute(): string {
  return useContext(RouteContext);
}
