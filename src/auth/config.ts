/**
 * Firebase web configuration, from Vite env variables at build time.
 * With none set, the site runs against the local Auth emulator with a `demo-` project,
 * so sign-in works on a fresh machine with nothing external.
 */
import type { FirebaseOptions } from 'firebase/app';

/** The env variables this module reads (all optional). */
export interface AuthEnv {
  VITE_FIREBASE_API_KEY?: string | undefined;
  VITE_FIREBASE_AUTH_DOMAIN?: string | undefined;
  VITE_FIREBASE_PROJECT_ID?: string | undefined;
  VITE_FIREBASE_APP_ID?: string | undefined;
  /** `host:port` (or a full http:// URL) of an Auth emulator, e.g. 127.0.0.1:9099. */
  VITE_AUTH_EMULATOR_HOST?: string | undefined;
}

export interface AuthConfig {
  firebase: FirebaseOptions;
  /** URL given to connectAuthEmulator, or null for the real Firebase Auth service. */
  emulatorUrl: string | null;
}

export const DEMO_PROJECT_ID = 'demo-cesa';
/** Any string works with the emulator; it only has to be stable (it keys the stored session). */
export const DEMO_API_KEY = 'demo-cesa-api-key';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

function emulatorUrl(host: string): string {
  return /^https?:\/\//.test(host) ? host : `http://${host}`;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function authConfig(env: AuthEnv): AuthConfig {
  const apiKey = present(env.VITE_FIREBASE_API_KEY);
  const emulatorHost = present(env.VITE_AUTH_EMULATOR_HOST);
  if (!apiKey) {
    return {
      firebase: {
        apiKey: DEMO_API_KEY,
        projectId: DEMO_PROJECT_ID,
        // The SDK requires an auth domain even when every request goes to the emulator.
        authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
      },
      emulatorUrl: emulatorUrl(emulatorHost ?? DEFAULT_EMULATOR_HOST),
    };
  }
  const projectId = present(env.VITE_FIREBASE_PROJECT_ID);
  const firebase: FirebaseOptions = {
    apiKey,
    authDomain: present(env.VITE_FIREBASE_AUTH_DOMAIN) ?? (projectId ? `${projectId}.firebaseapp.com` : undefined),
  };
  if (projectId) firebase.projectId = projectId;
  const appId = present(env.VITE_FIREBASE_APP_ID);
  if (appId) firebase.appId = appId;
  return { firebase, emulatorUrl: emulatorHost ? emulatorUrl(emulatorHost) : null };
}
