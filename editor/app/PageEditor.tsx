/**
 * One page's editor: the generated form on the left, the live preview on the right, the errors of the
 * validator above the form. Saving warns first when the page has errors, never overwrites a file
 * changed on disk without asking, and keeps unsaved edits across reloads (draft-store.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, asFailure, type ApiFailure } from './api';
import { useAnnounce } from './announce';
import { ConflictDialog } from './ConflictDialog';
import { DeletePageDialog } from './DeletePageDialog';
import { DiskBanner } from './DiskBanner';
import { dropDraft, keepDraft } from './draft-store';
import { EditorHeader, type SaveStatus } from './EditorHeader';
import { ErrorSummary } from './ErrorSummary';
import { errorsText } from './ErrorCount';
import { FailureMessage } from './FailureMessage';
import { sectionIndexOf } from './focused-section';
import { PageForm } from './form';
import { SHOW_IN_PREVIEW_EVENT, type ShowInPreviewDetail } from './form/reveal';
import type { FormContext } from './form/contract';
import { pageNameOf, sameJson } from './json';
import { PreviewFrame } from './PreviewFrame';
import { SITE_DOCUMENT_FILE, type Json, type PageResponse, type SchemaResponse } from '../protocol/api';
import { SaveWarningDialog } from './SaveWarningDialog';
import { unreadableReason } from './unreadable';
import { TroubleBanner } from './TroubleBanner';
import { CONTENT_CHANGED_EVENT, useDiskWatch, type DiskTrouble } from './use-disk-watch';
import { useLeaveWarning, useSaveShortcut } from './use-keys-and-leaving';
import { usePageSession, type Opened } from './use-page-session';
import { useValidation } from './use-validation';

interface PageEditorProps {
  file: string;
  schema: SchemaResponse;
  onBack: () => void;
  /** Whether there are unsaved changes (the app asks before leaving). */
  onDirtyChange: (dirty: boolean) => void;
  onDeleted: (route: string) => void;
}

/** The home page: the site settings are previewed around it. */
const HOME_PAGE_FILE = 'pages/index.yaml';

/** The home page's data, for the preview of the site settings (none while it loads or when it cannot be read). */
function useHomePage(wanted: boolean): Json {
  const [home, setHome] = useState<Json>({});
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const load = () => {
      api.page(HOME_PAGE_FILE).then(
        (page) => {
          if (current && page.data !== null) setHome(page.data);
        },
        // Without the home page the preview still shows the header, menu and footer around nothing.
        () => undefined,
      );
    };
    load();
    // The home page saved meanwhile (in another tab, in a text editor): the preview shows it as it is now.
    window.addEventListener(CONTENT_CHANGED_EVENT, load);
    return () => {
      current = false;
      window.removeEventListener(CONTENT_CHANGED_EVENT, load);
    };
  }, [wanted]);
  return home;
}

type OpenDialog =
  | { kind: 'warning'; count: number; elsewhere: number; overwrite: boolean }
  | { kind: 'conflict'; disk: string; mine: string; comparing: boolean }
  | { kind: 'delete' };

