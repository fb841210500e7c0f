/**
 * Deleting a page asks first: it names the page, lists the pages that link to it (their links break),
 * and deletes only on the button that names the route.
 */
import { useEffect, useState } from 'react';
import { api, asFailure, type ApiFailure } from './api';
import { Dialog } from './Dialog';
import { FailureMessage } from './FailureMessage';

interface DeletePageDialogProps {
  page: { file: string; route: string; title: string };
  onClose: () => void;
  onDeleted: () => void;
}

interface Before {
  /** The version the delete names: a file changed since is not deleted unseen. */
  version: string;
  linkedFrom: string[];
}

export function DeletePageDialog({ page, onClose, onDeleted }: DeletePageDialogProps) {
  const [before, setBefore] = useState<Before | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    Promise.all([api.page(page.file), api.links(page.route)]).then(
      ([opened, links]) => {
        if (current) setBefore({ version: opened.version, linkedFrom: links.files });
      },
      (error: unknown) => {
        if (current) setFailure(asFailure(error));
      },
    );
    return () => {
      current = false;
    };
  }, [page.file, page.route]);

  const remove = async () => {
    if (!before || busy) return;
    setBusy(true);
    try {
      await api.delete({ file: page.file, version: before.version });
      onDeleted();
    } catch (error) {
      setFailure(asFailure(error));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Delete ${page.route}?`} role="alertdialog" onClose={onClose}>
      <p>
        The page “{page.title}” (<code>{page.route}</code>) and its file <code>{page.file}</code> will be deleted. This cannot be undone
        here (git still has it).
      </p>
      {before === null && !failure ? <p role="status">Looking for pages that link to it…</p> : null}
      {before && before.linkedFrom.length > 0 ? (
        <div className="ed-warning">
          <p>
            {before.linkedFrom.length === 1 ? 'This page links' : `These ${before.linkedFrom.length} pages link`} to {page.route}; their
            links will be broken and <code>npm run check</code> will refuse them until they are changed:
          </p>
          <ul>
            {before.linkedFrom.map((file) => (
              <li key={file}>
                <code>{file}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {before && before.linkedFrom.length === 0 ? <p>No page links to it.</p> : null}
      {failure ? <FailureMessage failure={failure} /> : null}
      <div className="ed-actions">
        <button type="button" className="ed-button" onClick={onClose} data-autofocus>
          Cancel
        </button>
        {/* While deleting: aria-disabled, not disabled, which would drop the focus to <body> if the delete is refused. */}
        <button type="button" className="ed-button ed-button--danger" onClick={() => void remove()} disabled={!before} aria-disabled={busy || undefined}>
          {busy ? 'Deleting…' : `Delete ${page.route}`}
        </button>
      </div>
    </Dialog>
  );
}
