/**
 * Above the form when the file or the dev server went away while the page is open: what happened,
 * that the edits on screen are not lost, and what to do.
 */
import type { DiskTrouble } from './use-disk-watch';
import { useEditorMode } from './editor-mode';
import { unreachable } from '../protocol/browser-errors';

interface TroubleBannerProps {
  file: string;
  trouble: DiskTrouble;
  /** Writes the version on screen as the file again (deleted only). */
  onSaveAgain: () => void;
  onBack: () => void;
}

export function TroubleBanner({ file, trouble, onSaveAgain, onBack }: TroubleBannerProps) {
  const mode = useEditorMode();
  if (trouble === 'unreachable') {
    const { message, hint } = unreachable(mode);
    return (
      <div className="ed-banner" role="alert">
        <p>
          <strong>{message}</strong> {hint}
        </p>
      </div>
    );
  }
  return (
    <div className="ed-banner" role="alert">
      <p>
        <strong>{file} was deleted on disk</strong> (by git, or in another program). The page on screen is still here: save it to
        write the file again, or go back to the list of pages.
      </p>
      <div className="ed-actions ed-actions--start">
        <button type="button" className="ed-button" onClick={onSaveAgain}>
          Save it again as {file}
        </button>
        <button type="button" className="ed-button" onClick={onBack}>
          Back to all pages
        </button>
      </div>
    </div>
  );
}
