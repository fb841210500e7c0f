/**
 * The page's form, generated from its JSON Schema: meta's fields, then the sections. Every edit
 * calls onChange with the whole new document (made by immutable updates: the old one is untouched).
 * The validator's errors are shown at their fields; `#field-…` links and {@link revealField} open
 * and focus the field they name.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { statedFacts } from '../../../src/content/course-facts';
import { isRecord } from '../../../src/lib/is-record';
import type { Json } from '../../protocol/api';
import { fieldId, type PageFormProps } from './contract';
import { BranchesContext, FactsContext, type FormActions, type ListIds, type Revealer } from './context';
import { ErrorStore } from './errors';
import { Field } from './Field';
import { focusAndShow } from './focus';
import { deleteIn, formatPath, getIn, ROOT_PATH, setIn } from './paths';
import { Datalists, FormProviders } from './providers';
import { REVEAL_EVENT, SHOW_IN_PREVIEW_EVENT, type RevealDetail, type ShowInPreviewDetail } from './reveal';
import { useStableList } from './stable';
import { PhotoPrompts } from './photo-prompt';

/** The element of `id`, or of the nearest id above it (`field-sections-2-cards` for `field-sections-2-cards-0-title`). */
/** A form without the site's branches (a preview of a section alone) offers online only. */
const NO_BRANCHES: readonly string[] = [];

function nearestElement(root: HTMLElement, id: string): HTMLElement | null {
  let candidate = id;
  for (;;) {
    const element = root.ownerDocument.getElementById(candidate);
    if (element && root.contains(element)) return element;
    if (!candidate.includes('-', 'field-'.length)) return null;
    candidate = candidate.slice(0, candidate.lastIndexOf('-'));
  }
}

export function PageForm({ schema, value, onChange, errors, context }: PageFormProps) {
  const [store] = useState(() => {
    const created = new ErrorStore();
    created.update(errors, schema, value);
    return created;
  });
  useLayoutEffect(() => store.update(errors, schema, value), [store, errors, schema, value]);

  // The document as last written: two edits before React renders again build on each other.
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });

  const [prompts] = useState(() => new PhotoPrompts());
  const [said, setSaid] = useState({ message: '', count: 0 });
  const root = useRef<HTMLDivElement>(null);
  const actions = useMemo<FormActions>(() => {
    const write = (next: Json) => {
      latest.current.value = next;
      latest.current.onChange(next);
    };
    return {
      set: (path, next) => write(setIn(latest.current.value, path, next)),
      get: (path) => getIn(latest.current.value, path),
      remove: (path) => {
        const next = deleteIn(latest.current.value, path);
        if (next !== latest.current.value) write(next);
      },
      announce: (message) => setSaid((previous) => ({ message, count: previous.count + 1 })),
      show: (path) =>
        root.current?.dispatchEvent(new CustomEvent<ShowInPreviewDetail>(SHOW_IN_PREVIEW_EVENT, { bubbles: true, detail: { path: formatPath(path) } })),
    };
  }, []);

  // Stable values for what every field reads, whatever the caller passes on each render: a text
  // field must not re-render on each keystroke elsewhere because `context` is a new object.
  const latestUpload = useRef(context.upload);
  useLayoutEffect(() => {
    latestUpload.current = context.upload;
  });
  const upload = useCallback((file: File) => latestUpload.current(file), []);
  const baseId = useId();
  const lists = useMemo<ListIds>(() => ({ routes: `${baseId}routes`, images: `${baseId}images`, files: `${baseId}files` }), [baseId]);
  const routes = useStableList(context.routes);
  const images = useStableList(context.images);
  const files = useStableList(context.files);
  const sections = useStableList(context.sections);
  const branches = useStableList(context.branches ?? NO_BRANCHES);

  const showers = useRef(new Set<(id: string) => void>());
  const revealer = useMemo<Revealer>(
    () => ({
      listen: (show) => {
        showers.current.add(show);
        return () => showers.current.delete(show);
      },
    }),
    [],
  );
  const pendingFocus = useRef<string | null>(null);
  const [reveals, setReveals] = useState(0);

  useEffect(() => {
    const show = (id: string) => {
      for (const open of showers.current) open(id);
      pendingFocus.current = id;
      setReveals((count) => count + 1);
    };
    // A link to an error's field names the error's path; the field shown for it may be an ancestor.
    const onHash = () => {
      let id: string;
      try {
        id = decodeURIComponent(window.location.hash.slice(1));
      } catch {
        return; // a hash that is not ours (a stray %)
      }
      if (!id.startsWith('field-')) return;
      const reported = store.reportedPaths().find((entry) => fieldId(entry.path) === id);
      show(reported ? fieldId(reported.shownAt) : id);
    };
    const onReveal = (event: Event) => {
      const { path } = (event as CustomEvent<RevealDetail>).detail;
      show(fieldId(store.shownAt(path)));
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener(REVEAL_EVENT, onReveal);
    // An address that names a field (a link to an error, kept or shared) shows it once the form is there.
    onHash();
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener(REVEAL_EVENT, onReveal);
    };
  }, [store]);

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (!id || !root.current) return;
    pendingFocus.current = null;
    const element = nearestElement(root.current, id);
    if (element) focusAndShow(element, 'center');
  }, [reveals]);

  // The course's facts, stated once in meta › course: sections are named as a visitor reads their headings.
  const course = isRecord(value) && isRecord(value.meta) ? value.meta.course : undefined;
  const facts = useMemo(() => statedFacts({ meta: { course } }), [course]);

  return (
    <FormProviders actions={actions} errors={store} lists={lists} upload={upload} sections={sections} revealer={revealer} prompts={prompts}>
      <div className="ef-form" ref={root}>
        <div className="ef-sr" role="status" aria-live="polite">
          {/* A new element per message: a screen reader reads it even when the words repeat. */}
          <span key={said.count}>{said.message}</span>
        </div>
        <Datalists lists={lists} routes={routes} images={images} files={files} />
        {isRecord(value) ? (
          <FactsContext.Provider value={facts}>
            <BranchesContext.Provider value={branches}>
              <Field schema={schema} value={value} path={ROOT_PATH} label="Page" required />
            </BranchesContext.Provider>
          </FactsContext.Provider>
        ) : (
          <p className="ef-note" id={fieldId('(document)')} tabIndex={-1}>
            This page is not written as a set of fields (its search settings and its sections), so the form cannot show it. Edit it as text.
          </p>
        )}
      </div>
    </FormProviders>
  );
}