export function PageEditor({ file, schema, onBack, onDirtyChange, onDeleted }: PageEditorProps) {
  const announce = useAnnounce();
  const validation = useValidation(file);
  /** The site settings (pages/_site.yaml), not a page: no sections, no delete, previewed around the home page. */
  const isSite = file === SITE_DOCUMENT_FILE;
  const home = useHomePage(isSite);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [saveFailure, setSaveFailure] = useState<ApiFailure | null>(null);
  /** The section the preview shows, asked for when the form's focus enters another section. */
  const [showSection, setShowSection] = useState<{ index: number } | null>(null);
  const focusedSection = useRef<number | null>(null);
  const formPane = useRef<HTMLElement>(null);
  /** Only a move into another section scrolls the preview: typing on in one leaves it where the editor put it. */
  const followFocus = useCallback((element: Element) => {
    const index = sectionIndexOf(element);
    if (index !== null && index !== focusedSection.current) setShowSection({ index });
    focusedSection.current = index;
  }, []);
  // An entry added, moved or removed: its section is shown, even when the focus was in it already.
  useEffect(() => {
    const pane = formPane.current;
    if (!pane) return;
    const onShow = (event: Event) => {
      const match = /^sections\[(\d+)\]/.exec((event as CustomEvent<ShowInPreviewDetail>).detail.path);
      if (!match) return;
      const index = Number(match[1]);
      focusedSection.current = index;
      setShowSection({ index });
    };
    pane.addEventListener(SHOW_IN_PREVIEW_EVENT, onShow);
    return () => pane.removeEventListener(SHOW_IN_PREVIEW_EVENT, onShow);
  });
  /** The file changed on disk while there are unsaved edits: the banner offers what to do. */
  const [diskChange, setDiskChange] = useState<PageResponse | null>(null);
  /** The file deleted on disk, or the dev server gone, while the page is open. */
  const [trouble, setTrouble] = useState<DiskTrouble | null>(null);

  const { show: showErrors, schedule: scheduleCheck } = validation;
  const onOpened = useCallback(
    ({ page, restored, data }: Opened) => {
      showErrors(page.errors, { warnings: page.warnings ?? [] });
      if (!restored) return;
      setNotice('Your unsaved changes were kept while the editor reloaded. Save them, or reload the page from disk to drop them.');
      // The errors shown are the draft's, not those of the file on disk.
      scheduleCheck(data);
    },
    [showErrors, scheduleCheck],
  );
  const { session, content, failure, edit, saved, replace, imageAdded } = usePageSession({ file, onOpened });

  const dirty = useMemo(() => session !== null && session.readable && !sameJson(session.data, session.baseline), [session]);
  const current = useRef({ session, saving: false });
  useEffect(() => {
    current.current = { session, saving };
  });

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // Unsaved edits outlive a reload of the editor; once saved (or undone) the draft goes.
  useEffect(() => {
    if (!session) return;
    if (dirty) keepDraft(file, { version: session.version, data: session.data });
    else dropDraft(file);
  }, [file, session, dirty]);

  useLeaveWarning(dirty);

  // A new count of errors is said aloud (once the checks after typing settle), as it is shown above the form.
  const elsewhereCount = validation.elsewhere.length;
  const errorsSaid = elsewhereCount > 0 ? `${errorsText(validation.errors.length)}, and ${errorsText(elsewhereCount).toLowerCase()} in other files` : errorsText(validation.errors.length);
  const said = useRef<string | null>(null);
  useEffect(() => {
    if (!session) return;
    if (said.current !== null && said.current !== errorsSaid) announce(errorsSaid);
    said.current = errorsSaid;
  }, [session, errorsSaid, announce]);

  const title = isSite ? 'Site settings' : session ? (pageNameOf(session.data) ?? session.route) : file;
  useEffect(() => {
    document.title = `${title} — CESA editor`;
  }, [title]);

  // A section moved with the focus in it (Alt+Arrow, Up, Down) is at another index now: the preview follows it.
  const editedData = session?.data;
  useEffect(() => {
    const active = document.activeElement;
    if (editedData !== undefined && active && formPane.current?.contains(active)) followFocus(active);
  }, [editedData, followFocus]);

  const onChange = useCallback(
    (next: Json) => {
      edit(next);
      scheduleCheck(next);
    },
    [edit, scheduleCheck],
  );

  /** The file as it is on disk replaces the edits (the editor chose so, or there were none). */
  const takeDiskVersion = (page: PageResponse) => {
    replace(page);
    showErrors(page.errors, { warnings: page.warnings ?? [] });
    dropDraft(file);
    setDiskChange(null);
    setDialog(null);
  };

  const reloadFromDisk = async () => {
    setReloading(true);
    try {
      takeDiskVersion(await api.page(file));
      setNotice('Reloaded from disk: the editor shows the file as it is now.');
      announce('Reloaded from disk');
    } catch (error) {
      setSaveFailure(asFailure(error));
    } finally {
      setReloading(false);
    }
  };

  const save = async ({ overwrite = false, confirmed = false } = {}) => {
    const editing = current.current.session;
    if (!editing || !editing.readable || current.current.saving) return;
    current.current.saving = true;
    setSaving(true);
    setDialog(null);
    setSaveFailure(null);
    const data = editing.data;
    try {
      if (!confirmed) {
        // The newest data's errors decide, not those of a check still under way.
        const check = await api.validate({ file, data });
        if (current.current.session?.data === data) showErrors(check.errors, { elsewhere: check.elsewhere, warnings: check.warnings });
        const elsewhere = check.elsewhere?.length ?? 0;
        if (check.errors.length > 0 || elsewhere > 0) {
          setDialog({ kind: 'warning', count: check.errors.length, elsewhere, overwrite });
          return;
        }
      }
      const result = await api.save({ file, data, version: editing.version, ...(overwrite ? { overwrite: true } : {}) });
      if ('conflict' in result) {
        setDialog({ kind: 'conflict', disk: result.conflict.text, mine: result.conflict.mine, comparing: false });
        announce(`Not saved: ${file} changed on disk`);
        return;
      }
      saved(data, result.saved.version, result.saved.text);
      setTrouble(null);
      if (current.current.session?.data === data) showErrors(result.saved.errors, { elsewhere: result.saved.elsewhere, saved: true });
      setDiskChange(null);
      setNotice(null);
      announce('Saved');
    } catch (error) {
      const failed = asFailure(error);
      setSaveFailure(failed);
      if (failed.status === 404) setTrouble('deleted');
      announce(`Not saved: ${failed.message}`);
    } finally {
      current.current.saving = false;
      setSaving(false);
    }
  };

  const compareWithDisk = async (page: PageResponse) => {
    const editing = current.current.session;
    if (!editing) return;
    try {
      const mine = await api.validate({ file, data: editing.data });
      setDialog({ kind: 'conflict', disk: page.text, mine: mine.text, comparing: true });
    } catch (error) {
      setSaveFailure(asFailure(error));
    }
  };

  useSaveShortcut(() => {
    // With a question open, the keys answer nothing: the dialog's buttons do.
    if (!dialog) void save();
  });

  useDiskWatch({
    file,
    version: session?.version ?? null,
    enabled: session !== null && !saving && !reloading,
    onTrouble: setTrouble,
    onChanged: (page) => {
      if (dirty) {
        setDiskChange(page);
        return;
      }
      takeDiskVersion(page);
      const message = `${file} changed on disk: the editor now shows the new version.`;
      setNotice(message);
      announce(message);
    },
  });

  const upload = useCallback(
    async (picked: File) => {
      try {
        const uploaded = await api.upload(picked);
        imageAdded(uploaded.src);
        return uploaded.src;
      } catch (error) {
        const failed = asFailure(error);
        throw new Error(failed.hint ? `${failed.message} ${failed.hint}` : failed.message);
      }
    },
    [imageAdded],
  );

  const context = useMemo<FormContext | null>(
    () =>
      content && {
        routes: content.routes,
        images: content.images,
        files: content.files,
        branches: content.branches,
        upload,
        sections: schema.sections,
      },
    [content, upload, schema.sections],
  );

  if (failure) {
    return (
      <>
        <EditorHeader title={file} onBack={onBack} />
        <main className="ed-main ed-main--narrow">
          <FailureMessage failure={failure} />
        </main>
      </>
    );
  }
  if (!session || !context) {
    return (
      <>
        <EditorHeader title={file} onBack={onBack} />
        <main className="ed-main ed-main--narrow">
          <p role="status">Opening {file}…</p>
        </main>
      </>
    );
  }

  const status: SaveStatus = saving ? 'saving' : dirty ? 'unsaved' : 'saved';

  return (
    <>
      <EditorHeader
        title={title}
        route={isSite ? undefined : session.route}
        file={file}
        status={session.readable ? status : undefined}
        onBack={onBack}
        onSave={session.readable ? () => void save() : undefined}
        onDelete={isSite ? undefined : () => setDialog({ kind: 'delete' })}
      />
      {/* Named apart from the main landmark of the site the preview shows. */}
      <main className="ed-main ed-split" aria-label="Form and preview">
        <section className="ed-split__form" aria-label={isSite ? 'Site settings form' : 'Page form'} ref={formPane} onFocus={(event) => followFocus(event.target)}>
          {notice ? <p className="ed-notice">{notice}</p> : null}
          {saveFailure ? <FailureMessage failure={saveFailure} /> : null}
          {trouble ? (
            <TroubleBanner file={file} trouble={trouble} onSaveAgain={() => void save({ overwrite: true })} onBack={onBack} />
          ) : null}
          {diskChange && dirty ? (
            <DiskBanner
              file={file}
              onReload={() => void reloadFromDisk()}
              onCompare={() => void compareWithDisk(diskChange)}
              onOverwrite={() => void save({ overwrite: true })}
            />
          ) : null}
          <ErrorSummary
            errors={validation.errors}
            warnings={validation.warnings}
            elsewhere={validation.elsewhere}
            elsewhereSaved={validation.elsewhereSaved}
            checking={validation.checking}
            failure={validation.failure}
            linked={session.readable}
          />
          {session.readable ? (
            <PageForm schema={isSite ? schema.site : schema.page} value={session.data} onChange={onChange} errors={validation.errors} context={context} />
          ) : (
            <div className="ed-unreadable">
              <p>
                The form cannot show this file: {unreadableReason(validation.errors)}. Nothing is written to it from here. Correct it
                in a text editor (the errors above say where); the editor shows the page as soon as the file is fixed.
              </p>
              <pre className="ed-source" tabIndex={0} aria-label={`The text of ${file}`}>
                {session.text}
              </pre>
            </div>
          )}
        </section>
        <section className="ed-split__preview" aria-label="Preview">
          {!session.readable ? null : isSite ? (
            <PreviewFrame route="/" data={home} site={session.data} menu={validation.menu} />
          ) : (
            <PreviewFrame route={session.route} data={session.data} showSection={showSection} />
          )}
        </section>
      </main>
      {dialog?.kind === 'warning' ? (
        <SaveWarningDialog
          count={dialog.count}
          elsewhere={dialog.elsewhere}
          site={isSite}
          onKeepEditing={() => setDialog(null)}
          onSaveAnyway={() => void save({ overwrite: dialog.overwrite, confirmed: true })}
        />
      ) : null}
      {dialog?.kind === 'conflict' ? (
        <ConflictDialog
          file={file}
          disk={dialog.disk}
          mine={dialog.mine}
          comparing={dialog.comparing}
          onReload={() => void reloadFromDisk()}
          // After a refused save the error warning was already answered; from the banner's Compare it was not.
          onOverwrite={() => void save({ overwrite: true, confirmed: !dialog.comparing })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeletePageDialog
          page={{ file, route: session.route, title }}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            dropDraft(file);
            onDeleted(session.route);
          }}
        />
      ) : null}
    </>
  );
}
