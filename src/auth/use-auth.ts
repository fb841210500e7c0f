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
  /** Opens the Google popup when ready; before that, remembers the press and loads (session.ts). */
  login: () => void;
  logout: () => void;
  /** Loads Firebase now: the visitor is reaching for sign-in. */
  prepare: () => void;
  /** Login was pressed before the island was hydrated: remembered as pending, never a popup (session.ts). */
  pressedEarly: () => void;
}

const getServerSnapshot = () => SIGNED_OUT;

/** @param web the site's Firebase project (`firebase` of pages/_site.yaml), from the island's props. */
export function useAuth(web: FirebaseWebConfig): AuthState {
  const state = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { ...state, login: () => login(web), logout, prepare: () => startSession(web), pressedEarly: () => pressedBeforeHydration(web) };
}
