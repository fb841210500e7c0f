/**
 * In the hosted editor's account bar: whether the editor's draft is ready for a publisher to review,
 * and the button that says so; once marked, since when it waits, what happens next, and "Withdraw
 * from review". Asked again after each save (the bar polls): a
 * save after marking withdraws the mark (a publisher publishes what was marked, not later saves), and
 * the bar says so until the editor marks the draft again.
 */
import { useCallback, useEffect, useState } from 'react';
import { asFailure, type ApiFailure } from './api';
import { publishApi } from './publish-api';
import { isoInIndia } from '../protocol/india-time';
import type { MyDraftResponse } from '../protocol/publish';

const POLL_MS = 5000;

/** "14:02" today, else the day and the time. */
function clock(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString([], { day: 'numeric', month: 'short' })}, ${time}`;
}

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
  if (mine.ready && mine.scheduledFor) {
    return (
      <span className="ed-review-state">
        <strong>Scheduled for {isoInIndia(mine.scheduledFor)}</strong> ({count}): a publisher set your draft, as it is now, to go live then. Saving
        again takes it out of review, and it is not published then.
        {failure ? <span role="alert"> {failure.message}</span> : null}
      </span>
    );
  }
  if (mine.ready) {
    return (
      <span className="ed-review-state">
        <strong>Waiting for review{mine.readyAt ? ` since ${clock(mine.readyAt)}` : ''}</strong> ({count}): a publisher reads your changes and puts them live. Saving again takes
        your draft out of review.{' '}
        <button type="button" className="ed-button ed-button--small" onClick={toggle} disabled={busy}>
          Withdraw from review
        </button>
        {failure ? <span role="alert"> {failure.message}</span> : null}
      </span>
    );
  }
  const said = mine.withdrawn
    ? `You saved after marking your draft ready, so it is no longer waiting for review: mark it again when it is (${count}). `
    : `Your draft changes ${count}. `;
  return (
    <span className="ed-review-state">
      {said}
      <button type="button" className="ed-button ed-button--small" onClick={toggle} disabled={busy}>
        Ready for review
      </button>
      {failure ? <span role="alert"> {failure.message}</span> : null}
    </span>
  );
}
