/**
 * Sign-in state for an island (session.ts holds it for the whole page). The first render, on the
 * server and when hydrating, is always signed out and not ready, so the prerendered HTML and
 * hydration agree; then it follows the session.
 */
import { useSyncExternalStore } from 'react';
import type { FirebaseWebConfig } from '../content/site-schema';
import { getSnapshot, login, logout, pressedBeforeHydration, SIGNED_OUT, startSession, subscribe, type SessionSnapshot } from './session';

export type { AuthUser } from './session';

export interface AuthState extends SessionSnapshot {
  // Plain functions (not methods): components take them out of the state.
  /**
   * Opens the Google popup (when ready; before that, once ready if the press still can: session.ts);
   * `then` runs once the popup has signed the visitor in.
   */
  login: (then?: () => void) => void;
  logout: () => void;
  /** Loads Firebase now: the visitor is near sign-in or reaching for it. */
  prepare: () => void;
  /** A press made before the island was hydrated: served as a press made before sign-in was ready. */
  pressedEarly: (then?: () => void) => void;
}

const getServerSnapshot = () => SIGNED_OUT;

/** @param web the site's Firebase project (`firebase` of pages/_site.yaml), from the island's props. */
export function useAuth(web: FirebaseWebConfig): AuthState {
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return {
    ...state,
    login: (then) => login(web, then),
    logout,
    prepare: () => startSession(web),
    pressedEarly: (then) => pressedBeforeHydration(web, then),
  };
}
