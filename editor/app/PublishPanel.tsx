/**
 * The publisher's screen of the hosted editor: the drafts marked ready for review, each with the
 * pages it changes by name and address, as a visitor sees them (the text live now and after
 * publishing, the words removed and inserted marked; the photos that change, before and after; the
 * site document as "the whole site" with the parts named), the file's lines for those who want them;
 * "Publish", which first asks with a summary (which pages, whose draft, what changes), then (fields
 * two people changed are decided in the conflict dialog first) names the draft's commit and what was
 * shown, so what goes live is what was reviewed; the published versions, any of which can be put back live;
 * "Publish again" when a publish reached main but not the live site; and a publish a restart of the
 * server dropped, until it is published again or dismissed. Publishing later (a date and a time in India
 * beside Publish), the schedules, and what the midnight update did: ScheduledPublishes.tsx.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure, asFailure } from './api';
import { FieldConflictDialog } from './ConflictDialog';
import { Dialog } from './Dialog';
import { DiffView, type DiffLabels } from './DiffView';
import { FailureMessage } from './FailureMessage';
import { publishApi } from './publish-api';
import { paragraphChanges, type Piece } from './word-diff';
import { DateUpdateNote, ScheduledFor, ScheduleForm, SchedulesList } from './ScheduledPublishes';
import { isoInIndia } from '../protocol/india-time';
import type { AddressChange, ChangedFile, Dropped, LeftOut, NewOrigin, PhotoChange, PublishConflict, ReadyDraft, ReviewResponse, ScheduledPublish } from '../protocol/publish';

const LIVE_AND_PUBLISHED: DiffLabels = { old: 'the live page', oldShort: 'live', new: 'the page as it would be published', newShort: 'published' };

/** "One page changes", "2 pages and one photo change". */
function changeCount(draft: ReadyDraft): string {
  const pages = draft.files.filter((file) => file.shown.kind === 'page').length;
  const site = draft.files.some((file) => file.shown.kind === 'site');
  const others = draft.files.length - pages - (site ? 1 : 0);
  const parts = [pages > 0 ? (pages === 1 ? 'one page' : `${pages} pages`) : null, site ? 'the whole site' : null, others > 0 ? (others === 1 ? 'one photo or file' : `${others} photos or files`) : null].filter((part): part is string => part !== null);
  const said = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}` : (parts[0] ?? 'nothing');
  return `${said.charAt(0).toUpperCase()}${said.slice(1)} ${draft.files.length === 1 ? 'changes' : 'change'}`;
}

/** The waiting schedule of the draft as reviewed, if any. */
function scheduledFor(review: ReviewResponse, draft: ReadyDraft): ScheduledPublish | undefined {
  return review.schedules.find((entry) => entry.status === 'waiting' && entry.draft === draft.draft && entry.commit === draft.commit);
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** A publish a restart dropped: nothing of it is live; publish it again (as reviewed below) or dismiss the note. */
function DroppedPublish({ dropped, ready, disabled, onPublish, onRollBack, onDismiss }: { dropped: Dropped; ready: ReadyDraft | undefined; disabled: boolean; onPublish: (draft: ReadyDraft) => void; onRollBack: (tag: string) => void; onDismiss: () => void }) {
  return (
    <section aria-labelledby="dropped-title">
      <h2 id="dropped-title">A publish was stopped</h2>
      <p>
        {dropped.what}, started by {dropped.by} at {when(dropped.at)}, was stopped when the editor&apos;s server restarted, before it reached the live site:
        nothing of it is live.{' '}
        {dropped.draft === null ? null : ready ? 'Review it below, then publish it again.' : 'It is not ready for review any more (its editor saved since): it is listed below again once they mark it ready.'}
      </p>
      <div className="ed-actions">
        {ready ? (
          <button type="button" className="ed-button ed-button--primary" disabled={disabled} onClick={() => onPublish(ready)}>
            Publish {ready.name}&apos;s draft again
          </button>
        ) : null}
        {dropped.restores ? (
          <button type="button" className="ed-button ed-button--primary" disabled={disabled} onClick={() => onRollBack(dropped.restores!)}>
            Put {dropped.restores} back live again
          </button>
        ) : null}
        <button type="button" className="ed-button" disabled={disabled} onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}

/** A paragraph's pieces, with the words removed or inserted marked. */
function Marked({ pieces }: { pieces: Piece[] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.mark === 'removed' ? <del key={index}>{piece.text}</del> : piece.mark === 'added' ? <ins key={index}>{piece.text}</ins> : <span key={index}>{piece.text}</span>,
      )}
    </>
  );
}

/** "One paragraph unchanged", "12 paragraphs unchanged". */
const unchangedWords = (count: number) => (count === 1 ? 'One paragraph unchanged' : `${count.toLocaleString('en')} paragraphs unchanged`);

/**
 * The page's visible text live and as it would be published, side by side: the paragraphs that
 * change, words marked; of a new page every paragraph (nothing beside it live). `unchanged`: the
 * paragraphs the server left out before and after the changed ones.
 */
function TextChanges({ before, after, unchanged }: { before: string[]; after: string[]; unchanged: { head: number; tail: number } }) {
  const changes = paragraphChanges(before, after);
  if (!changes.some((change) => !('unchanged' in change))) return null;
  return (
    <div className="ed-visible-diff" role="group" aria-label="The text live now and after publishing">
      <div className="ed-visible-diff__head" aria-hidden="true">
        <span>Live now</span>
        <span>After publishing</span>
      </div>
      {unchanged.head > 0 ? <p className="ed-visible-diff__gap">{unchangedWords(unchanged.head)}</p> : null}
      {changes.map((change, index) =>
        'unchanged' in change ? (
          <p key={index} className="ed-visible-diff__gap">
            {unchangedWords(change.unchanged)}
          </p>
        ) : (
          <div key={index} className={change.before ? 'ed-visible-diff__row' : 'ed-visible-diff__row ed-visible-diff__row--new'}>
            <p aria-label="Live now">{change.before ? <Marked pieces={change.before} /> : <em>(not there)</em>}</p>
            <p aria-label="After publishing">{change.after ? <Marked pieces={change.after} /> : <em>(removed)</em>}</p>
          </div>
        ),
      )}
      {unchanged.tail > 0 ? <p className="ed-visible-diff__gap">{unchangedWords(unchanged.tail)}</p> : null}
    </div>
  );
}

/** "maps.example.com" from "https://maps.example.com". */
function hostOf(address: string): string {
  try {
    return new URL(address).host || address;
  } catch {
    return address;
  }
}

const ADDRESS_KINDS: Record<AddressChange['kind'], string> = { link: 'Link', embed: 'Shown from another site', file: 'File' };

/** An address as the publisher reads it: a frame with the site it loads from first. */
function Address({ kind, address }: { kind: AddressChange['kind']; address: string | null }) {
  if (address === null) return <em>(not there)</em>;
  return kind === 'embed' ? (
    <>
      loads from <strong>{hostOf(address)}</strong> <span className="ed-address-changes__address">{address}</span>
    </>
  ) : (
    <span className="ed-address-changes__address">{address}</span>
  );
}

/** Every link, frame of another site and file that changes (of a new page, all of them): its words, its address live → published. */
function AddressChanges({ addresses }: { addresses: AddressChange[] }) {
  return (
    <ul className="ed-address-changes" aria-label="Links, content from other sites and files">
      {addresses.map((change, index) => (
        <li key={index}>
          <span className="ed-address-changes__kind">{ADDRESS_KINDS[change.kind]}</span> &ldquo;{change.label}&rdquo;
          {change.times > 1 ? ` (in ${change.times.toLocaleString('en')} places)` : ''}:{' '}
          {change.before === null ? (
            <>
              <ins>new</ins>, <Address kind={change.kind} address={change.after} />
            </>
          ) : change.after === null ? (
            <>
              <del>removed</del> (was <Address kind={change.kind} address={change.before} />)
            </>
          ) : (
            <>
              <del>
                <Address kind={change.kind} address={change.before} />
              </del>{' '}
              →{' '}
              <ins>
                <Address kind={change.kind} address={change.after} />
              </ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What the review left out of a very long page, counted: "and 25,000 more paragraphs not shown here". */
function LeftOutNote({ leftOut }: { leftOut: LeftOut }) {
  const parts = [
    leftOut.paragraphs > 0 ? `${leftOut.paragraphs.toLocaleString('en')} more ${leftOut.paragraphs === 1 ? 'paragraph' : 'paragraphs'}` : null,
    leftOut.addresses > 0 ? `${leftOut.addresses.toLocaleString('en')} more ${leftOut.addresses === 1 ? 'link' : 'links'}` : null,
    leftOut.photos > 0 ? `${leftOut.photos.toLocaleString('en')} more ${leftOut.photos === 1 ? 'photo' : 'photos'}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return <p className="ed-visible-diff__gap">And {parts.join(', ')} like these change, too many to show here: open the preview of the whole site to see them.</p>;
}

