/**
 * Sign-in state for React. The first render (on the server and in the browser) is always
 * signed out and not ready, so the prerendered HTML and hydration agree; the Firebase chunk
 * is fetched after hydration when the browser is idle, and the real state follows it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AuthClient, AuthUser } from './firebase';

export type { AuthUser };

export interface AuthState {
  /** True once Firebase is loaded and the stored session has been read: Login can open the popup. */
  ready: boolean;
  user: AuthUser | null;
  /** Opens the Google popup; call it straight from a click handler. Failures are logged only. */
  login(): void;
  logout(): void;
}

let clientPromise: Promise<AuthClient> | null = null;

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

export function useAuth(): AuthState {
  const [client, setClient] = useState<AuthClient | null>(null);
  const [user, setUser] = useState<AuthUser | null>(null);
  const [known, setKnown] = useState(false);

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | null = null;
    const cancelIdle = whenIdle(() => {
      loadClient().then(
        (loaded) => {
          if (!active) return;
          setClient(loaded);
          unsubscribe = loaded.onUserChanged((next) => {
            setUser(next);
            setKnown(true);
          });
        },
        (error: unknown) => console.error('Login Error', error),
      );
    });
    return () => {
      active = false;
      cancelIdle();
      unsubscribe?.();
    };
  }, []);

  const login = useCallback(() => {
    if (!client) return;
    // No await before this call: the popup must open inside the click's user activation.
    client.login().catch((error: unknown) => console.error('Login Error', error));
  }, [client]);

  const logout = useCallback(() => {
    if (!client) return;
    client.logout().catch((error: unknown) => console.error('Logout Error', error));
  }, [client]);

  return { ready: client !== null && known, user, login, logout };
}
