/**
 * The Firebase side of sign-in. Only ever loaded with `import()` (session.ts), so the SDK stays in
 * its own chunk, fetched only when a visitor reaches for sign-in.
 */
import { initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  initializeAuth,
  onAuthStateChanged,
  signInWithPopup,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { FirebaseWebConfig } from '../content/site-schema';
import { authConfig } from './config';

export interface AuthUser {
  uid: string;
  name: string | null;
  email: string | null;
}

export interface AuthClient {
  /** Calls `listener` with the current user now (once known) and on every change; returns unsubscribe. */
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  /**
   * Opens the Google popup. Must be called synchronously from the click handler: browsers
   * (mobile Safari above all) block a popup opened after an asynchronous gap.
   */
  login(): Promise<void>;
  logout(): Promise<void>;
}

/** The client of the site's project; session.ts makes one per page. */
export function createAuthClient(web: FirebaseWebConfig): AuthClient {
  const config = authConfig(import.meta.env, web);
  const app = initializeApp(config.firebase);
  const auth: Auth = initializeAuth(app, {
    persistence: browserLocalPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) {
    // The SDK's banner is fixed to the bottom of the page and would cover the floating
    // call/chat buttons; `npm start` already says that it runs the emulator.
    connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  }
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });

  return {
    onUserChanged(listener) {
      return onAuthStateChanged(auth, (user) =>
        listener(user ? { uid: user.uid, name: user.displayName, email: user.email } : null),
      );
    },
    login() {
      return signInWithPopup(auth, provider).then(() => undefined);
    },
    logout() {
      return signOut(auth);
    },
  };
}
