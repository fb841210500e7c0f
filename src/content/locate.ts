/**
 * Where an error is: a path inside a document, or an offset in its text, → the file's line and column,
 * the path as the editor wrote it, and a code frame. Read from the `yaml` document's nodes and its
 * `LineCounter`, never guessed from the text. What the error says comes from the catalogue
 * (error-codes.ts); this file only places it.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import type { Problem } from './error-codes';
import { codeFrame, formatPath, type ContentError, type PathSegment } from './errors';

/** Places an error at a path inside one file (used by the checks after validation, such as broken links). */
export type Locator = (path: readonly PathSegment[], problem: Problem) => ContentError;

/** A file parsed with positions. */
export interface Positions {
  file: string;
  source: string;
  doc: Document;
  lineCounter: LineCounter;
}

export function parseWithPositions(file: string, source: string): Positions {
  const lineCounter = new LineCounter();
  return { file, source, doc: parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
}

/** The error at a character offset, with the document path given. */
export function locateAtOffset({ file, source, lineCounter }: Positions, offset: number, path: readonly PathSegment[], problem: Problem): ContentError {
  const { line, col } = lineCounter.linePos(offset);
  return { ...problem, file, line, column: col, frame: codeFrame(source, line, col), path: formatPath(path) };
}

/** An error about a whole file that is not read as a document (a link, a stray file, a missing one): at its start. */
export function locateFile(file: string, problem: Problem): ContentError {
  return { ...problem, file, line: 1, column: 1, path: '(document)' };
}

export function locator(positions: Positions): Locator {
  return (path, problem) => locateAtOffset(positions, offsetOf(positions.doc, path), writtenPath(positions.doc, path), problem);
}

/** A locator that parses the file with positions only if a later check (a broken link, a missing image) needs it. */
export function lazyLocator(file: string, readSource: () => string): Locator {
  let located: Locator | undefined;
  return (...args) => {
    located ??= locator(parseWithPositions(file, readSource()));
    return located(...args);
  };
}

/** Character offset of the node at `path`; for a path that does not exist, its nearest existing parent. */
function offsetOf(doc: Document, path: readonly PathSegment[]): number {
  for (let length = path.length; length >= 0; length--) {
    const node = doc.getIn(path.slice(0, length), true) as Node | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) {
      // A value in a map: point at its key (for a missing field, the key of the block it is missing from).
      if (length > 0) {
        const parent = doc.getIn(path.slice(0, length - 1), true);
        const key = path[length - 1];
        if (isMap(parent)) {
          const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === key);
          if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
        }
      }
      return node.range[0];
    }
  }
  return doc.contents?.range?.[0] ?? 0;
}

/**
 * The part of a path that exists in the file. Later checks walk normalised values, where a shorthand
 * (`image: /a.svg`) has become `{ src: /a.svg }`; the editor should see the path they wrote.
 */
function writtenPath(doc: Document, path: readonly PathSegment[]): readonly PathSegment[] {
  for (let length = path.length; length > 0; length--) {
    const prefix = path.slice(0, length);
    if (doc.hasIn(prefix)) return isScalar(doc.getIn(prefix, true)) ? prefix : path;
  }
  return path;
}

/** A quote or bracket left open, where it opens. */
export type Unclosed = { offset: number } & ({ quote: '"' | "'" } | { opener: '[' | '{' });

/**
 * A quote or bracket left open: the parser notices only where the file (or the block) ends, which
 * is not where the mistake is. Point at the opening one instead.
 */
export function unclosedAt(doc: Document, errorOffset: number): Unclosed | undefined {
  let found: Unclosed | undefined;
  visit(doc, {
    Node(_, node) {
      const range = node.range;
      if (!range || range[0] >= errorOffset || range[1] < errorOffset) return;
      if (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')) {
        found = { offset: range[0], quote: node.type === 'QUOTE_DOUBLE' ? '"' : "'" };
      } else if ((isSeq(node) || isMap(node)) && node.flow && range[1] === errorOffset) {
        found = { offset: range[0], opener: isSeq(node) ? '[' : '{' };
      }
    },
  });
  return found;
}

/** Lines whose indentation holds a tab, with the offset of the tab. Block text (after | or >) may hold tabs. */
export function tabIndentedLines(source: string): { line: number; offset: number }[] {
  const found: { line: number; offset: number }[] = [];
  let line = 1;
  let start = 0;
  while (start <= source.length) {
    let index = start;
    while (index < source.length && (source[index] === ' ' || source[index] === '\t')) {
      if (source[index] === '\t') {
        found.push({ line, offset: index });
        break;
      }
      index++;
    }
    const end = source.indexOf('\n', start);
    if (end === -1) break;
    start = end + 1;
    line++;
  }
  return found;
}

/**
 * The path of the deepest node at or before an offset, so an error in a broken file still says where
 * in the document it is (meta.description, sections[2].cards[0]) instead of "(document)".
 */
export function nearestPath(doc: Document, offset: number): PathSegment[] {
  const path: PathSegment[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = lastBefore(node.items, offset, (item) => (item.key as Node | null)?.range?.[0] ?? (item.value as Node | null)?.range?.[0]);
      if (!pair) return path;
      const key = isScalar(pair.key) ? pair.key.value : undefined;
      if (typeof key !== 'string' && typeof key !== 'number') return path;
      // Past the end of this pair's value (the next line, say): the error is in the block, not the pair.
      // At the very start of the value (`title: ETABS: the course`): the error is in this pair's value.
      const range = (pair.value as Node | null)?.range;
      if (range && offset > range[1]) return path;
      path.push(String(key));
      if (range && offset === range[0]) return path;
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findLastIndex((item) => ((item as Node | null)?.range?.[0] ?? Infinity) <= offset);
      if (index === -1 || offset > ((node.items[index] as Node | null)?.range?.[1] ?? Infinity)) return path;
      path.push(index);
      node = node.items[index];
    } else return path;
  }
}

function lastBefore<T>(items: readonly T[], offset: number, startOf: (item: T) => number | undefined): T | undefined {
  let found: T | undefined;
  for (const item of items) {
    const start = startOf(item);
    if (start !== undefined && start <= offset) found = item;
  }
  return found;
}

/** The document path of a node that `visit` reached, from its ancestors (a key's is its map's). */
export function pathOf(node: unknown, ancestors: readonly unknown[]): PathSegment[] {
  const chain = [...ancestors, node];
  const path: PathSegment[] = [];
  for (let index = 1; index < chain.length - 1; index++) {
    const parent = chain[index];
    const child = chain[index + 1];
    if (isPair(parent) && child === parent.value && isScalar(parent.key)) path.push(String(parent.key.value));
    else if (isSeq(parent)) path.push(parent.items.indexOf(child));
  }
  return path;
}

/** Where a property (`&name`, `!tag`) is written: the last occurrence before the node's value. */
export function propertyOffset(source: string, token: string, nodeStart: number): number {
  let offset = source.lastIndexOf(token, nodeStart);
  if (offset === -1) return nodeStart;
  while (offset > 0 && source[offset - 1] === token[0]) offset--; // `!!tag`: the first `!`
  return offset;
}
