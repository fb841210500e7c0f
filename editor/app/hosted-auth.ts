/**
 * Sign-in for the hosted editor (`npm run editor-server`): the Google popup on the Firebase project
 * the SERVER names (GET /_editor/api/auth-config, never the site's content), then the ID token is
 * exchanged for the server's own session cookie (POST /_editor/api/session). The server checks the
 * token itself (editor/hosted/id-token.ts); this side only carries it.
 */
import { createEditorAuth, type EditorAuth, type EditorAuthConfig } from './google-sign-in';
import { ApiFailure } from './api';
import { EDITOR_API } from '../protocol/api';

/** GET /_editor/api/auth-config */
export type HostedAuthConfig = EditorAuthConfig;

/** GET|POST /_editor/api/session: who is signed in, as editors.yaml lists them. */
export interface Me {
  email: string;
  name: string;
  role: 'editor' | 'publisher';
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { error?: string; hint?: string }) | null;
  if (!response.ok) throw new ApiFailure(response.status, body?.error ?? `The editor's server could not do this (HTTP ${response.status}).`, body?.hint);
  return body as T;
}

let auth: Promise<EditorAuth> | undefined;

function authOf(): Promise<EditorAuth> {
  auth ??= fetch(`${EDITOR_API}/auth-config`, { cache: 'no-store' })
    .then((response) => json<HostedAuthConfig>(response))
    .then(createEditorAuth);
  return auth;
}

/** Starts loading the sign-in code and configuration before the click (the popup must open in the click itself). */
export function prepareSignIn(): void {
  void authOf().catch(() => undefined);
}

async function exchange(idToken: string): Promise<Me> {
  const response = await fetch(`${EDITOR_API}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
    cache: 'no-store',
  });
  return json<Me>(response);
}

/** GET /_editor/api/preview: the whole site as the editor's draft has it (when the server offers previews). */
export interface PreviewStatus {
  /** The editor's address that opens the preview (it lets this editor in), once it is built. */
  url: string | null;
  building: boolean;
  builtAt: string | null;
  errors: number;
}

export async function previewStatus(): Promise<PreviewStatus> {
  return json<PreviewStatus>(await fetch(`${EDITOR_API}/preview`, { cache: 'no-store' }));
}

/** The signed-in editor, or null when there is no session. */
export async function currentEditor(): Promise<Me | null> {
  const response = await fetch(`${EDITOR_API}/session`, { cache: 'no-store' });
  if (response.status === 401) return null;
  return json<Me>(response);
}

/**
 * A new session without a popup when this tab is still signed in to Google through Firebase (the
 * server's session ended, the Firebase one did not); null when a popup is needed.
 */
export async function resumeSession(): Promise<Me | null> {
  const token = await (await authOf()).currentToken();
  return token === null ? null : exchange(token);
}

/** The Google popup, then the server's session. Call from a click, with the configuration loaded (prepareSignIn). */
export async function signIn(): Promise<Me> {
  const instance = await authOf();
  const token = await instance.popup();
  try {
    return await exchange(token);
  } catch (error) {
    // Refused (not on the list): the next try offers the choice of account again.
    await instance.signOut();
    throw error;
  }
}

export async function signOutOfEditor(): Promise<void> {
  await fetch(`${EDITOR_API}/session`, { method: 'DELETE', cache: 'no-store' });
  await (await authOf()).signOut();
}
