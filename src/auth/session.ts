/**
 * The sign-in state of the page: one store for every island of the page (React context does not
 * cross island roots; a module does, evaluated once per page), read with useSyncExternalStore
 * (use-auth.ts). One Firebase client, loaded with `import()` only when an island asks for it (the
 * brochure panel nearing the screen, or a visitor reaching for it), so the SDK (27 KB gzip) reaches
 * only the visitors who come near sign-in, or who were signed in last time.
 */
import type { FirebaseWebConfig } from '../content/site-schema';
import type { AuthClient, AuthUser } from './firebase';

export type { AuthUser };

export interface SessionSnapshot {
  /** Firebase is loaded and the stored session has been read: a press opens the popup at once. */
  ready: boolean;
  /**
   * A press that has not opened the popup yet: made before `ready`, and ready too late to open it
   * inside that press (its user activation was over), or held back by the browser's popup blocker.
   * Remembered until the next press, or until someone is signed in.
   */
  pending: boolean;
  /** Loading Firebase failed (offline, a blocked chunk); the next press tries again. */
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
/** What the pending press was for: run once it has signed the visitor in (the brochure's download). */
let afterPendingSignIn: (() => void) | undefined;
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

/**
 * The visitor's last press may still open a window: browsers allow a popup for a few seconds after
 * a press (its transient user activation: 5 s in Chromium and Firefox). False where nothing can
 * tell (older Safari), so such a browser asks for a new press rather than having its popup blocked.
 */
function pressStillActive(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Partial<Navigator>).userActivation?.isActive === true;
}

function isPopupBlocked(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'auth/popup-blocked';
}

/** Opens the Google popup now; `then` runs once it has signed the visitor in. */
function openPopup(ready: AuthClient, then: (() => void) | undefined): void {
  afterPendingSignIn = undefined;
  update({ pending: false });
  ready.login().then(
    () => then?.(),
    (error: unknown) => {
      console.error('Login Error', error);
      // The browser held the window back: the press is not lost, the next one opens it.
      if (isPopupBlocked(error)) {
        afterPendingSignIn = then;
        update({ pending: true });
      }
    },
  );
}

/** Sign-in just became ready: a press made while it loaded opens the popup if it still can. */
function servePendingPress(): void {
  if (!snapshot.pending || !client || !known || snapshot.user || !pressStillActive()) return;
  openPopup(client, afterPendingSignIn);
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
        const first = !known;
        known = true;
        if (user) afterPendingSignIn = undefined;
        update(user ? { user, pending: false } : { user: null });
        rememberSignedIn(user !== null);
        if (first) servePendingPress();
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
 * Opens the Google popup: call it straight from a click handler (no await before it: the popup
 * must open inside the press's user activation). `then` runs once the popup has signed the visitor
 * in. Before sign-in is ready, the press is remembered (`pending`) and Firebase loaded now; when it
 * is ready while the press may still open a window, the popup opens then, else the next press opens it.
 */
export function login(web: FirebaseWebConfig, then?: () => void): void {
  if (!client || !known) {
    afterPendingSignIn = then;
    update({ pending: true, failed: false });
    startSession(web);
    return;
  }
  openPopup(client, then);
}

/**
 * A press made before the island was hydrated: the scheduler saw it, nothing handled it. It counts
 * as a press made before sign-in was ready (`login`): the popup opens once ready if the press can
 * still open it, or the next press does.
 */
export function pressedBeforeHydration(web: FirebaseWebConfig, then?: () => void): void {
  afterPendingSignIn = then;
  update({ pending: true, failed: false });
  startSession(web);
  servePendingPress();
}

export function logout(): void {
  client?.logout().catch((error: unknown) => console.error('Logout Error', error));
}
