/** Saving a page with errors is allowed, after saying what it means; nothing is "fixed" behind the editor's back. */
import { Dialog } from './Dialog';
import { errorsText } from './ErrorCount';

interface SaveWarningDialogProps {
  count: number;
  /** The site settings: while they have errors, the dev server shows them on every page instead of the page. */
  site?: boolean;
  onSaveAnyway: () => void;
  onKeepEditing: () => void;
}

export function SaveWarningDialog({ count, site = false, onSaveAnyway, onKeepEditing }: SaveWarningDialogProps) {
  return (
    <Dialog title={site ? 'Save the site settings with errors?' : 'Save a page with errors?'} role="alertdialog" onClose={onKeepEditing}>
      <p>
        {site ? 'The site settings have' : 'This page has'} {errorsText(count).toLowerCase()}. <code>npm run check</code> and the build
        refuse {site ? 'them' : 'it'} until they are fixed.
        {site ? ' Every page of the site shows these mistakes until they are fixed.' : null} Save anyway?
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
