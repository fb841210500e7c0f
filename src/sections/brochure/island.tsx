/**
 * The brochure's one action: signed out, "Sign in with Google and download", which opens Google's
 * popup from that press and downloads the PDF once signed in; signed in, the download link and
 * Logout. The one part of the site with real state (who is signed in), so a React island
 * (src/islands/), hydrated when the panel nears the screen or the visitor touches or points at it
 * (or once the page is idle for a visitor signed in last time); Firebase loads as soon as it is
 * hydrated, so it is ready before the press.
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { SIGNED_IN_HINT } from '../../auth/session';
import { useAuth } from '../../auth/use-auth';
import type { FirebaseWebConfig } from '../../content/site-schema';
import { useIslandStart } from '../../islands/context';
import { defineIsland } from '../../islands/define';

/**
 * The signed-out action: one press opens Google's sign-in, and the PDF downloads once signed in. Its
 * words say what it does, and no more: the sign-in is a courtesy asked of visitors, not a lock (the
 * PDF is a public file of a static host, kept out of search engines: docs/administrators.md).
 */
const SIGN_IN_WORDS = ['Sign in with Google', 'and download'] as const;
export const SIGN_IN_TO_DOWNLOAD = SIGN_IN_WORDS.join(' ');
export const DOWNLOAD = 'Download Brochure';
export const LOGOUT = 'Logout';
/** What the status line says after a press that has not opened the popup yet (session.ts). */
export const SIGN_IN_LOADING = 'Sign-in is loading…';
export const SIGN_IN_READY = `Sign-in is ready: press “${SIGN_IN_TO_DOWNLOAD}” again to choose your account.`;
export const SIGN_IN_FAILED = 'Sign-in could not load. Check your connection, then press the button again.';

/**
 * How far from the screen the panel starts loading sign-in (an IntersectionObserver rootMargin) once
 * the visitor scrolls: half a screen, so a visitor scrolling towards it finds it ready; at load only
 * when it is on the screen, so one who never comes near fetches none of it (schedule.ts).
 */
export const NEAR_THE_SCREEN = '50% 0px';

export interface BrochureActionsProps {
  /** The PDF's site path and the name it downloads as (`brochure` of pages/_site.yaml). */
  file: string;
  fileName: string;
  firebase: FirebaseWebConfig;
}

/** Starts the PDF's download, as the Download link does (after a sign-in from the signed-out press). */
function download(file: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = file;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

function BrochureActions({ file, fileName, firebase }: BrochureActionsProps) {
  const statusId = useId();
  const auth = useAuth(firebase);
  const { ready, pending, failed, user, login, logout } = auth;
  const { pressedEarly } = useIslandStart();
  const downloadLink = useRef<HTMLAnchorElement>(null);
  /** The sign-in button had the focus when pressed: the Download link that replaces it gets it. */
  const focusDownload = useRef(false);
  const downloadAfterSignIn = () => download(file, fileName);

  // Hydrated because the panel neared the screen, the visitor reached for it, or was signed in last
  // time: load sign-in now. A press made before hydration is served as a press made while it loads.
  useEffect(() => {
    if (pressedEarly) {
      focusDownload.current = true;
      auth.pressedEarly(downloadAfterSignIn);
    } else auth.prepare();
    // Once, on hydration: the press was made before it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!user || !focusDownload.current) return;
    focusDownload.current = false;
    downloadLink.current?.focus();
  }, [user]);

  // The popup must open inside the press's user activation. The press calls session.login at once:
  // with sign-in ready (loaded when the panel neared the screen) it opens the popup then and there.
  // A press that beats the load is remembered: the popup opens when sign-in is ready if the press
  // can still open it, otherwise the status line (a polite live region) says to press again.
  // Nothing is ever `disabled` or `aria-disabled`: the one action always does something.
  const onSignIn = (event: MouseEvent<HTMLButtonElement>) => {
    focusDownload.current = document.activeElement === event.currentTarget;
    login(downloadAfterSignIn);
  };
  const status = user || !pending ? '' : failed ? SIGN_IN_FAILED : ready ? SIGN_IN_READY : SIGN_IN_LOADING;

  return (
    <>
      <div className="actions brochure__actions">
        {user ? (
          <>
            <a ref={downloadLink} className="button brochure__download" href={file} download={fileName}>
              {DOWNLOAD}
            </a>
            <button type="button" className="button button--ghost brochure__logout" onClick={logout}>
              {LOGOUT}
            </button>
          </>
        ) : (
          <button type="button" className="button brochure__download brochure__sign-in" aria-describedby={status ? statusId : undefined} onClick={onSignIn}>
            {/* Two pieces that each stay whole: on a narrow phone the label breaks between them. */}
            <span className="brochure__words">
              <span className="brochure__google" aria-hidden="true">
                G
              </span>
              {SIGN_IN_WORDS[0]}
            </span>{' '}
            <span className="brochure__words">{SIGN_IN_WORDS[1]}</span>
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

export default defineIsland(BrochureActions, { when: 'visible', margin: NEAR_THE_SCREEN, hint: SIGNED_IN_HINT });
