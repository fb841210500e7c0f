/** What every field of the form reaches without props: the edits, the errors, the pickers' lists. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { StatedFacts } from '../../../src/content/course-facts';
import type { ContentError } from '../../../src/content/errors';
import type { Json } from '../../protocol/api';
import type { FormContext } from './contract';
import { ErrorStore } from './errors';
import { formatPath, type Path } from './paths';

export interface FormActions {
  /** Writes `next` at `path` (the form calls onChange with the whole new document). */
  set: (path: Path, next: Json) => void;
  /** The document's value at `path`, as last written. */
  get: (path: Path) => Json | undefined;
  /** Deletes the key, or takes the item out of its list, at `path`. */
  remove: (path: Path) => void;
  /** Says `message` in the form's live region (what a screen reader reads after a move or a removal). */
  announce: (message: string) => void;
  /** Asks for the part of the page at `path` to be shown in the preview (after an entry is added, moved or removed). */
  show: (path: Path) => void;
}

const noActions: FormActions = { set: () => {}, get: () => undefined, remove: () => {}, announce: () => {}, show: () => {} };

export const ActionsContext = createContext<FormActions>(noActions);
export const ErrorsContext = createContext<ErrorStore>(new ErrorStore());

/** The ids of the form's one datalist of each kind: stable, so text fields never re-render for them. */
export interface ListIds {
  routes: string;
  images: string;
  files: string;
}

export const ListsContext = createContext<ListIds>({ routes: '', images: '', files: '' });
export const UploadContext = createContext<FormContext['upload']>(() => Promise.reject(new Error('uploads are not available here')));
export const SectionTypesContext = createContext<FormContext['sections']>([]);
/** The cities of the site's branches: what a centre (a field of kind `branch`) is chosen among, with online. */
export const BranchesContext = createContext<readonly string[]>([]);

export function useBranches(): readonly string[] {
  return useContext(BranchesContext);
}

/** The course's facts the page states once (meta › course): a section whose heading names one ("{software}") is named by it. */
export const FactsContext = createContext<StatedFacts>({});

export function useFormActions(): FormActions {
  return useContext(ActionsContext);
}

export function useLists(): ListIds {
  return useContext(ListsContext);
}

export function useUpload(): FormContext['upload'] {
  return useContext(UploadContext);
}

export function useSectionTypes(): FormContext['sections'] {
  return useContext(SectionTypesContext);
}

/** The errors shown at the field of `path` (the same array while they do not change). */
export function useFieldErrors(path: Path): readonly ContentError[] {
  const store = useContext(ErrorsContext);
  const key = formatPath(path);
  return useSyncExternalStore(store.subscribe, () => store.errorsAt(key));
}

/** How many errors are shown at `path` or inside it. */
export function useErrorCount(path: Path): number {
  const store = useContext(ErrorsContext);
  const key = formatPath(path);
  return useSyncExternalStore(store.subscribe, () => store.countWithin(key));
}

export function useErrorStore(): ErrorStore {
  return useContext(ErrorsContext);
}

/**
 * Asks the parts of the form that hide fields (closed section panels) to show the one whose id is
 * given; PageForm then focuses it.
 */
export interface Revealer {
  listen: (show: (id: string) => void) => () => void;
}

export const RevealContext = createContext<Revealer>({ listen: () => () => {} });
