/**
 * Every message a person reads, in ONE listing: the content's errors (src/content/error-codes.ts),
 * the build's (scripts/errors/build.ts), changing content files (scripts/errors/authoring.ts), and
 * the editor's, publishing's and the administrator's (editor/errors.ts). It lives in the editor wing
 * because only the editor may see every wing (the engine never imports the editor); `npm run codegen`
 * writes it into docs/errors.md (scripts/codegen/errors-doc.ts), and tests hold the codes unique and
 * the document up to date.
 */
import { CONTENT_ERRORS } from '../src/content/error-codes';
import { AUTHORING } from '../scripts/errors/authoring';
import { BUILD } from '../scripts/errors/build';
import type { ListedEntry } from '../scripts/errors/catalogue';
import { ADMIN, EDITOR, PUBLISH, SIGN_IN_REASONS } from './errors';
import { BROWSER_ERRORS } from './protocol/browser-errors';

/** Words may compute from their parameters (a list joined, a size in KB): a placeholder reads `{name}` as text, a list and a number alike. */
function placeholder(name: string): unknown {
  // A field's description is the hint of what zod finds in it.
  const text = name === 'about' ? "the field's own description" : `{${name}}`;
  const list = [text];
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === 'join' || key === 'toJSON' || key === 'toString' || key === 'valueOf') return () => text;
        if (key === 'map' || key === 'slice' || key === 'filter') return (...args: unknown[]) => (list[key] as (...a: unknown[]) => unknown).apply(list, args);
        if (key === 'length') return 1;
        // In words (`${x}`) it is its text; in arithmetic (`bytes / 1024`, `index + 1`) not a number, and the words are not shown.
        if (key === Symbol.toPrimitive) return (hint: string) => (hint === 'string' ? text : NaN);
        const method = (String.prototype as unknown as Record<PropertyKey, unknown>)[key];
        return typeof method === 'function' ? (method as (...a: unknown[]) => unknown).bind(text) : undefined;
      },
    },
  );
}

/** Words a placeholder could not stand in for (arithmetic on a number, a kind of value described). */
const UNSHOWN = /NaN|undefined|\[object|a block of keys/;

/** What the content's entries say, with `{parameter}` for what each error fills in; one line per case of a code. */
function contentEntries(): ListedEntry[] {
  return Object.entries(CONTENT_ERRORS).map(([code, entry]) => {
    const cases: readonly (string | undefined)[] = 'cases' in entry ? entry.cases : [undefined];
    const render = (words: unknown, which: string | undefined): string | undefined => {
      if (typeof words !== 'function') return words as string | undefined;
      const params = new Proxy({}, { get: (_target, key) => (key === 'case' ? which : typeof key === 'string' ? placeholder(key) : undefined) });
      try {
        const text = String((words as (params: unknown) => unknown)(params));
        return UNSHOWN.test(text) ? undefined : text;
      } catch {
        return undefined;
      }
    };
    const shown = (words: unknown) => [...new Set(cases.map((which) => render(words, which)).filter((text): text is string => text !== undefined))];
    const messages = shown(entry.message);
    const hints = shown(entry.hint);
    return {
      code,
      audience: 'content' as const,
      title: entry.title,
      ...('note' in entry ? { note: entry.note } : {}),
      message: messages.length > 0 ? messages.join(' / ') : entry.title,
      hint: hints.length > 0 ? hints.join(' / ') : 'The hint printed with the error names the values concerned (the fields, files or sizes allowed).',
    };
  });
}

/** The browser app's own words (editor/protocol/browser-errors.ts), with `{status}` for the HTTP status. */
const browserEntries = (): ListedEntry[] =>
  Object.entries(BROWSER_ERRORS).map(([code, { message, hint }]) => ({ code, audience: 'editor' as const, message: typeof message === 'function' ? message({ status: '{status}' as unknown as number }) : message, hint }));

export const ERROR_LISTING: readonly ListedEntry[] = [
  ...contentEntries(),
  ...BUILD.listed(),
  ...AUTHORING.listed(),
  ...EDITOR.listed(),
  // Each is the `{reason}` of EDITOR_SIGN_IN_REFUSED, whose hint says what to do.
  ...SIGN_IN_REASONS.listed().map((entry) => ({ ...entry, hint: 'The reason given in EDITOR_SIGN_IN_REFUSED: sign in again with your Google account.' })),
  ...browserEntries(),
  ...PUBLISH.listed(),
  ...ADMIN.listed(),
];
