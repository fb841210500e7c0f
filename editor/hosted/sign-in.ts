/**
 * Signing in and out of the hosted editor: the browser's Firebase settings, a Google ID token checked
 * here (id-token.ts) for a session cookie (sessions.ts), for someone editors.yaml on main lists now;
 * who is signed in; signing out. Routes of the API's one table (routes.ts).
 */
import * as z from 'zod';
import { EDITOR } from '../errors';
import { parseJson, readBody, Refusal, sendJson, type Call, type Routes } from '../server/http';
import type { Hosted, Log } from './hosted';
import { KeysUnreachable, TokenRefusal } from './id-token';
import { cookieOf } from './preview-server';
import { SIGN_IN_BODY_BYTES } from './request-limits';

const SessionRequestSchema = z.object({ idToken: z.string().min(1).max(8192) });
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

export type Route = (call: Call) => Promise<void> | void;

/** A token not accepted (401), or Google's keys out of reach (503, a network problem of the server), in words; logged. */
function signInRefusal(error: unknown, log: Log): unknown {
  if (error instanceof KeysUnreachable) {
    log({ event: 'sign-in-keys-unreachable', reason: error.message });
    return EDITOR.refusal('EDITOR_SIGN_IN_KEYS_UNREACHABLE');
  }
  if (!(error instanceof TokenRefusal)) return error;
  log({ event: 'sign-in-refused', reason: error.reason });
  return EDITOR.refusal('EDITOR_SIGN_IN_REFUSED', { reason: error.reason });
}

export function sessionCookie(hosted: Hosted, value: string, maxAge: number): string {
  return `${hosted.cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${hosted.secure ? '; Secure' : ''}`;
}

async function signIn(hosted: Hosted, { req, res }: Call): Promise<void> {
  const { log, verifier, limiter, sessions, who } = hosted;
  // Before anyone is known: a small body (a token), soon or not at all.
  const body = await readBody(req, { bytes: SIGN_IN_BODY_BYTES, tooLarge: 'EDITOR_SIGN_IN_TOO_LARGE', timing: hosted.requestLimits.body });
  const { idToken } = parseJson(body, SessionRequestSchema);
  let account;
  try {
    account = await verifier.verify(idToken);
  } catch (error) {
    throw signInRefusal(error, log);
  }
  // Per account (behind a proxy every request comes from the proxy's address).
  limiter.take('sign-in', account.uid);
  let editor;
  try {
    editor = await who.listedNow(account.email);
  } catch (error) {
    if (error instanceof Refusal && error.status === 403) log({ event: 'sign-in-refused', email: account.email, reason: 'not on the list of editors' });
    throw error;
  }
  res.setHeader('Set-Cookie', sessionCookie(hosted, sessions.create(account), COOKIE_MAX_AGE_S));
  log({ event: 'sign-in', email: account.email, role: editor.role });
  sendJson(res, 200, { email: editor.email, name: editor.name, role: editor.role });
}

/** The routes of signing in, by `METHOD name`. */
export function signInRoutes(hosted: Hosted): Routes<Route> {
  const { options, sessions, cookieName, log, who } = hosted;
  return {
    'GET auth-config': ({ res }) =>
      sendJson(res, 200, {
        apiKey: options.firebase.apiKey,
        authDomain: options.firebase.authDomain,
        projectId: options.projectId,
        emulatorUrl: options.emulatorHost ? `http://${options.emulatorHost}` : null,
      }),
    'POST session': (call) => signIn(hosted, call),
    'DELETE session': ({ req, res }) => {
      const session = sessions.get(cookieOf(req, cookieName));
      sessions.delete(cookieOf(req, cookieName));
      if (session) log({ event: 'sign-out', email: session.email });
      res.setHeader('Set-Cookie', sessionCookie(hosted, '', 0));
      sendJson(res, 200, {});
    },
    'GET session': async ({ req, res }) => {
      const { editor } = await who.signedIn(req);
      sendJson(res, 200, { email: editor.email, name: editor.name, role: editor.role });
    },
  };
}
