/**
 * The page editor's top bar: back to the list, the page's title (the screen's heading) and route, a
 * link to the page itself, whether it is saved, Save (also Ctrl+S or ⌘S) and Delete.
 */
import { useRef } from 'react';
import { AppBar } from './AppBar';
import { useEditorMode } from './editor-mode';
import { useFocusWhenLost } from './focus-when-lost';
import { isPlainClick } from './links';
import { EDITOR_ROUTE } from '../protocol/api';

export type SaveStatus = 'saved' | 'unsaved' | 'saving';

const STATUS_TEXT: Record<SaveStatus, string> = { saved: 'Saved', unsaved: 'Unsaved changes', saving: 'Saving…' };

interface EditorHeaderProps {
  title: string;
  route?: string;
  file?: string;
  status?: SaveStatus | undefined;
  onBack: () => void;
  onSave?: (() => void) | undefined;
  onDelete?: () => void;
}

export function EditorHeader({ title, route, file, status, onBack, onSave, onDelete }: EditorHeaderProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(heading);
  // The hosted editor serves no site to view a page on: its preview is the one beside the form.
  const viewable = useEditorMode() === 'dev';
  return (
    <AppBar onHome={onBack}>
      <a
        className="ed-bar__back"
        href={EDITOR_ROUTE}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onBack();
        }}
      >
        ← All pages
      </a>
      <div className="ed-bar__page">
        <h1 className="ed-bar__title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {route ? (
          <p className="ed-bar__route">
            <code>{route}</code>
            {file ? <span className="ed-bar__file"> · {file}</span> : null}
            {viewable ? (
              <>
                {' · '}
                <a href={route} target="_blank" rel="noopener noreferrer">
                  View page <span className="ed-visually-hidden">(opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </p>
        ) : file ? (
          // A file that is not a page of its own (the site settings): which file it is.
          <p className="ed-bar__route">
            <code>{file}</code>
          </p>
        ) : null}
      </div>
      {status ? (
        <p className={`ed-bar__status ed-bar__status--${status}`} aria-live="off">
          {STATUS_TEXT[status]}
        </p>
      ) : null}
      <div className="ed-bar__actions">
        {onDelete ? (
          <button type="button" className="ed-button" onClick={onDelete}>
            Delete <span className="ed-visually-hidden">this page</span>
          </button>
        ) : null}
        {onSave ? (
          <button type="button" className="ed-button ed-button--primary" onClick={onSave} aria-keyshortcuts="Control+S Meta+S">
            Save
          </button>
        ) : null}
      </div>
    </AppBar>
  );
}
