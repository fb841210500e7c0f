/** Saving a page with errors is allowed, after saying what it means; nothing is "fixed" behind the editor's back. */
import { Dialog } from './Dialog';
import { errorsText } from './ErrorCount';

interface SaveWarningDialogProps {
  count: number;
  /** Errors the change would cause in other files (a menu group a course names, an alias linked to). */
  elsewhere?: number;
  /** The site settings: while they have errors, the dev server shows them on every page instead of the page. */
  site?: boolean;
  onSaveAnyway: () => void;
  onKeepEditing: () => void;
}

export function SaveWarningDialog({ count, elsewhere = 0, site = false, onSaveAnyway, onKeepEditing }: SaveWarningDialogProps) {
  const inOtherFiles = `${errorsText(elsewhere).toLowerCase()} in other files`;
  const title = count > 0 ? (site ? 'Save the site settings with errors?' : 'Save a page with errors?') : 'Save a change that breaks other files?';
  return (
    <Dialog title={title} role="alertdialog" onClose={onKeepEditing}>
      <p>
        {count > 0 ? (
          <>
            {site ? 'The site settings have' : 'This page has'} {errorsText(count).toLowerCase()}
            {elsewhere > 0 ? `, and this change makes ${inOtherFiles}` : null}.
          </>
        ) : (
          `This change makes ${inOtherFiles} (listed above the form).`
        )}{' '}
        <code>npm run check</code> and the build refuse {elsewhere > 0 ? 'the site' : site ? 'them' : 'it'} until they are fixed.
        {site && count > 0 ? ' Every page of the site shows these mistakes until they are fixed.' : null} Save anyway?
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
