/**
 * Content errors are data: collected for every file, then printed together. What each code means and
 * how it is worded is in the catalogue (error-codes.ts); where it is, here (the file, line, column
 * and path that locate.ts finds), and how it is printed.
 */
import type { ContentErrorCode } from './error-codes';

export type { ContentErrorCode } from './error-codes';

export interface ContentError {
  code: ContentErrorCode;
  /** What is wrong, in plain words, without the location. */
  message: string;
  /** What to do about it. */
  hint?: string | undefined;
  /** Path of the file relative to the project, e.g. pages/etabs.yaml. */
  file: string;
  /** 1-based line and column of the offending node. */
  line: number;
  column: number;
  /** Path inside the document, e.g. sections[2].cards[0].duration. */
  path: string;
  /** A few source lines with a caret under the column. */
  frame?: string | undefined;
}

export type PathSegment = string | number;

/** `['sections', 2, 'cards', 0, 'duration']` → `sections[2].cards[0].duration`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out || '(document)';
}

/** A short code frame: the line before, the line, a caret under the column. */
export function codeFrame(source: string, line: number, column: number): string {
  const first = Math.max(1, line - 1);
  // Only the lines shown are cut out of the source (a file's errors each have a frame: splitting a long
  // file into lines for each would cost the file's length per error).
  const lines = linesOf(source, first, line);
  const width = String(line).length;
  const out: string[] = [];
  lines.forEach((text, index) => {
    const number = first + index;
    const marker = number === line ? '>' : ' ';
    out.push(`${marker} ${String(number).padStart(width)} | ${text}`);
  });
  out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  return out.join('\n');
}

/** Lines `from` to `to` (1-based, those that exist) of `source`, without their line breaks. */
function linesOf(source: string, from: number, to: number): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let number = 1; number <= to; number++) {
    const end = source.indexOf('\n', start);
    const stop = end === -1 ? source.length : end;
    if (number >= from) lines.push(source.slice(start, stop > start && source[stop - 1] === '\r' ? stop - 1 : stop));
    if (end === -1) break;
    start = end + 1;
  }
  return lines;
}

/** What an editor reads in the terminal. */
export function formatError(error: ContentError, { color = false }: { color?: boolean } = {}): string {
  const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
  const head = `${paint('1', `${error.file}:${error.line}:${error.column}`)}  ${paint('36', error.path)}  ${paint('2', `[${error.code}]`)}`;
  const lines = [head, `  ${paint('31', error.message)}`];
  if (error.hint) lines.push(`  ${paint('32', error.hint)}`);
  if (error.frame) lines.push(error.frame.replace(/^/gm, '  '));
  return lines.join('\n');
}

export function formatReport(errors: readonly ContentError[], options: { color?: boolean } = {}): string {
  const files = new Set(errors.map((error) => error.file)).size;
  const summary = `${errors.length} content ${errors.length === 1 ? 'error' : 'errors'} in ${files} ${files === 1 ? 'file' : 'files'}.`;
  return [...errors.map((error) => formatError(error, options)), summary].join('\n\n');
}

/** Levenshtein distance, for "did you mean" hints. */
export function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      const cost = a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** The closest candidate, if it is close enough to be a plausible typo. */
export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}
