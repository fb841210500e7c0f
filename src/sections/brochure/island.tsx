/**
 * The brochure's sign-in and download buttons: the one part of the site with real state (who is
 * signed in), so a React island (src/islands/). Hydrated when the visitor reaches for it (pointer,
 * focus, touch, key), or once the page is idle for a visitor signed in last time; Firebase loads as
 * soon as it is hydrated.
 */
import { useEffect, useId } from 'react';
import { SIGNED_IN_HINT } from '../../auth/session';
import { useAuth } from '../../auth/use-auth';
import type { FirebaseWebConfig } from '../../content/site-schema';
import { useIslandStart } from '../../islands/context';
import { defineIsland } from '../../islands/define';

/** What the status line says after Login was pressed before sign-in had loaded. */
export const SIGN_IN_LOADING = 'Sign-in is loading…';
export const SIGN_IN_READY = 'Sign-in is ready: press “Sign in with Google” to choose your account.';
export const SIGN_IN_FAILED = 'Sign-in could not load. Check your connection, then press Login to try again.';

export interface BrochureActionsProps {
  /** The PDF's site path and the name it downloads as (`brochure` of pages/_site.yaml). */
  file: string;
  fileName: string;
  firebase: FirebaseWebConfig;
}

function BrochureActions({ file, fileName, firebase }: BrochureActionsProps) {
  const statusId = useId();
  const auth = useAuth(firebase);
  const { ready, pending, failed, user, login, logout } = auth;
  const { pressedEarly } = useIslandStart();

  // Hydrated because the visitor reached for sign-in (or was signed in last time): load it now. A
  // press made before hydration counts as the first press (it said nothing yet: it does now).
  useEffect(() => {
    if (pressedEarly) auth.pressedEarly();
    else auth.prepare();
    // Once, on hydration: the press was made before it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Login before Firebase is ready. The Google popup must open inside the press's user
  // activation, and the SDK cannot be fetched within it, so an early press cannot open the
  // popup, and opening it by itself a moment later would be blocked in some browsers (Safari)
  // and surprising in the rest. So Login is never `disabled` (which would take it out of the
  // Tab order and hide it from keyboard users), only `aria-disabled` ("unavailable") until
  // ready. A press before ready is remembered and said, in the status line below (a polite live
  // region): "loading", then, when ready, the same button, still focused, is renamed "Sign in
  // with Google" and the status says to press it: one more Enter opens the popup. Nothing moves
  // focus or opens on its own.
  const early = !user && pending;
  const status = !early ? '' : ready ? SIGN_IN_READY : failed ? SIGN_IN_FAILED : SIGN_IN_LOADING;

  return (
    <>
      <div className="actions brochure__actions">
        {user ? (
          <a className="button brochure__download" href={file} download={fileName}>
            Download Brochure
          </a>
        ) : (
          <button type="button" className="button brochure__download" disabled>
            Login to Download
          </button>
        )}
        {user ? (
          <button type="button" className="button button--ghost brochure__auth" onClick={logout}>
            Logout
          </button>
        ) : (
          // Same size until ready (the prerendered HTML), so the page does not shift when it is.
          <button
            type="button"
            className="button button--ghost brochure__auth"
            aria-disabled={ready ? undefined : true}
            aria-describedby={status ? statusId : undefined}
            onClick={login}
          >
            {ready && early ? 'Sign in with Google' : 'Login'}
          </button>
        )}
      </div>
      {/* Always in the page (empty and zero-height until needed): a live region must exist before its text changes to be read. */}
      <p id={statusId} className="brochure__status" role="status">
        {status}
      </p>
    </>
  );
}

export default defineIsland(BrochureActions, { when: 'interaction', hint: SIGNED_IN_HINT });
