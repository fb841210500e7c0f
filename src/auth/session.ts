/**
 * The sign-in state of the page: one store for every island of the page (React context does not
 * cross island roots; a module does, evaluated once per page), read with useSyncExternalStore
 * (use-auth.ts). One Firebase client, loaded with `import()` only when an island asks for it, so the
 * SDK (26 KB gzip) reaches only the visitors who reach for sign-in, or who were signed in last time.
 */
import type { FirebaseWebConfig } from '../content/site-schema';
import type { AuthClient, AuthUser } from './firebase';

export type { AuthUser };

export interface SessionSnapshot {
  /** Firebase is loaded and the stored session has been read: Login can open the popup. */
  ready: boolean;
  /**
   * Login was pressed before `ready`. The press is remembered (not replayed: see `login`) until the
   * next press, or until someone is signed in.
   */
  pending: boolean;
  /** Loading Firebase failed (offline, a blocked chunk); pressing Login again tries again. */
  failed: boolean;
  user: AuthUser | null;
}

/** Set while Firebase reports a signed-in user: the brochure island is hydrated early for such a visitor. */
export const SIGNED_IN_HINT = 'cesa:signed-in';

/** What the prerendered HTML shows, and what hydration starts from: signed out, not ready. */
export const SIGNED_OUT: SessionSnapshot = Object.freeze({ ready: false, pending: false, failed: false, user: null });

let snapshot: SessionSnapshot = SIGNED_OUT;
let client: AuthClient | null = null;
let known = false;
let loading: Promise<AuthClient> | null = null;
const listeners = new Set<() => void>();

function update(change: Partial<SessionSnapshot>): void {
  const next = { ...snapshot, ...change, ready: client !== null && known };
  if (next.ready === snapshot.ready && next.pending === snapshot.pending && next.failed === snapshot.failed && next.user === snapshot.user) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot(): SessionSnapshot {
  return snapshot;
}

function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT, '1');
    else window.localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Without storage the hint is lost, nothing else.
  }
}

/** Loads Firebase for the site's project (once per page; again after a failure) and follows the user. */
export function startSession(web: FirebaseWebConfig): void {
  if (loading) return;
  loading = import('./firebase').then((module) => module.createAuthClient(web));
  loading.then(
    (loaded) => {
      client = loaded;
      update({ failed: false });
      loaded.onUserChanged((user) => {
        known = true;
        update(user ? { user, pending: false } : { user: null });
        rememberSignedIn(user !== null);
      });
    },
    (error: unknown) => {
      console.error('Login Error', error);
      loading = null;
      update({ failed: true });
    },
  );
}

/**
 * When ready, opens the Google popup: call it straight from a click handler (no await before it:
 * the popup must open inside the press's user activation). Before that, marks the press `pending`
 * and loads Firebase now; the caller says so, and the next press opens the popup.
 */
export function login(web: FirebaseWebConfig): void {
  if (!client || !known) {
    update({ pending: true, failed: false });
    startSession(web);
    return;
  }
  update({ pending: false });
  client.login().catch((error: unknown) => console.error('Login Error', error));
}

/**
 * A press on Login made before the island was hydrated: its user activation is over, so it cannot
 * open the popup even when sign-in is ready. It counts as the press `login` remembers: "loading",
 * then "press again" (or "press again" at once when ready).
 */
export function pressedBeforeHydration(web: FirebaseWebConfig): void {
  update({ pending: true, failed: false });
  startSession(web);
}

export function logout(): void {
  client?.logout().catch((error: unknown) => console.error('Logout Error', error));
}
