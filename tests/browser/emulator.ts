/**
 * Helpers for the Firebase Auth emulator in browser tests: seed and clear Google accounts,
 * and drive the emulator's sign-in popup.
 */
import type { Page } from 'playwright-core';
import { DEMO_API_KEY, DEMO_PROJECT_ID } from '../../src/content/firebase-demo';
import { reachFor } from './harness';

/** Set by `firebase emulators:exec` for the command it runs. */
export const EMULATOR_URL = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

export interface GoogleAccount {
  email: string;
  name: string;
}

async function call(path: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(`${EMULATOR_URL}${path}`, { ...init, signal: AbortSignal.timeout(5000) });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Removes every account of the demo project, so each test starts from a known state. */
export async function clearAccounts(): Promise<void> {
  await call(`/emulator/v1/projects/${DEMO_PROJECT_ID}/accounts`, { method: 'DELETE' });
}

/**
 * Creates a Google account that the emulator's popup lists (a `.js-reuse-account` item).
 * A password account from accounts:signUp would not be listed: it has to come from an IdP sign-in.
 */
export async function seedGoogleAccount(account: GoogleAccount): Promise<void> {
  const idToken = JSON.stringify({ sub: `seed-${account.email}`, email: account.email, email_verified: true, name: account.name });
  await call(`/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${DEMO_API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
      requestUri: 'http://127.0.0.1',
      returnSecureToken: true,
    }),
  });
}

/** The brochure panel's one signed-out action (src/sections/brochure/island.tsx). */
export const SIGN_IN_TO_DOWNLOAD = 'Sign in with Google and download';

/** Clicks the brochure's sign-in action and returns the emulator's popup, loaded. */
export async function openSignInPopup(page: Page): Promise<Page> {
  const signIn = page.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD, exact: true });
  await reachFor(signIn);
  const [popup] = await Promise.all([page.waitForEvent('popup'), signIn.click()]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

/** In the popup: "Add new account" → "Auto-generate user information" → "Sign in with Google.com". */
export async function signInWithNewAccount(popup: Page): Promise<void> {
  await popup.locator('#add-account-button').click();
  await popup.locator('#autogen-button').click();
  await popup.locator('#sign-in').click();
}

/** In the popup: picks an existing account by its e-mail. */
export async function signInWithAccount(popup: Page, email: string): Promise<void> {
  await popup.locator('.js-reuse-account', { hasText: email }).click();
}
