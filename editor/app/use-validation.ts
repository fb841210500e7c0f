/**
 * The page's errors while it is edited: after each change has rested VALIDATE_DELAY_MS, the dev
 * server checks the page as it would be saved (the validator of `npm run check`). A newer change
 * cancels the older request, so the errors shown are always the newest data's.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentError } from '../../src/content/errors';
import { api, asFailure, isAbort, type ApiFailure } from './api';
import type { Json } from '../protocol/api';

export const VALIDATE_DELAY_MS = 250;

export interface ValidationState {
  errors: readonly ContentError[];
  /** The errors the edit would cause in other files (ValidateResponse.elsewhere), or did cause (after a save). */
  elsewhere: readonly ContentError[];
  /** `elsewhere` is what the last save caused (the files have them now), not what a save would cause. */
  elsewhereSaved: boolean;
  /** A check is waiting or running: the errors shown may be out of date. */
  checking: boolean;
  /** The dev server could not check the page. */
  failure: ApiFailure | null;
  /** Of the site document: the header menu its newest valid draft makes (ValidateResponse.menu). */
  menu?: unknown;
  /** What is dated to look at in the page today (past dates, dates due for a check): warnings, never a reason to refuse a save. */
  warnings: readonly ContentError[];
}

export interface ShowOptions {
  /** The errors in other files that came with these (a validate or save answer's `elsewhere`). */
  elsewhere?: readonly ContentError[] | undefined;
  /** They come from a save: the other files have them now. */
  saved?: boolean;
  /** The page's warnings that came with them (the file as loaded); left as they were when not given. */
  warnings?: readonly ContentError[] | undefined;
}

export interface Validation extends ValidationState {
  /** A change: check it once the typing rests. */
  schedule: (data: Json) => void;
  /**
   * These errors, known otherwise (the file as loaded or saved; a save says what it broke in other
   * files); cancels any check under way.
   */
  show: (errors: readonly ContentError[], options?: ShowOptions) => void;
}

/** Starts with no errors: the page's own errors are shown (`show`) once it is loaded. */
export function useValidation(file: string): Validation {
  const [state, setState] = useState<ValidationState>({ errors: [], elsewhere: [], elsewhereSaved: false, checking: false, failure: null, warnings: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    running.current?.abort();
    running.current = null;
  }, []);

  const check = useCallback(
    async (data: Json) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      try {
        const result = await api.validate({ file, data }, controller.signal);
        if (controller.signal.aborted) return;
        // A draft with errors has no warnings checked: those it had stay shown until it has none.
        setState((previous) => ({ errors: result.errors, elsewhere: result.elsewhere ?? [], elsewhereSaved: false, checking: false, failure: null, menu: result.menu ?? previous.menu, warnings: result.warnings ?? previous.warnings }));
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        setState((previous) => ({ ...previous, checking: false, failure: asFailure(error) }));
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [file],
  );

  const schedule = useCallback(
    (data: Json) => {
      cancel();
      setState((previous) => (previous.checking ? previous : { ...previous, checking: true }));
      timer.current = setTimeout(() => void check(data), VALIDATE_DELAY_MS);
    },
    [cancel, check],
  );

  const show = useCallback(
    (errors: readonly ContentError[], { elsewhere = [], saved = false, warnings }: ShowOptions = {}) => {
      cancel();
      setState((previous) => ({ errors, elsewhere, elsewhereSaved: saved, checking: false, failure: null, menu: previous.menu, warnings: warnings ?? previous.warnings }));
    },
    [cancel],
  );

  useEffect(() => cancel, [cancel]);

  return { ...state, schedule, show };
}
