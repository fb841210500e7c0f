/**
 * Firebase web configuration for sign-in. It is content: the `firebase` block of pages/_site.yaml,
 * which the brochure island carries in its props, so the browser reads it from the page; there is
 * nothing to set at build time. A `demo-` project id means a build for the local
 * Auth emulator (what `npm start` and the tests run); `npm run build -- --deploy` refuses it.
 *
 * The Vite env variable VITE_AUTH_EMULATOR_HOST only points a build at an emulator elsewhere.
 */
import type { FirebaseOptions } from 'firebase/app';
import { isDemoProject } from '../content/firebase-demo';
import type { FirebaseWebConfig } from '../content/site-schema';

/** The env variables this module reads (optional). */
export interface AuthEnv {
  /** `host:port` (or a full http:// URL) of an Auth emulator, e.g. 127.0.0.1:9099. */
  VITE_AUTH_EMULATOR_HOST?: string | undefined;
}

export interface AuthConfig {
  firebase: FirebaseOptions;
  /** URL given to connectAuthEmulator, or null for the real Firebase Auth service. */
  emulatorUrl: string | null;
}

/** Where a `demo-` project (src/content/firebase-demo.ts) signs in: the Auth emulator of firebase.json. */
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

function emulatorUrl(host: string): string {
  return /^https?:\/\//.test(host) ? host : `http://${host}`;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** @param web the site's `firebase` block (pages/_site.yaml). */
export function authConfig(env: AuthEnv, web: FirebaseWebConfig): AuthConfig {
  const firebase: FirebaseOptions = { apiKey: web.apiKey, authDomain: web.authDomain, projectId: web.projectId };
  if (web.appId) firebase.appId = web.appId;
  const emulatorHost = present(env.VITE_AUTH_EMULATOR_HOST) ?? (isDemoProject(web.projectId) ? DEFAULT_EMULATOR_HOST : undefined);
  return { firebase, emulatorUrl: emulatorHost ? emulatorUrl(emulatorHost) : null };
}
