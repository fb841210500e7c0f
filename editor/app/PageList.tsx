/**
 * The first screen: every page, searchable by title and route, each a link to its editor; a new page
 * from a template or a copy; a delete that asks first.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { api, asFailure, type ApiFailure } from './api';
import { useAnnounce } from './announce';
import { AppBar } from './AppBar';
import { useFocusWhenLost } from './focus-when-lost';
import { DeletePageDialog } from './DeletePageDialog';
import { ErrorCount, WarningCount } from './ErrorCount';
import { FailureMessage } from './FailureMessage';
import { isPlainClick } from './links';
import { addressOf } from './location';
import { NewPageDialog } from './NewPageDialog';
import { SITE_DOCUMENT_FILE, type PageListEntry, type SchemaResponse } from '../protocol/api';
import { filterPages } from './search';

interface PageListProps {
  templates: SchemaResponse['templates'];
  /** What just happened, said once at the top ("Deleted /etabs."). */
  notice: string | null;
  onOpen: (file: string) => void;
  onCreated: (file: string) => void;
}

export function PageList({ templates, notice: initialNotice, onOpen, onCreated }: PageListProps) {
  const [pages, setPages] = useState<PageListEntry[] | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PageListEntry | null>(null);
  const [notice, setNotice] = useState(initialNotice);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(heading);
  const announce = useAnnounce();
  const searchHelpId = useId();

  /** Counts the list's loads: a delete asks for the list again. */
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    api.pages().then(
      (list) => {
        if (!current) return;
        setPages(list);
        setFailure(null);
      },
      (error: unknown) => {
        if (current) setFailure(asFailure(error));
      },
    );
    return () => {
      current = false;
    };
  }, [generation]);

  useEffect(() => {
    document.title = 'Pages — CESA editor';
  }, []);

  // A notice brought from another screen (a page deleted in its editor) is read out once.
  useEffect(() => {
    if (initialNotice) announce(initialNotice);
  }, [initialNotice, announce]);

  const onDeleted = (page: PageListEntry) => {
    setDeleting(null);
    const message = `Deleted ${page.route} (${page.file}).`;
    setNotice(message);
    announce(message);
    setGeneration((value) => value + 1);
    // The row and its button are gone: focus goes to the message that says why.
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  const shown = pages ? filterPages(pages, query) : [];

  return (
    <>
      <AppBar onHome={() => setQuery('')} />
      <main className="ed-main ed-main--narrow">
        <div className="ed-list-head">
          <h1 ref={heading} tabIndex={-1}>
            Pages
          </h1>
          <button type="button" className="ed-button ed-button--primary" onClick={() => setCreating(true)}>
            New page
          </button>
        </div>
        <p className="ed-site-link">
          <a
            href={addressOf(SITE_DOCUMENT_FILE)}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onOpen(SITE_DOCUMENT_FILE);
            }}
          >
            Site settings — contact, branches, menu, footer
          </a>
        </p>
        {notice ? (
          <p className="ed-notice" ref={noticeRef} tabIndex={-1}>
            {notice}
          </p>
        ) : null}
        <div className="ed-search">
          <label htmlFor="ed-search">Search pages</label>
          <input
            id="ed-search"
            type="search"
            className="ed-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-describedby={searchHelpId}
            autoComplete="off"
          />
          <p id={searchHelpId} className="ed-help">
            By name or address, e.g. “etabs” or “/faculty”.
          </p>
        </div>
        {failure ? <FailureMessage failure={failure} /> : null}
        {pages === null && !failure ? <p role="status">Loading pages…</p> : null}
        {pages ? (
          <nav aria-label="Pages">
            <p className="ed-count" role="status">
              {shown.length === pages.length ? `${pages.length} pages` : `${shown.length} of ${pages.length} pages match “${query}”`}
            </p>
            {shown.length > 0 ? (
              <table className="ed-table">
                <thead>
                  <tr>
                    <th scope="col">Page</th>
                    <th scope="col">Address</th>
                    <th scope="col">Errors</th>
                    <th scope="col">
                      <span className="ed-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((page) => (
                    <tr key={page.file}>
                      <td>
                        <a
                          href={addressOf(page.file)}
                          onClick={(event) => {
                            if (!isPlainClick(event)) return;
                            event.preventDefault();
                            onOpen(page.file);
                          }}
                        >
                          {page.name ?? page.title}
                        </a>
                        {page.drafts && page.drafts.length > 0 ? <span className="ed-drafts">Changed in a draft by {page.drafts.join(', ')}</span> : null}
                      </td>
                      <td>
                        <code>{page.route}</code>
                      </td>
                      <td>
                        <ErrorCount count={page.errors} /> <WarningCount count={page.warnings ?? 0} />
                      </td>
                      <td className="ed-table__actions">
                        <button
                          type="button"
                          className="ed-button ed-button--small"
                          aria-label={`Delete ${page.route}`}
                          onClick={() => setDeleting(page)}
                        >
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>No page matches. Try fewer letters, or part of the route.</p>
            )}
          </nav>
        ) : null}
      </main>
      {creating ? (
        <NewPageDialog
          templates={templates}
          pages={pages ?? []}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            onCreated(created.file);
          }}
        />
      ) : null}
      {deleting ? (
        <DeletePageDialog
          page={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => onDeleted(deleting)}
        />
      ) : null}
    </>
  );
}
