/**
 * How the project's error catalogues are written and listed. Every message a person reads (an editor,
 * a publisher, the academy's administrator, a developer running the build) is an entry of a catalogue:
 * a stable code, the words of what happened (`message`) and of what to do (`hint`), and for a refusal
 * of the editor's API the HTTP status it is answered with. A call site names the code and its
 * parameters; the words are here, where they are read, reviewed and listed (docs/errors.md, made by
 * `npm run codegen`) together. Modelled on Astro's `errors-data.ts`, as src/content/error-codes.ts is.
 *
 * Why several files and one listing: the engine (src/, scripts/) never imports the editor (lint
 * `wings/imports`), and the editor's browser app imports nothing of Node. So each wing keeps its own
 * catalogue beside its code (content: src/content/error-codes.ts; the build: scripts/errors/build.ts;
 * changing content files, shared by `npm run new` and the editor: scripts/errors/authoring.ts; the
 * editor, publishing and the administrator's configuration: editor/errors.ts), and the editor wing,
 * which may see every wing, registers them all into ONE listing (editor/error-listing.ts) that docs and
 * tests read. This file imports nothing but the Refusal class, so any wing may use it.
 *
 * Codes are UPPER_SNAKE with their audience as prefix (BUILD_, EDITOR_, PUBLISH_, ADMIN_); content's
 * kebab-case codes (`broken-link`) are older and stay as they are, because editors and tools know them.
 * Words interpolate their parameters and compute nothing (a size comes formatted, a list joined), so
 * docs/errors.md can show each entry with its parameters as `{name}`.
 */
import { Refusal, type RefusalWords } from '../authoring/refusal';

/** Who reads an entry, the sections of docs/errors.md in this order. */
export const AUDIENCES = {
  content: 'Content: mistakes in pages/ (editors, `npm run check`, the editor)',
  build: 'Build: `npm run build` and `npm run check` refusing to run',
  editor: 'Editor: what the editor (in `npm run dev` and hosted) refuses, and why',
  publish: 'Publishing: what publishing and rolling back refuse',
  admin: "Administrator: the hosted editor's configuration (environment variables, editors.yaml)",
} as const;
export type Audience = keyof typeof AUDIENCES;

/** Words that may depend on the entry's parameters. */
export type Words<P> = string | ((params: P) => string);

export interface Entry<P = never> {
  /** What happened, in plain words (no stack trace, no code). */
  message: Words<P>;
  /** What to do about it. */
  hint?: Words<P>;
  /** A refusal of the editor's API: the HTTP status it is answered with. */
  status?: number;
}

type ParamsOf<W> = W extends (params: infer P) => string ? P : unknown;
/** The parameters of an entry: none, or one object (its message's and its hint's together). */
export type EntryParams<E> = E extends { message: infer M; hint?: infer H } ? ParamsOf<M> & ParamsOf<Exclude<H, undefined>> : unknown;
type ParamsArgument<E> = unknown extends EntryParams<E> ? [] : [params: EntryParams<E>];

function say<P>(words: Words<P> | undefined, params: P): string | undefined {
  return typeof words === 'function' ? words(params) : words;
}

/** One entry as the listing shows it: its code, audience and words with `{parameter}` placeholders. */
export interface ListedEntry {
  code: string;
  audience: Audience;
  /** A content error's short name, and a remark on when it is reported (docs/errors.md). */
  title?: string;
  note?: string;
  message: string;
  hint: string | undefined;
  status?: number | undefined;
}

/** A wing's catalogue: its entries, and what call sites make of them. */
export interface Catalogue<E extends Record<string, Entry<never>>> {
  audience: Audience;
  entries: E;
  /** The words of `code` with its parameters. An unknown code or wrong parameters do not compile. */
  words<C extends keyof E & string>(code: C, ...params: ParamsArgument<E[C]>): RefusalWords;
  /** Message and hint as one text, for a console (the administrator's terminal) or a plain-text page. */
  text<C extends keyof E & string>(code: C, ...params: ParamsArgument<E[C]>): string;
  /** A refusal of the editor's API, with the entry's status (400 when it has none) and `extra` beside its words. */
  refusal<C extends keyof E & string>(code: C, ...params: [...ParamsArgument<E[C]>, extra?: Record<string, unknown>]): Refusal;
  /** The entries with placeholders for their parameters, for docs/errors.md. */
  listed(): ListedEntry[];
}

/** A value that reads as `{name}` wherever words put it. */
function placeholders(): Record<string, string> {
  return new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? `{${name}}` : undefined) });
}

export function defineCatalogue<const E extends Record<string, Entry<never>>>(audience: Audience, entries: E): Catalogue<E> {
  const wordsOf = (code: string, params: unknown): RefusalWords => {
    const entry = entries[code] as Entry<unknown> | undefined;
    if (!entry) throw new Error(`No entry ${code} in the ${audience} catalogue.`);
    const hint = say(entry.hint, params);
    return { code, error: say(entry.message, params)!, ...(hint === undefined ? {} : { hint }) };
  };
  return {
    audience,
    entries,
    words: (code, ...[params]) => wordsOf(code, params),
    text: (code, ...[params]) => {
      const { error, hint } = wordsOf(code, params);
      return hint ? `${error} ${hint}` : error;
    },
    refusal: (code, ...args) => {
      const takesParams = typeof entries[code]?.message === 'function' || typeof entries[code]?.hint === 'function';
      const [params, extra] = takesParams ? [args[0], args[1]] : [undefined, args[0]];
      return new Refusal(entries[code]?.status ?? 400, wordsOf(code, params), extra ?? {});
    },
    listed: () =>
      Object.keys(entries).map((code) => {
        const { error, hint } = wordsOf(code, placeholders());
        return { code, audience, message: error, hint, status: entries[code]!.status };
      }),
  };
}
