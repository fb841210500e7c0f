/**
 * The Firebase side of the hosted editor's sign-in (editor/app/hosted-auth.ts): the Google popup on
 * the project the editor's SERVER names, kept for this tab only (session persistence), and the ID
 * token the server checks itself. Like firebase.ts, the one other file that imports Firebase.
 */
import { initializeApp } from 'firebase/app';
import { browserPopupRedirectResolver, browserSessionPersistence, connectAuthEmulator, GoogleAuthProvider, initializeAuth, signInWithPopup, signOut, type Auth } from 'firebase/auth';

export interface EditorAuthConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** The Auth emulator's address in emulator mode (a demo- project on this computer), else null. */
  emulatorUrl: string | null;
}

export interface EditorAuth {
  /** The ID token of the account this tab is still signed in with, or null when a popup is needed. */
  currentToken(): Promise<string | null>;
  /** Opens the Google popup (call from the press itself); resolves with the new account's ID token. */
  popup(): Promise<string>;
  signOut(): Promise<void>;
}

export function createEditorAuth(config: EditorAuthConfig): EditorAuth {
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId }, 'cesa-editor');
  const auth: Auth = initializeAuth(app, { persistence: browserSessionPersistence, popupRedirectResolver: browserPopupRedirectResolver });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return {
    async currentToken() {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken(true) : null;
    },
    async popup() {
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      const result = await signInWithPopup(auth, provider);
      return result.user.getIdToken(true);
    },
    signOut: () => signOut(auth),
  };
}
