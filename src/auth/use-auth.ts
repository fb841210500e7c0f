/**
 * Sign-in state for React. The first render (on the server and in the browser) is always
 * signed out and not ready, so the prerendered HTML and hydration agree. The Firebase chunk
 * (26 KB gzip, and the Google sign-in helpers it sets up) is fetched only when it is wanted:
 * when the panel that uses it nears the screen, or at once for a visitor who was signed in
 * the last time (a flag in localStorage), so that their Download button comes back quickly,
 * or as soon as the visitor reaches for Login (focus, pointer, key: `prepare`) or presses it.
 * A visitor who never scrolls to the panel never pays for it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthClient, AuthUser } from './firebase';

export type { AuthUser };

export interface AuthState {
  /** True once Firebase is loaded and the stored session has been read: Login can open the popup. */
  ready: boolean;
  /**
   * Login was pressed before `ready`. The press is remembered (not replayed: see `login`) until
   * the next press, or until someone is signed in.
   */
  pending: boolean;
  /** Loading Firebase failed (offline, a blocked chunk); pressing Login again tries again. */
  failed: boolean;
  user: AuthUser | null;
  // The actions are plain functions (not methods): components take them out of the state.
  /**
   * When ready, opens the Google popup: call it straight from a click handler. Failures are
   * logged only. Before that, it marks the press `pending` and loads Firebase now.
   */
  login: () => void;
  logout: () => void;
  /** Loads Firebase now rather than when the browser is idle: the visitor is reaching for Login. */
  prepare: () => void;
}

let clientPromise: Promise<AuthClient> | null = null;

/** Set while Firebase reports a signed-in user; only ever a hint of what to load early. */
const SIGNED_IN_HINT = 'cesa:signed-in';

function wasSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    // Storage blocked (private mode, a strict setting): load when wanted, like a new visitor.
    return false;
  }
}

function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Without storage the hint is lost, nothing else.
  }
}

function loadClient(): Promise<AuthClient> {
  if (!clientPromise) {
    clientPromise = import('./firebase').then((module) => module.authClient);
    // A failed chunk load (e.g. offline) may succeed on a later mount.
    clientPromise.catch(() => {
      clientPromise = null;
    });
  }
  return clientPromise;
}

/** Runs `task` when the main thread is idle (bounded, so it is ready long before a click). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 100);
  return () => window.clearTimeout(id);
}

/**
 * @param wanted true once the sign-in controls are (nearly) on screen: Firebase loads then, when
 *   the browser is idle. Before that it loads only for a visitor signed in last time.
 */
export function useAuth(wanted: boolean): AuthState {
  const [client, setClient] = useState<AuthClient | null>(null);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [known, setKnown] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  /** Starts loading Firebase, once per mount (again after a failure); a no-op while unmounted. */
  const start = useRef<() => void>(() => undefined);

  useEffect(() => {
    let active = true;
    let started = false;
    let unsubscribe: (() => void) | null = null;
    start.current = () => {
      if (started) return;
      started = true;
      loadClient().then(
        (loaded) => {
          if (!active) return;
          setClient(loaded);
          setFailed(false);
          unsubscribe = loaded.onUserChanged((next) => {
            setUser(next);
            setKnown(true);
            if (next) setPending(false);
            rememberSignedIn(next !== null);
          });
        },
        (error: unknown) => {
          console.error('Login Error', error);
          if (!active) return;
          started = false;
          setFailed(true);
        },
      );
    };
    return () => {
      active = false;
      start.current = () => undefined;
      unsubscribe?.();
    };
  }, []);

  useEffect(() => {
    if (!wanted && !wasSignedIn()) return;
    return whenIdle(() => start.current());
  }, [wanted]);

  const ready = client !== null && known;

  const login = useCallback(() => {
    if (!client || !known) {
      // Too early to open the popup inside this press: remember it and load now. The caller
      // shows that, and the next press (once ready) opens the popup.
      setPending(true);
      setFailed(false);
      start.current();
      return;
    }
    setPending(false);
    // No await before this call: the popup must open inside the click's user activation.
    client.login().catch((error: unknown) => console.error('Login Error', error));
  }, [client, known]);

  const logout = useCallback(() => {
    if (!client) return;
    client.logout().catch((error: unknown) => console.error('Logout Error', error));
  }, [client]);

  const prepare = useCallback(() => start.current(), []);

  return { ready, pending, failed, user, login, logout, prepare };
}
