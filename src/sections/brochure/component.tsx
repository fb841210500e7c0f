import { useId } from 'react';
import { useInView } from 'react-intersection-observer';
import { useSite } from '../../app/site-context';
import { useAuth } from '../../auth/use-auth';
import { SectionShell } from '../../ui/SectionShell';
import type { SectionProps } from '../types';
import './brochure.css';

/** What the status line says after Login was pressed before sign-in had loaded. */
const SIGN_IN_LOADING = 'Sign-in is loading…';
const SIGN_IN_READY = 'Sign-in is ready: press “Sign in with Google” to choose your account.';
const SIGN_IN_FAILED = 'Sign-in could not load. Check your connection, then press Login to try again.';

/**
 * The brochure panel: the PDF downloads only for a signed-in visitor. Rendered signed out
 * first (prerendered HTML), then follows the sign-in state once Firebase has loaded, which it
 * does when the panel nears the screen, or as soon as the visitor reaches for Login
 * (src/auth/use-auth.ts).
 */
export default function Brochure({ section }: SectionProps<'brochure'>) {
  const site = useSite();
  const statusId = useId();
  // Within a quarter screen of the viewport: on a phone, about one flick of scrolling before the
  // buttons show, time enough to fetch the SDK on a slow network. Browsers without
  // IntersectionObserver load it straight away.
  const { ref, inView } = useInView({ rootMargin: '25% 0px', triggerOnce: true, fallbackInView: true });
  const { ready, pending, failed, user, login, logout, prepare } = useAuth(inView);

  // Login before Firebase is ready. The Google popup must open inside the press's user
  // activation, and the SDK cannot be fetched within it, so an early press cannot open the
  // popup, and opening it by itself a moment later would be blocked in some browsers (Safari)
  // and surprising in the rest. So Login is never `disabled` (which would take it out of the
  // Tab order and hide it from keyboard users), only `aria-disabled` ("unavailable") until
  // ready; reaching it (focus, pointer, key) starts the load at once. A press before ready is
  // remembered and said, in the status line below (a polite live region): "loading", then,
  // when ready, the same button, still focused, is renamed "Sign in with Google" and the status
  // says to press it: one more Enter opens the popup. Nothing moves focus or opens on its own.
  const early = !user && pending;
  const status = !early ? '' : ready ? SIGN_IN_READY : failed ? SIGN_IN_FAILED : SIGN_IN_LOADING;

  return (
    <SectionShell kind="brochure" id={section.id} title={section.title} intro={section.text}>
      <div className="actions brochure__actions" ref={ref}>
        {user ? (
          <a className="button brochure__download" href={site.brochure.file} download={site.brochure.fileName}>
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
            onFocus={prepare}
            onPointerEnter={prepare}
            onKeyDown={prepare}
          >
            {ready && early ? 'Sign in with Google' : 'Login'}
          </button>
        )}
      </div>
      {/* Always in the page (empty and zero-height until needed): a live region must exist before its text changes to be read. */}
      <p id={statusId} className="brochure__status" role="status">
        {status}
      </p>
    </SectionShell>
  );
}
