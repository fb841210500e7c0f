/**
 * The visual editor (served by `npm run dev` at /_editor): the page list, or the editor of one page
 * (`?file=pages/etabs.yaml`). Switching screens is recorded in the history, so back, forward and
 * reload work; leaving a page with unsaved changes asks first, in the app and in the browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, asFailure, type ApiFailure } from './api';
import { AnnounceProvider } from './announce';
import { Dialog } from './Dialog';
import { dropDraft } from './draft-store';
import { FailureMessage } from './FailureMessage';
import { addressOf, screenOf, type Screen } from './location';
import { PageEditor } from './PageEditor';
import { PageList } from './PageList';
import type { SchemaResponse } from '../protocol/api';

export function EditorApp() {
  const [schema, setSchema] = useState<SchemaResponse | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [screen, setScreen] = useState<Screen>(() => screenOf(window.location.search));
  /** Shown on the page list once: what just happened ("Deleted /etabs"). */
  const [notice, setNotice] = useState<string | null>(null);
  /** Where the editor was asked to go while the page has unsaved changes (the leave question is open). */
  const [leavingTo, setLeavingTo] = useState<{ screen: Screen } | null>(null);
  const dirty = useRef(false);
  const shown = useRef(screen);
  useEffect(() => {
    shown.current = screen;
  });

  useEffect(() => {
    api.schema().then(setSchema, (error: unknown) => setFailure(asFailure(error)));
  }, []);

  const show = useCallback((next: Screen, message: string | null = null) => {
    if (next !== shown.current) window.history.pushState(null, '', addressOf(next));
    dirty.current = false;
    setNotice(message);
    setScreen(next);
  }, []);

  /** In-app navigation: asks first when the page has unsaved changes. */
  const goTo = useCallback(
    (next: Screen) => {
      if (next === shown.current) return;
      if (dirty.current) setLeavingTo({ screen: next });
      else show(next);
    },
    [show],
  );

  // Back and forward: the address has already moved; with unsaved changes it is moved back and the
  // question asked, as for a click.
  useEffect(() => {
    const onPopState = () => {
      const next = screenOf(window.location.search);
      if (next === shown.current) return;
      if (dirty.current) {
        window.history.pushState(null, '', addressOf(shown.current));
        setLeavingTo({ screen: next });
        return;
      }
      setNotice(null);
      setScreen(next);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const leave = () => {
    if (!leavingTo) return;
    if (shown.current !== null) dropDraft(shown.current);
    setLeavingTo(null);
    show(leavingTo.screen);
  };

  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  let body;
  if (failure) {
    body = (
      <main className="ed-main ed-main--narrow">
        <h1>The editor could not start</h1>
        <FailureMessage failure={failure} />
      </main>
    );
  } else if (!schema) {
    body = (
      <main className="ed-main ed-main--narrow">
        <h1>Pages</h1>
        <p role="status">Loading the editor…</p>
      </main>
    );
  } else if (screen === null) {
    body = <PageList templates={schema.templates} notice={notice} onOpen={goTo} onCreated={(file) => show(file)} />;
  } else {
    body = (
      <PageEditor
        key={screen}
        file={screen}
        schema={schema}
        onBack={() => goTo(null)}
        onDirtyChange={onDirtyChange}
        onDeleted={(route) => show(null, `Deleted ${route}.`)}
      />
    );
  }

  return (
    <AnnounceProvider>
      {body}
      {leavingTo ? (
        <Dialog title="Leave without saving?" role="alertdialog" onClose={() => setLeavingTo(null)}>
          <p>This page has changes that are not saved. If you leave now, they are lost.</p>
          <div className="ed-actions">
            <button type="button" className="ed-button" data-autofocus onClick={() => setLeavingTo(null)}>
              Stay on this page
            </button>
            <button type="button" className="ed-button ed-button--danger" onClick={leave}>
              Leave and lose my changes
            </button>
          </div>
        </Dialog>
      ) : null}
    </AnnounceProvider>
  );
}
