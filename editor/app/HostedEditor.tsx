/**
 * The hosted editor's screen (`npm run editor-server`): sign in with Google first, then the same
 * editor as in `npm run dev`, working in the editor's own draft, with who is signed in and a way out.
 * Unsaved edits are kept per editor (draft-store.ts): when the session ends, the editor asks to sign in
 * again and the same person finds them; Sign out asks first, then drops them, so that the next person
 * in this tab never sees or saves them.
 */
import { useEffect, useState } from 'react';
import { asFailure, SIGNED_OUT_EVENT, type ApiFailure } from './api';
import { Dialog } from './Dialog';
import { dropAllDrafts, keepDraftsOf, unsavedPageCount } from './draft-store';
import { EditorApp } from './EditorApp';
import { EditorModeContext } from './editor-mode';
import { FailureMessage } from './FailureMessage';
import { PublishPanel } from './PublishPanel';
import { ReadyForReview } from './ReadyForReview';
import { currentEditor, prepareSignIn, previewStatus, resumeSession, signIn, signOutOfEditor, type Me, type PreviewStatus } from './hosted-auth';

/** How often the account bar asks whether the preview of the whole draft changed. */
const PREVIEW_POLL_MS = 3000;

/**
 * "Preview the whole site", once the draft's site is built (when the server offers previews): an
 * address of the editor that lets this editor into their draft's preview, on an origin of its own.
 */
function WholeSitePreview() {
  const [status, setStatus] = useState<PreviewStatus | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      previewStatus()
        .then((next) => live && setStatus(next))
        .catch(() => undefined);
    void ask();
    const timer = window.setInterval(() => void ask(), PREVIEW_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, []);
  if (!status?.url) return status?.building ? <span>Preparing the preview of the whole site…</span> : null;
  return (
    <span>
      <a href={status.url} target="_blank" rel="noopener noreferrer">
        Preview the whole site <span className="ed-visually-hidden">(opens in a new tab)</span>
      </a>
      {status.building ? ' (updating…)' : status.errors > 0 ? ' (your last save has mistakes: it shows the save before)' : null}
    </span>
  );
}

/** "Sign out" with unsaved edits: drop them and sign out, or stay. */
function SignOutQuestion({ pages, onStay, onSignOut }: { pages: number; onStay: () => void; onSignOut: () => void }) {
  const onPages = pages === 1 ? 'one page' : `${pages} pages`;
  return (
    <Dialog title="Sign out and drop your unsaved changes?" role="alertdialog" onClose={onStay}>
      <p>
        You have unsaved changes on {onPages}: sign out and drop them? Whoever uses this browser next will not see them. To keep them, stay and
        save first.
      </p>
      <div className="ed-actions">
        <button type="button" className="ed-button" data-autofocus onClick={onStay}>
          Stay
        </button>
        <button type="button" className="ed-button ed-button--danger" onClick={onSignOut}>
          Sign out and drop them
        </button>
      </div>
    </Dialog>
  );
}

type State = { kind: 'checking' } | { kind: 'signed-out'; failure: ApiFailure | null } | { kind: 'signed-in'; me: Me };

/** The screen's state, with whose unsaved edits the editor reads and keeps set before anything shows them. */
function stateOf(me: Me | null, failure: ApiFailure | null = null): State {
  keepDraftsOf(me ? me.email : null);
  return me ? { kind: 'signed-in', me } : { kind: 'signed-out', failure };
}

export function HostedEditor() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);
  /** A publisher's screen: editing their draft, or reviewing and publishing. */
  const [publishing, setPublishing] = useState(false);
  /** Sign out asked with unsaved edits on this many pages. */
  const [askingSignOut, setAskingSignOut] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    // Nobody's edits until the server says who is signed in.
    keepDraftsOf(null);
    const check = async () => {
      try {
        const me = (await currentEditor()) ?? (await resumeSession());
        if (live) setState(stateOf(me));
      } catch (error) {
        if (live) setState(stateOf(null, asFailure(error)));
      }
    };
    void check();
    prepareSignIn();
    const onSignedOut = () => void check();
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => {
      live = false;
      window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
    };
  }, []);

  if (state.kind === 'checking') return <p className="ed-main ed-main--narrow">Loading the editor…</p>;

  if (state.kind === 'signed-out') {
    const onSignIn = () => {
      setBusy(true);
      signIn()
        .then((me) => setState(stateOf(me)))
        .catch((error: unknown) => setState(stateOf(null, asFailure(error))))
        .finally(() => setBusy(false));
    };
    return (
      <main className="ed-main ed-main--narrow ed-sign-in">
        <h1>CESA editor</h1>
        <p>Sign in with the Google account the academy added to the editors.</p>
        {state.failure ? <FailureMessage failure={state.failure} /> : null}
        <button type="button" className="ed-button ed-button--primary" onClick={onSignIn} disabled={busy}>
          {state.failure ? 'Sign in with another account' : 'Sign in with Google'}
        </button>
      </main>
    );
  }

  const signOut = () => {
    setAskingSignOut(null);
    // Dropped, and nothing kept from here on (the form is still shown while the server hears of it).
    dropAllDrafts();
    keepDraftsOf(null);
    void signOutOfEditor().finally(() => setState(stateOf(null)));
  };
  const onSignOut = () => {
    const pages = unsavedPageCount();
    if (pages > 0) setAskingSignOut(pages);
    else signOut();
  };
  return (
    <>
      <div className="ed-account" role="group" aria-label="Your account">
        <span>
          Signed in as <strong>{state.me.name}</strong> ({state.me.email}). Your changes are saved in your own draft.
        </span>
        <WholeSitePreview />
        <ReadyForReview />
        {state.me.role === 'publisher' ? (
          <button type="button" className="ed-button ed-button--small" aria-pressed={publishing} onClick={() => setPublishing((value) => !value)}>
            {publishing ? 'Back to editing' : 'Review and publish'}
          </button>
        ) : null}
        <button type="button" className="ed-button ed-button--small ed-button--quiet" onClick={onSignOut}>
          Sign out
        </button>
      </div>
      {askingSignOut !== null ? <SignOutQuestion pages={askingSignOut} onStay={() => setAskingSignOut(null)} onSignOut={signOut} /> : null}
      {publishing && state.me.role === 'publisher' ? (
        <PublishPanel />
      ) : (
        <EditorModeContext value="hosted">
          <EditorApp />
        </EditorModeContext>
      )}
    </>
  );
}
