/** Shared by `npm start` and the browser tests: how to run the Firebase Auth emulator offline. */
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIREBASE_BIN = resolve(ROOT, 'node_modules/.bin/firebase');
/** Must match `emulators.auth` in firebase.json and the default of src/auth/config.ts. */
export const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
export const AUTH_EMULATOR_ARGS = ['--only', 'auth', '--project', 'demo-cesa'];

/**
 * firebase-tools without prompts or network calls: CI skips the message-of-the-day fetch and,
 * with NO_UPDATE_NOTIFIER, the update check. Usage reporting is off unless someone opted in
 * through `firebase login`, and the emulator commands never ask.
 */
export const FIREBASE_QUIET_ENV = { CI: 'true', NO_UPDATE_NOTIFIER: '1' } as const;

/** True when an Auth emulator answers at `url`. */
export async function authEmulatorAnswers(url = AUTH_EMULATOR_URL): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}
