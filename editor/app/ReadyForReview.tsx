/**
 * In the hosted editor's account bar: whether the editor's draft is ready for a publisher to review,
 * and the button that says so (or takes it back). Asked again after each save (the bar polls): a
 * save after marking withdraws the mark (a publisher publishes what was marked, not later saves), and
 * the bar says so until the editor marks the draft again.
 */
import { useCallback, useEffect, useState } from 'react';
import { asFailure, type ApiFailure } from './api';
import { publishApi } from './publish-api';
import type { MyDraftResponse } from '../protocol/publish';

const POLL_MS = 5000;

export function ReadyForReview() {
  const [mine, setMine] = useState<MyDraftResponse | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = useCallback(() => {
    publishApi.mine().then(setMine, () => undefined);
  }, []);
  useEffect(() => {
    ask();
    const timer = window.setInterval(ask, POLL_MS);
    return () => window.clearInterval(timer);
  }, [ask]);

  if (!mine || (mine.files.length === 0 && !mine.ready)) return null;
  const toggle = () => {
    setBusy(true);
    setFailure(null);
    publishApi
      .ready(!mine.ready)
      .then(setMine, (error: unknown) => setFailure(asFailure(error)))
      .finally(() => setBusy(false));
  };
  const count = mine.files.length === 1 ? 'one page or file' : `${mine.files.length} pages or files`;
  const said = mine.ready
    ? `Your draft (${count}) is ready for review. `
    : mine.withdrawn
      ? `You saved after marking your draft ready, so it is no longer ready for review: mark it again when it is (${count}). `
      : `Your draft changes ${count}. `;
  return (
    <span>
      {said}
      <button type="button" className="ed-button ed-button--small" onClick={toggle} disabled={busy} aria-pressed={mine.ready}>
        Ready for review
      </button>
      {failure ? <span role="alert"> {failure.message}</span> : null}
    </span>
  );
}
