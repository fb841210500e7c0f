/**
 * The page being edited: loaded from the dev server with what pickers and the preview need, its
 * unsaved edits brought back from a draft after a reload, and the version the edits start from.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { api, asFailure, type ApiFailure } from './api';
import { readDraft } from './draft-store';
import { sameJson } from './json';
import type { ContentResponse, Json, PageResponse } from '../protocol/api';
import { CONTENT_CHANGED_EVENT } from './use-disk-watch';

export interface Session {
  route: string;
  /** The version on disk the edits start from: a save names it. */
  version: string;
  /** The file's text at that version. */
  text: string;
  /** The data of the file on disk: what "no unsaved changes" means. */
  baseline: Json;
  /** What the form shows. */
  data: Json;
  /** false: the file is not YAML the editor can read (PageResponse.data null); only its errors are shown. */
  readable: boolean;
}

export function sessionOf(page: PageResponse): Session {
  return { route: page.route, version: page.version, text: page.text, baseline: page.data, data: page.data, readable: isPageData(page.data) };
}

/** Only a map of fields is a page the form can show (the server sends null for anything else). */
function isPageData(data: Json): boolean {
  return data !== null && typeof data === 'object' && !Array.isArray(data);
}

export interface Opened {
  page: PageResponse;
  /** A draft kept before a reload, brought back. */
  restored: boolean;
  /** What the form shows: the draft's data, or the file's. */
  data: Json;
}

interface PageSessionOptions {
  file: string;
  /** The page as loaded, once (its errors, whether a draft came back). */
  onOpened: (opened: Opened) => void;
}

export function usePageSession({ file, onOpened }: PageSessionOptions) {
  const [session, setSession] = useState<Session | null>(null);
  const [content, setContent] = useState<ContentResponse | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const opened = useEffectEvent(onOpened);

  useEffect(() => {
    let current = true;
    Promise.all([api.page(file), api.content()]).then(
      ([page, loadedContent]) => {
        if (!current) return;
        setContent(loadedContent);
        const draft = readDraft(file);
        const restored = draft !== null && isPageData(draft.data) && !sameJson(draft.data, page.data);
        // A draft of an older version keeps that version: saving it meets the conflict it is. It is
        // brought back even when the file on disk cannot be read now (git left it broken): the
        // edits are not lost, and a save shows what is on disk before writing over it.
        const session = restored ? { ...sessionOf(page), version: draft.version, data: draft.data, readable: true } : sessionOf(page);
        setSession(session);
        opened({ page, restored, data: session.data });
      },
      (error: unknown) => {
        if (current) setFailure(asFailure(error));
      },
    );
    return () => {
      current = false;
    };
  }, [file]);

  // A new page, image or file elsewhere: the pickers and the preview's sizes follow.
  useEffect(() => {
    const refresh = () => {
      api.content().then(setContent, () => {
        // Kept as it was: the pickers still work with what they know.
      });
    };
    window.addEventListener(CONTENT_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(CONTENT_CHANGED_EVENT, refresh);
  }, []);

  const edit = useCallback((data: Json) => setSession((previous) => previous && { ...previous, data }), []);

  /** Saved: the version moves on; edits made while saving stay unsaved. */
  const saved = useCallback(
    (data: Json, version: string, text: string) => setSession((previous) => previous && { ...previous, version, text, baseline: data }),
    [],
  );

  const replace = useCallback((page: PageResponse) => setSession(sessionOf(page)), []);

  const imageAdded = useCallback(
    (src: string) =>
      setContent((previous) => previous && (previous.images.includes(src) ? previous : { ...previous, images: [...previous.images, src].sort() })),
    [],
  );

  return { session, content, failure, edit, saved, replace, imageAdded };
}
