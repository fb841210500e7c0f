/**
 * docs/errors.md: every message a person reads, by audience, each with its code, its words and what to
 * do, made from the ONE listing of the catalogues (editor/error-listing.ts, handed in by the command
 * commands/codegen.ts: this library is the engine's and never imports the editor). Committed, and
 * checked against the catalogues by tests/errors/catalogue.test.ts: run `npm run codegen` after
 * changing an entry.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIENCES, type Audience, type ListedEntry } from '../errors/catalogue';

export const ERRORS_DOC = 'docs/errors.md';

/** Markdown's inline code, and text in which `{name}` stands for what each error fills in. */
const escaped = (text: string) => text.replace(/\n/g, ' ').replace(/([*_<>|])/g, '\\$1');

function entryText(entry: ListedEntry): string {
  const head = `- \`${entry.code}\`${entry.title ? ` **${entry.title}.**` : ''}${entry.note ? ` ${escaped(entry.note)}` : ''}${entry.status ? ` (HTTP ${entry.status})` : ''}`;
  const lines = [head, `  - What happened: ${escaped(entry.message)}`];
  if (entry.hint) lines.push(`  - What to do: ${escaped(entry.hint)}`);
  return lines.join('\n');
}

export function errorsMarkdown(listing: readonly ListedEntry[]): string {
  const sections = (Object.keys(AUDIENCES) as Audience[]).map((audience) => {
    const entries = listing.filter((entry) => entry.audience === audience);
    return `## ${AUDIENCES[audience]}\n\n${entries.length} codes.\n\n${entries.map(entryText).join('\n')}\n`;
  });
  return [
    '# Errors: every message, its code and what to do',
    '',
    '<!-- Made by `npm run codegen` from the catalogues (src/content/error-codes.ts, scripts/errors/, editor/errors.ts): do not edit by hand. -->',
    '',
    `${listing.length} codes. A message names its code beside its words (the content check prints \`[broken-link]\`; the editor's`,
    "API answers with `code`), so a person who reads one can find it here. `{name}` stands for what the message fills in:",
    'a file, an address, a size.',
    '',
    ...sections,
  ].join('\n');
}

/** Whether docs/errors.md differs from what the listing makes (`npm run check` says so). */
export function errorsDocStale(root: string, listing: readonly ListedEntry[]): boolean {
  const file = path.join(root, ERRORS_DOC);
  return !existsSync(file) || readFileSync(file, 'utf8') !== errorsMarkdown(listing);
}

/** Writes docs/errors.md if it differs; whether it changed. */
export function writeErrorsDoc(root: string, listing: readonly ListedEntry[]): boolean {
  const file = path.join(root, ERRORS_DOC);
  const text = errorsMarkdown(listing);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return true;
}
