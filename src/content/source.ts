/**
 * What a content file must be before it is parsed: UTF-8 text of a sensible size and depth, with no
 * characters that would publish something other than what the editor sees in their editor.
 * Every check here is a single linear pass, so no file can stall the build.
 */
import { problem, type Problem } from './error-codes';
import { codeFrame, type ContentError } from './errors';

/** A page is 5–20 KB of YAML; a file fifty times larger is a mistake (a pasted export, a binary). */
export const MAX_SOURCE_BYTES = 1024 * 1024;
/** Deeper nesting than any page needs; deep enough nesting makes a YAML parser overflow its stack. */
export const MAX_DEPTH = 64;

export type Decoded = { ok: true; text: string } | { ok: false; error: ContentError };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Bytes read from disk → the file's text, or the located reason it cannot be read as UTF-8. */
export function decodeSource(file: string, bytes: Uint8Array): Decoded {
  const fail = (found: Problem, line = 1, column = 1, text?: string): Decoded => ({
    ok: false,
    error: { ...found, file, line, column, path: '(document)', frame: text === undefined ? undefined : codeFrame(text, line, column) },
  });
  if (bytes.length > MAX_SOURCE_BYTES) {
    return fail(problem('file-too-large', { bytes: bytes.length, maxBytes: MAX_SOURCE_BYTES }));
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fail(problem('not-utf8', { case: 'utf-16' }));
  }
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    // Decode what comes before the bad byte to find its line and column.
    const before = new TextDecoder('utf-8').decode(bytes.subarray(0, bad));
    const { line, column } = lineColumnAt(before, before.length);
    return fail(problem('not-utf8', { case: 'bad-byte', byte: bytes[bad] ?? 0 }), line, column, before + '\n');
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0) return index;
    for (let next = 1; next < length; next++) {
      const continuation = bytes[index + next];
      if (continuation === undefined || (continuation & 0xc0) !== 0x80) return index;
    }
    // Overlong forms and surrogates are invalid too; the strict decoder has the last word.
    try {
      utf8.decode(bytes.subarray(index, index + length));
    } catch {
      return index;
    }
    index += length;
  }
  return bytes.length;
}

export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Characters that are invisible or that change how the text around them reads: control characters
 * (a NUL, a stray escape), the replacement character (text that was already garbled before it was
 * pasted), and the bidirectional overrides that can make text read differently from what it says.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd\u202a-\u202e\u2066-\u2069]/;

/** Checks on the decoded text: hidden characters and nesting depth. One pass each. */
export function checkText(file: string, text: string): ContentError[] {
  const errors: ContentError[] = [];
  const hidden = HIDDEN.exec(text);
  if (hidden) {
    const { line, column } = lineColumnAt(text, hidden.index);
    errors.push({
      ...problem('hidden-character', { char: hidden[0] }),
      file,
      line,
      column,
      path: '(document)',
      frame: codeFrame(text, line, column),
    });
  }
  const deep = tooDeep(text);
  if (deep !== undefined) {
    const { line, column } = lineColumnAt(text, deep);
    errors.push({
      ...problem('too-deep', { maxDepth: MAX_DEPTH }),
      file,
      line,
      column,
      path: '(document)',
      frame: codeFrame(text, line, column),
    });
  }
  return errors;
}

/** More spaces than MAX_DEPTH * 4 levels of two (a generous four each): after a line feed, or at the file's start. */
const DEEP_INDENT = ' '.repeat(MAX_DEPTH * 4 + 1);

/**
 * Offset where the nesting first goes deeper than MAX_DEPTH, counting brackets and indentation
 * (more than four spaces a level: two is the usual style). Brackets inside quoted text are counted
 * too: a page with 64 nested brackets in its text is not a page anyone writes, so the approximation
 * costs nothing. Found by searching, not by reading every character: for a page of 18 KB, 10 µs
 * against 90 µs (a file with more opening brackets than MAX_DEPTH has them walked one by one).
 */
function tooDeep(text: string): number | undefined {
  const deepLine = deepLineStart(text);
  const byIndent = deepLine === undefined ? undefined : deepLine + MAX_DEPTH * 4;
  const byBrackets = count(text, '[') + count(text, '{') > MAX_DEPTH ? tooManyBrackets(text) : undefined;
  return byIndent === undefined ? byBrackets : byBrackets === undefined ? byIndent : Math.min(byIndent, byBrackets);
}

/** Where the first line indented by DEEP_INDENT or more starts. */
function deepLineStart(text: string): number | undefined {
  if (text.startsWith(DEEP_INDENT)) return 0;
  const feed = text.indexOf(`\n${DEEP_INDENT}`);
  return feed === -1 ? undefined : feed + 1;
}

/** How many times `char` occurs in `text`. */
function count(text: string, char: string): number {
  let found = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) found++;
  return found;
}

/** Offset of the opening bracket that nests deeper than MAX_DEPTH; the brackets alone are visited. */
function tooManyBrackets(text: string): number | undefined {
  let depth = 0;
  for (const { index } of text.matchAll(/[[\]{}]/g)) {
    const char = text.charCodeAt(index);
    if (char === 91 || char === 123) {
      if (++depth > MAX_DEPTH) return index;
    } else if (depth > 0) depth--;
  }
  return undefined;
}
