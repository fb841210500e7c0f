/**
 * The file changed on disk since the editor opened it: never overwritten silently. The editor chooses:
 * take the disk's version (losing the edits), compare the two, or write theirs over it.
 */
import { useState } from 'react';
import { Dialog } from './Dialog';
import { DiffView } from './DiffView';

interface ConflictDialogProps {
  file: string;
  /** The file as it is on disk now. */
  disk: string;
  /** The text a save would write. */
  mine: string;
  /** Opened by "Compare" on the banner: the differences are shown at once. */
  comparing?: boolean;
  /** Offered when there is a save to repeat (the dialog after a refused save). */
  onOverwrite?: (() => void) | undefined;
  onReload: () => void;
  onClose: () => void;
}

export function ConflictDialog({ file, disk, mine, comparing = false, onOverwrite, onReload, onClose }: ConflictDialogProps) {
  const [showDiff, setShowDiff] = useState(comparing);
  return (
    <Dialog title={`${file} changed on disk since you opened it`} role="alertdialog" onClose={onClose} wide>
      <p>
        Something else (a text editor, git, another editor window) changed this file while you were editing it. Nothing has been
        written yet. Choose which version to keep.
      </p>
      <div className="ed-actions ed-actions--start">
        <button type="button" className="ed-button" onClick={onReload}>
          Reload from disk (lose my changes)
        </button>
        <button type="button" className="ed-button" aria-expanded={showDiff} onClick={() => setShowDiff((value) => !value)} data-autofocus>
          {showDiff ? 'Hide comparison' : 'Compare'}
        </button>
        {onOverwrite ? (
          <button type="button" className="ed-button ed-button--danger" onClick={onOverwrite}>
            Overwrite with mine
          </button>
        ) : null}
      </div>
      {showDiff ? <DiffView disk={disk} mine={mine} /> : null}
    </Dialog>
  );
}

/** One field two people changed: each side's value, as the publisher compares them. */
export interface FieldConflictView {
  key: string;
  file: string;
  /** `meta.title`; '' for the whole page. */
  where: string;
  live: string | null;
  draft: string | null;
}

interface FieldConflictDialogProps {
  /** Whose draft is being published: "Ravi Editor's draft". */
  draftName: string;
  conflicts: readonly FieldConflictView[];
  /** Every conflict decided: the side chosen for each, by key. */
  onDecide: (choices: Record<string, 'live' | 'draft'>) => void;
  onClose: () => void;
}

/**
 * Publishing: the same field changed live and in the draft, both values side by side; the publisher
 * chooses one for each field, and nothing is published until every field is decided.
 */
export function FieldConflictDialog({ draftName, conflicts, onDecide, onClose }: FieldConflictDialogProps) {
  const [choices, setChoices] = useState<Record<string, 'live' | 'draft'>>({});
  const undecided = conflicts.filter((conflict) => !choices[conflict.key]).length;
  const value = (text: string | null) => (text === null ? <em>(removed)</em> : <pre className="ed-side__value">{text}</pre>);
  return (
    <Dialog title={`Both the live site and ${draftName} changed the same ${conflicts.length === 1 ? 'field' : 'fields'}`} role="alertdialog" onClose={onClose} wide>
      <p>
        Someone published a change to {conflicts.length === 1 ? 'this field' : 'these fields'} after the draft was started. Nothing has been
        published yet. Choose which value goes live for each; the other stays in the site&apos;s history.
      </p>
      {conflicts.map((conflict, index) => (
        <fieldset key={conflict.key} className="ed-field-conflict">
          <legend>
            {conflict.where === '' ? 'The whole page' : conflict.where} in {conflict.file}
          </legend>
          <div className="ed-sides">
            {(['live', 'draft'] as const).map((side) => (
              <label key={side} className="ed-side">
                <span className="ed-side__choice">
                  <input
                    type="radio"
                    name={`conflict-${index}`}
                    checked={choices[conflict.key] === side}
                    onChange={() => setChoices((previous) => ({ ...previous, [conflict.key]: side }))}
                    {...(index === 0 && side === 'live' ? { 'data-autofocus': true } : {})}
                  />{' '}
                  {side === 'live' ? 'Keep the live value' : `Take ${draftName}'s value`}
                </span>
                {value(side === 'live' ? conflict.live : conflict.draft)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="ed-actions">
        <button type="button" className="ed-button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="ed-button ed-button--primary" disabled={undecided > 0} onClick={() => onDecide(choices)}>
          {undecided > 0 ? `Publish (${undecided} to choose)` : 'Publish with these values'}
        </button>
      </div>
    </Dialog>
  );
}