/** The sites the published site would load content from that it does not now: said before anything else of the draft. */
function NewOrigins({ origins }: { origins: NewOrigin[] }) {
  if (origins.length === 0) return null;
  return (
    <div className="ed-origin-notice" role="note">
      {origins.map((origin) => (
        <p key={origin.origin}>
          This publish lets the site load content from <strong>{hostOf(origin.origin)}</strong> (on {origin.by.join(', ')}): visitors&apos; browsers will
          contact that site.
        </p>
      ))}
    </div>
  );
}

function Photos({ photos }: { photos: PhotoChange[] }) {
  return (
    <ul className="ed-photo-changes">
      {photos.map((photo, index) => (
        <li key={index}>
          <span className="ed-photo-changes__label">
            {photo.label}
            {photo.times > 1 ? ` (in ${photo.times.toLocaleString('en')} places)` : ''}
          </span>
          <span className="ed-photo-changes__pair">
            <figure>
              {photo.before ? <img src={photo.before} alt={`Live now: ${photo.label}`} /> : <span className="ed-photo-changes__none">No photo</span>}
              <figcaption>Live now</figcaption>
            </figure>
            <figure>
              {photo.after ? <img src={photo.after} alt={`After publishing: ${photo.label}`} /> : <span className="ed-photo-changes__none">No photo</span>}
              <figcaption>After publishing</figcaption>
            </figure>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A page or file by its name, with what changes in words. */
function titleOf(file: ChangedFile): string {
  return file.shown.kind === 'site' ? `The whole site: ${file.shown.what.join(', ')}` : file.shown.name;
}

/** One changed page (or the site, or a photo) as a visitor sees the change. */
function PageChange({ file }: { file: ChangedFile }) {
  const { shown } = file;
  return (
    <li className="ed-page-change">
      <h4>
        {titleOf(file)}
        {shown.route ? (
          <>
            {' '}
            <span className="ed-page-change__route">{shown.route}</span>
          </>
        ) : null}
      </h4>
      {shown.kind === 'site' ? null : <p className="ed-help">{changeWords(file)}</p>}
      {file.change !== 'removed' && (shown.before || shown.after) ? <TextChanges before={shown.before ?? []} after={shown.after ?? []} unchanged={shown.unchanged} /> : null}
      {shown.addresses.length > 0 ? <AddressChanges addresses={shown.addresses} /> : null}
      {shown.photos.length > 0 ? <Photos photos={shown.photos} /> : null}
      <LeftOutNote leftOut={shown.leftOut} />
      {file.page && file.change === 'changed' && file.live !== null && file.published !== null ? (
        <details>
          <summary>The file, line by line ({file.file})</summary>
          <DiffView disk={file.live} mine={file.published} labels={LIVE_AND_PUBLISHED} />
        </details>
      ) : null}
    </li>
  );
}

/** "New page", "Changed: text, photo", "Removed from the site". */
function changeWords(file: ChangedFile): string {
  if (file.change === 'added') return file.shown.kind === 'page' ? 'A new page.' : 'New.';
  if (file.change === 'removed') return file.shown.kind === 'page' ? 'Removed from the site.' : 'Removed.';
  return `Changed: ${file.shown.what.join(', ')}.`;
}

function DraftChanges({ draft }: { draft: ReadyDraft }) {
  return (
    <ul className="ed-page-changes">
      {draft.files.map((file) => (
        <PageChange key={file.file} file={file} />
      ))}
    </ul>
  );
}

/** "3 pages changed by Priya: ETABS (text), Home (photo)": what a publish would do, in one sentence. */
export function publishSummary(draft: ReadyDraft): string {
  const pages = draft.files.filter((file) => file.shown.kind === 'page').length;
  const others = draft.files.length - pages;
  const counted = [pages > 0 ? (pages === 1 ? 'One page' : `${pages} pages`) : null, others > 0 ? (others === 1 ? 'one other change' : `${others} other changes`) : null].filter(Boolean).join(' and ');
  const each = draft.files.map((file) => (file.shown.kind === 'site' ? titleOf(file) : `${file.shown.name} (${file.change === 'added' ? 'new' : file.change === 'removed' ? 'removed' : file.shown.what.join(', ')})`));
  const sentence = counted.charAt(0).toUpperCase() + counted.slice(1);
  return `${sentence} changed by ${draft.name}: ${each.join('; ')}.`;
}

/** "Publish Priya's draft?": the summary, then the answer. */
function ConfirmPublish({ draft, onCancel, onPublish }: { draft: ReadyDraft; onCancel: () => void; onPublish: () => void }) {
  return (
    <Dialog title={`Publish ${draft.name}'s draft?`} role="alertdialog" onClose={onCancel}>
      <p>{publishSummary(draft)}</p>
      <NewOrigins origins={draft.origins} />
      <p>
        Visitors see these changes as soon as the publish is done (a few seconds). You can put the version live now back afterwards, under
        &quot;Published versions&quot;.
      </p>
      {draft.conflicts.length > 0 ? <p>{draft.conflicts.length === 1 ? 'One field was' : `${draft.conflicts.length} fields were`} also changed live since: you choose which value goes live next.</p> : null}
      <div className="ed-actions">
        <button type="button" className="ed-button" data-autofocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="ed-button ed-button--primary" onClick={onPublish}>
          Publish now
        </button>
      </div>
    </Dialog>
  );
}

export function PublishPanel() {
  const [review, setReview] = useState<ReviewResponse | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<{ draft: ReadyDraft; conflicts: PublishConflict[] } | null>(null);
  const [rollingBack, setRollingBack] = useState<string | null>(null);
  /** The draft whose publish waits for the publisher's "Publish now" under its summary. */
  const [confirming, setConfirming] = useState<ReadyDraft | null>(null);

  /**
   * Which load's answer may be shown: an answer to an older one (asked before an action started, so
   * answered while it ran) would show that action as "another publish under way" once it is done.
   */
  const latest = useRef(0);
  const load = useCallback(() => {
    const asked = ++latest.current;
    return publishApi.review().then(
      (next) => {
        if (asked === latest.current) setReview(next);
      },
      (error: unknown) => {
        if (asked === latest.current) setFailure(asFailure(error));
      },
    );
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  /** The last action begun: an earlier one's end must not clear what the screen says of it. */
  const lastAction = useRef(0);

  /** One action at a time; its outcome in words, then the lists again (the action shown as under way until they are). */
  const act = (label: string, action: () => Promise<string | null>) => {
    const begun = ++lastAction.current;
    latest.current++;
    setWorking(label);
    setFailure(null);
    setNotice(null);
    void action()
      .then((said) => setNotice(said))
      .catch((error: unknown) => setFailure(asFailure(error)))
      .then(load)
      .finally(() => {
        if (begun === lastAction.current) setWorking(null);
      });
  };

  const publish = (draft: ReadyDraft, choices: Record<string, 'live' | 'draft'> = {}) => {
    setDeciding(null);
    act(`Publishing ${draft.name}'s draft (merge, check, build, put live)…`, async () => {
      const answer = await publishApi.publish(
        draft,
        Object.entries(choices).map(([key, choice]) => ({ key, choice })),
      );
      if ('conflicts' in answer) {
        setDeciding({ draft, conflicts: answer.conflicts });
        return null;
      }
      if ('nothing' in answer) return `${draft.name}'s draft has nothing the live site does not have already.`;
      return `Published ${draft.name}'s draft as ${answer.published}: the live site shows it now.`;
    });
  };

  const schedule = (draft: ReadyDraft, at: string) =>
    act(`Checking and building ${draft.name}'s draft for ${isoInIndia(at)}…`, async () => {
      const set = await publishApi.schedule(draft, at);
      return `${draft.name}'s draft is scheduled for ${isoInIndia(set.at)}: it goes live then, exactly as reviewed.`;
    });
  const unschedule = (entry: ScheduledPublish) =>
    act('Cancelling the schedule…', async () => {
      await publishApi.unschedule(entry.id);
      return `The schedule of ${entry.name}'s draft for ${isoInIndia(entry.at)} is cancelled: nothing of it goes live.`;
    });

  if (!review) {
    return (
      <main className="ed-main ed-main--narrow">
        <h1>Review and publish</h1>
        {failure ? <FailureMessage failure={failure} /> : <p role="status">Loading the drafts ready for review…</p>}
      </main>
    );
  }

  const busy = working !== null || review.busy !== null || review.refusal !== null;
  return (
    <main className="ed-main ed-main--narrow">
      <h1>Review and publish</h1>
      <div role="status">
        {working ? <p>{working}</p> : null}
        {notice ? <p className="ed-notice">{notice}</p> : null}
        {!working && review.busy ? <p>Another publish is under way ({review.busy}).</p> : null}
      </div>
      <DateUpdateNote update={review.dateUpdate} />
      {failure ? <FailureMessage failure={failure} /> : null}
      {review.refusal && !failure ? <FailureMessage failure={new ApiFailure(409, review.refusal.error.replace(/^Nothing was published: /, 'Nothing can be published now: '), review.refusal.hint ?? undefined)} /> : null}

      {review.unfinished ? (
        <section aria-labelledby="unfinished-title">
          <h2 id="unfinished-title">The last publish is not live yet</h2>
          <p>
            {review.unfinished.what} is on main, but the live site did not take it. Nothing is lost: publish it again to put it live. Nothing
            else can be published before it.
          </p>
          <button type="button" className="ed-button ed-button--primary" disabled={busy} onClick={() => act('Publishing again…', async () => `Published as ${(await publishApi.again()).published}: the live site shows it now.`)}>
            Publish again
          </button>
        </section>
      ) : null}

      {review.dropped ? (
        <DroppedPublish
          dropped={review.dropped}
          ready={review.drafts.find((draft) => draft.draft === review.dropped?.draft && draft.problem === null)}
          disabled={busy}
          onPublish={(draft) => setConfirming(draft)}
          onRollBack={(tag) => setRollingBack(tag)}
          onDismiss={() =>
            act('Dismissing…', async () => {
              await publishApi.dismiss();
              return null;
            })
          }
        />
      ) : null}

      <section aria-labelledby="ready-title">
        <h2 id="ready-title">Ready for review</h2>
        {review.drafts.length === 0 ? <p>No draft is waiting: editors mark their draft &quot;Ready for review&quot; when it is.</p> : null}
        <ul className="ed-publish-list">
          {review.drafts.map((draft) => (
            <li key={draft.draft}>
              <h3>{draft.name}&apos;s draft</h3>
              {draft.problem ? (
                <FailureMessage failure={new ApiFailure(409, draft.problem.error, draft.problem.hint ?? undefined)} />
              ) : (
                <>
                  <p className="ed-help">
                    Ready since {when(draft.readyAt)}. {changeCount(draft)} on the live site
                    {draft.conflicts.length > 0 ? `; ${draft.conflicts.length === 1 ? 'one field was' : `${draft.conflicts.length} fields were`} also changed live since, and you choose which value goes live.` : '.'}
                  </p>
                  <NewOrigins origins={draft.origins} />
                  <DraftChanges draft={draft} />
                  <button type="button" className="ed-button ed-button--primary" disabled={busy} onClick={() => setConfirming(draft)}>
                    Publish {draft.name}&apos;s draft
                  </button>
                  {scheduledFor(review, draft) ? (
                    <ScheduledFor schedule={scheduledFor(review, draft)!} disabled={busy} onCancel={unschedule} />
                  ) : draft.conflicts.length === 0 ? (
                    <ScheduleForm draft={draft} now={review.now} disabled={busy} onSchedule={schedule} />
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      </section>

      <SchedulesList schedules={review.schedules} disabled={busy} onCancel={unschedule} />

      <section aria-labelledby="versions-title">
        <h2 id="versions-title">Published versions</h2>
        {review.versions.length === 0 ? <p>Nothing was published from the editor yet.</p> : null}
        <ul className="ed-publish-list">
          {review.versions.map((version) => (
            <li key={version.tag}>
              {version.fromEditor ? (
                <>
                  <strong>{version.tag}</strong>: {version.what}, by {version.by || 'someone'}, {when(version.at)}
                </>
              ) : (
                // Pushed with git by someone with access to the repository: never reviewed here, never put back from here.
                <>
                  <strong>{version.tag}</strong>: not published from the editor (nobody reviewed it here), {when(version.at)}
                </>
              )}
              {version.live ? (
                <strong> (live now)</strong>
              ) : !version.fromEditor ? null : (
                <>
                  {' '}
                  <button type="button" className="ed-button ed-button--small" disabled={busy} onClick={() => setRollingBack(version.tag)}>
                    Put {version.tag} back live
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>

      {deciding ? (
        <FieldConflictDialog draftName={`${deciding.draft.name}'s draft`} conflicts={deciding.conflicts} onClose={() => setDeciding(null)} onDecide={(choices) => publish(deciding.draft, choices)} />
      ) : null}
      {confirming ? (
        <ConfirmPublish
          draft={confirming}
          onCancel={() => setConfirming(null)}
          onPublish={() => {
            setConfirming(null);
            publish(confirming);
          }}
        />
      ) : null}
      {rollingBack ? (
        <Dialog title={`Put ${rollingBack} back live?`} role="alertdialog" onClose={() => setRollingBack(null)}>
          <p>
            The live site becomes exactly what it was as {rollingBack}. Everything published since stays in the site&apos;s history, and
            drafts are not changed.
          </p>
          <div className="ed-actions">
            <button type="button" className="ed-button" data-autofocus onClick={() => setRollingBack(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="ed-button ed-button--danger"
              onClick={() => {
                const tag = rollingBack;
                setRollingBack(null);
                act(`Putting ${tag} back live…`, async () => `${tag} is live again (recorded as ${(await publishApi.rollback(tag)).published}).`);
              }}
            >
              Put it back live
            </button>
          </div>
        </Dialog>
      ) : null}
    </main>
  );
}
