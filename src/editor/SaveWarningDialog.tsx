/** Saving a page with errors is allowed, after saying what it means; nothing is "fixed" behind the editor's back. */
import { Dialog } from './Dialog';
import { errorsText } from './ErrorCount';

interface SaveWarningDialogProps {
  count: number;
  onSaveAnyway: () => void;
  onKeepEditing: () => void;
}

export function SaveWarningDialog({ count, onSaveAnyway, onKeepEditing }: SaveWarningDialogProps) {
  return (
    <Dialog title="Save a page with errors?" role="alertdialog" onClose={onKeepEditing}>
      <p>
        This page has {errorsText(count).toLowerCase()}. <code>npm run check</code> and the build refuse it until they are fixed. Save
        anyway?
      </p>
      <div className="ed-actions">
        <button type="button" className="ed-button ed-button--primary" onClick={onKeepEditing} data-autofocus>
          Keep editing
        </button>
        <button type="button" className="ed-button" onClick={onSaveAnyway}>
          Save anyway
        </button>
      </div>
    </Dialog>
  );
}
