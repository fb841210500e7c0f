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
