/** Above the form when the file changed on disk while there are unsaved edits: what to do about it. */
interface DiskBannerProps {
  file: string;
  onReload: () => void;
  onCompare: () => void;
  onOverwrite: () => void;
}

export function DiskBanner({ file, onReload, onCompare, onOverwrite }: DiskBannerProps) {
  return (
    <div className="ed-banner" role="alert">
      <p>
        <strong>{file} changed on disk since you opened it.</strong> Your changes are not saved yet.
      </p>
      <div className="ed-actions ed-actions--start">
        <button type="button" className="ed-button" onClick={onReload}>
          Reload from disk (lose my changes)
        </button>
        <button type="button" className="ed-button" onClick={onCompare}>
          Compare
        </button>
        <button type="button" className="ed-button ed-button--danger" onClick={onOverwrite}>
          Overwrite with mine
        </button>
      </div>
    </div>
  );
}
