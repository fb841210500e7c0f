/**
 * Writes the visual editor's data into a page's YAML file, changing only what differs (issue 14).
 *
 * The editor sends the page's whole new data. Printing it afresh would lose what makes the file
 * the author's: comments, blank lines, quoting, flow maps, block scalars, where long lines break.
 * So the file's data and the new data are compared node by node, and the text is spliced at the
 * source ranges `yaml` keeps for every node: a changed field changes one line in `git diff`, an
 * added section adds its lines, a moved section takes its lines (and comments) along.
 *
 * Whatever is written is parsed back and must equal the new data. When the careful way fails, a
 * coarser one re-writes each changed collection whole, and the last resort lets `yaml` print the
 * document; if even that does not read back the same, nothing is written.
 */
import {
  Document,
  isCollection,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Node,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import type { Json } from '../../src/lib/json';
import { assertNever } from '../../src/lib/assert-never';
import { isRecord } from '../../src/lib/is-record';
import { AUTHORING } from '../errors/authoring';

type JsonMap = { [key: string]: Json };

/** Replace `text.slice(start, end)` with `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Where a value sits in the file, which decides how a new value is written there. */
type Slot =
  | { kind: 'root' }
  /** A block map's value: `column` is its key's, `afterColon` the offset after the `:`. */
  | { kind: 'pair'; column: number; afterColon: number }
  /** A block sequence's item: `column` is its dash's. */
  | { kind: 'item'; column: number }
  | { kind: 'flow'; inMap: boolean };

interface Context {
  /** The file's text, with LF line endings. */
  text: string;
  /** The file's indentation step, and whether a sequence under a key is indented (`key:\n  - a`) or not. */
  indent: number;
  indentSeq: boolean;
  /** Whether the file's first `{ … }` or `[ … ]` has spaces inside its brackets. */
  flowPadding: boolean;
  /** The coarser way: a collection whose entries change is re-written whole, and scalars lose their style. */
  coarse: boolean;
}

/** The file's text with `next` (the page's new raw data) written into it, changing only what differs. */
export function applyData(source: string, next: Json): string {
  // Worked on with LF line endings and without a byte order mark (which would count as a column);
  // both are put back (a file that mixes CRLF and LF lines is written with CRLF throughout).
  const crlf = source.includes('\r\n');
  const bom = source.startsWith('\uFEFF') ? '\uFEFF' : '';
  const text = (crlf ? source.replace(/\r\n/g, '\n') : source).slice(bom.length);
  const doc = parseDocument(text, { keepSourceTokens: true });
  const [error] = doc.errors;
  if (error) {
    const problem = error.message.split('\n')[0]!.replace(/:$/, '');
    throw AUTHORING.refusal('EDITOR_YAML_INVALID', { problem });
  }
  if (jsonEqual(doc.toJS() as Json, next)) return source;
  const attempts = [() => spliced(doc, text, next, false), () => spliced(doc, text, next, true), () => reprinted(text, next)];
  for (const attempt of attempts) {
    let written: string;
    try {
      written = attempt();
    } catch {
      continue; // a way that cannot handle this file: the next, coarser one
    }
    if (readsAs(written, next)) return bom + (crlf ? written.replace(/\n/g, '\r\n') : written);
  }
  throw AUTHORING.refusal('EDITOR_WRITE_NOT_FAITHFUL');
}

function spliced(doc: Document.Parsed, text: string, next: Json, coarse: boolean): string {
  const ctx: Context = { text, coarse, ...fileStyle(doc, text) };
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null && rangeOf(root)[0] === rangeOf(root)[1])) {
    // Nothing but comments (or nothing): the data goes after them.
    return next === null ? text : text + (text === '' || text.endsWith('\n') ? '' : '\n') + blockText(next, ctx) + '\n';
  }
  return applyEdits(text, patch(root, doc.toJS() as Json, next, { kind: 'root' }, ctx));
}

/** The last resort: `yaml` prints the whole document, with the new data merged into its nodes. */
function reprinted(text: string, next: Json): string {
  const doc: Document = parseDocument(text);
  doc.contents = merged(doc, doc.contents, next);
  return doc.toString({ lineWidth: 0 });
}

function merged(doc: Document, node: unknown, next: Json): Node {
  if (isMap(node) && isRecord(next)) {
    for (const pair of [...node.items]) if (!Object.hasOwn(next, keyOf(pair) ?? '')) node.delete(pair.key);
    for (const [key, value] of Object.entries(next)) {
      const pair = node.items.find((item) => keyOf(item) === key);
      if (pair) pair.value = merged(doc, pair.value, value);
      else node.set(key, doc.createNode(value));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(next) && node.items.length === next.length) {
    node.items = node.items.map((item, i) => merged(doc, item, next[i] ?? null));
    return node;
  }
  if (isScalar(node) && !isObjectLike(next)) {
    node.value = next;
    return node;
  }
  return doc.createNode(next);
}

// ---------------------------------------------------------------------------------------------
// Comparing the old data with the new, node by node

function patch(node: Node, old: Json, next: Json, slot: Slot, ctx: Context): Edit[] {
  if (jsonEqual(old, next)) return [];
  if (isScalar(node) && !isObjectLike(next)) return [scalarEdit(node, next, slot, ctx)];
  const sameKind = (isMap(node) && isRecord(old) && isRecord(next)) || (isSeq(node) && Array.isArray(old) && Array.isArray(next));
  if (!sameKind || !isCollection(node)) return [rewrite(node, next, slot, ctx)];
  const collection = node;
  if (!collection.flow) return patchBlock(collection, old, next, slot, ctx);
  // An empty `[]` or `{}` that gets entries is written in block style, unless it is inside a flow collection.
  if (collection.items.length === 0 && slot.kind !== 'flow') return [rewrite(node, next, slot, ctx)];
  return patchFlow(collection, old, next, ctx);
}

/** Inside `{ label: a, href: b }` or `[a, b]`: values are edited in place; other changes re-write the collection on its line. */
function patchFlow(collection: YAMLMap | YAMLSeq, old: Json, next: Json, ctx: Context): Edit[] {
  const slot: Slot = { kind: 'flow', inMap: isMap(collection) };
  if (!ctx.coarse && isMap(collection) && isRecord(old) && isRecord(next)) {
    const pairs = collection.items;
    const keys = pairs.map(keyOf);
    const sameKeys = keys.length === Object.keys(next).length && keys.every((key) => key !== null && Object.hasOwn(next, key));
    if (sameKeys && pairs.every((pair) => isNode(pair.value))) {
      return pairs.flatMap((pair, i) => patch(pair.value as Node, old[keys[i]!] ?? null, next[keys[i]!] ?? null, slot, ctx));
    }
  }
  if (!ctx.coarse && isSeq(collection) && Array.isArray(old) && Array.isArray(next) && old.length === next.length) {
    const items = collection.items;
    if (items.every(isNode)) return items.flatMap((item, i) => patch(item as Node, old[i] ?? null, next[i] ?? null, slot, ctx));
  }
  const [start, end] = rangeOf(collection);
  return [{ start, end, text: flowText(inOldOrder(old, next), flowPadding(collection, ctx)) }];
}

/** One entry of a block map or sequence, with the extent of its text. */
interface Entry {
  node: Node;
  old: Json;
  slot: { kind: 'pair'; column: number; afterColon: number } | { kind: 'item'; column: number };
  /** A map entry's key. */
  key?: string;
  /** Where its text starts: the comment lines directly above it, or its first character when it shares a line (`- type: hero`). */
  head: number;
  sharesLine: boolean;
  /** After its last line (deeper comment lines right after it included). */
  end: number;
}

/** What the new collection is made of, in order: an old entry (patched to `value`) or a new one. */
interface Step {
  from?: number;
  key?: string;
  value: Json;
}

function patchBlock(collection: YAMLMap | YAMLSeq, old: Json, next: Json, slot: Slot, ctx: Context): Edit[] {
  const entries = blockEntries(collection, old, slot.kind === 'root', ctx.text);
  if (!entries) return [rewrite(collection, next, slot, ctx)];
  const steps = isRecord(next) ? mapSteps(entries, next) : seqSteps(entries, next as Json[]);
  const editsOf = (step: Step): Edit[] => {
    const entry = step.from === undefined ? undefined : entries[step.from];
    return entry ? patch(entry.node, entry.old, step.value, entry.slot, ctx) : [];
  };
  if (steps.length === entries.length && steps.every((step, i) => step.from === i)) return steps.flatMap(editsOf);
  if (ctx.coarse || steps.length === 0) return [rewrite(collection, next, slot, ctx)];

  // Entries come, go or move: the collection's lines are put together again from the entries' own
  // text (each with its comments and its own edits), and the blank lines between stay in place.
  const text = ctx.text;
  const column = entries[0]!.slot.column;
  const separators = entries.slice(1).map((entry, i) => text.slice(entries[i]!.end, entry.head));
  const flowSibling = entries.find((entry) => isCollection(entry.node) && entry.node.flow && entry.node.items.length > 0);
  const chunks = steps.map((step) => {
    const entry = step.from === undefined ? undefined : entries[step.from];
    if (!entry) return newEntryText(step, isMap(collection), column, flowSibling && flowPadding(flowSibling.node, ctx), ctx);
    const own = applyEdits(text, editsOf(step), entry.head, entry.end);
    return (entry.sharesLine ? ' '.repeat(column) : '') + (own.endsWith('\n') ? own : own + '\n');
  });
  const start = entries[0]!.head;
  const end = entries.at(-1)!.end;
  let joined = chunks.map((chunk, i) => (i === 0 ? '' : (separators[i - 1] ?? separators.at(-1) ?? '')) + chunk).join('');
  if (entries[0]!.sharesLine) joined = joined.replace(/^ +/, '');
  if (!text.slice(start, end).endsWith('\n')) joined = joined.replace(/\n$/, '');
  return [{ start, end, text: joined }];
}

/** A map keeps its entries in the file's order; new keys come last. */
function mapSteps(entries: Entry[], next: JsonMap): Step[] {
  const kept = entries.flatMap((entry, from) => {
    const key = entry.key!;
    return Object.hasOwn(next, key) ? [{ from, key, value: next[key] ?? null }] : [];
  });
  const added = Object.keys(next).filter((key) => !entries.some((entry) => entry.key === key));
  return [...kept, ...added.map((key) => ({ key, value: next[key] ?? null }))];
}

/**
 * A sequence's new items matched with its old ones: equal items first (at the same place, then
 * anywhere: a moved section), then a changed item at the same place if of the same shape (text,
 * map, list), then a changed section of the same type anywhere (moved and edited). The others are new.
 */
function seqSteps(entries: Entry[], next: Json[]): Step[] {
  const from: (number | undefined)[] = next.map(() => undefined);
  const used = new Set<number>();
  const pass = (matches: (old: Json, value: Json, i: number, j: number) => boolean) =>
    next.forEach((value, j) => {
      if (from[j] !== undefined) return;
      const i = entries.findIndex((entry, i) => !used.has(i) && matches(entry.old, value, i, j));
      if (i < 0) return;
      from[j] = i;
      used.add(i);
    });
  pass((old, value, i, j) => i === j && jsonEqual(old, value));
  pass((old, value) => jsonEqual(old, value));
  pass((old, value, i, j) => i === j && shapeOf(old) === shapeOf(value));
  pass((old, value) => isRecord(old) && isRecord(value) && typeof old.type === 'string' && old.type === value.type);
  return next.map((value, j) => ({ from: from[j], value }));
}

function shapeOf(value: Json): 'list' | 'map' | 'scalar' {
  return Array.isArray(value) ? 'list' : isRecord(value) ? 'map' : 'scalar';
}

/** A new entry's lines; `flowSiblings` tells whether the other items are `{ … }` (and padded inside). */
function newEntryText(step: Step, inMap: boolean, column: number, flowSiblings: boolean | undefined, ctx: Context): string {
  const flat = isObjectLike(step.value) && Object.values(step.value).every((value) => !isObjectLike(value));
  const lines =
    !inMap && flowSiblings !== undefined && flat
      ? `- ${flowText(step.value, flowSiblings)}` // like its siblings: `- { label: Enroll Now, href: form }`
      : blockText(inMap ? { [step.key!]: step.value } : [step.value], ctx);
  return indentLines(lines, column, true) + '\n';
}

function blockEntries(collection: YAMLMap | YAMLSeq, old: Json, root: boolean, text: string): Entry[] | null {
  const token = collection.srcToken;
  if (!token || (token.type !== 'block-map' && token.type !== 'block-seq')) return null;
  const entries: Entry[] = [];
  for (const [i, item] of collection.items.entries()) {
    let entry: Omit<Entry, 'head' | 'sharesLine' | 'end'>;
    let start: number;
    if (isPair(item)) {
      const key = keyOf(item);
      const colon = item.srcToken?.sep?.find((t) => t.type === 'map-value-ind');
      const explicitKey = item.srcToken?.start.some((t) => t.type === 'explicit-key-ind'); // `? key`
      if (key === null || !isNode(item.key) || !isNode(item.value) || !colon || explicitKey) return null;
      start = rangeOf(item.key)[0];
      const slot = { kind: 'pair' as const, column: columnOf(text, start), afterColon: colon.offset + 1 };
      entry = { node: item.value, old: isRecord(old) ? (old[key] ?? null) : null, slot, key };
    } else {
      const dash = token.items[i]?.start.find((t) => t.type === 'seq-item-ind');
      if (!dash || !isNode(item)) return null;
      start = dash.offset;
      entry = { node: item, old: Array.isArray(old) ? (old[i] ?? null) : null, slot: { kind: 'item', column: columnOf(text, start) } };
    }
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const sharesLine = text.slice(lineStart, start).trim() !== '';
    if (sharesLine && i > 0) return null;
    const floor = entries.at(-1)?.end ?? 0;
    const head = sharesLine ? start : root && i === 0 ? lineStart : Math.max(floor, commentsAbove(text, lineStart));
    const column = entries[0]?.slot.column ?? entry.slot.column;
    const end = commentsBelow(text, lineEnd(text, valueEnd(entry.node, text)), column);
    entries.push({ ...entry, head, sharesLine, end });
  }
  return entries.length > 0 ? entries : null;
}

/** The start of the comment lines directly above the line at `at` (or `at`). */
function commentsAbove(text: string, at: number): number {
  while (at > 0) {
    const previous = text.lastIndexOf('\n', at - 2) + 1;
    if (!text.slice(previous, at).trimStart().startsWith('#')) break;
    at = previous;
  }
  return at;
}

/** After the comment lines right below `at` that are indented deeper than `column` (they belong to the entry above). */
function commentsBelow(text: string, at: number, column: number): number {
  while (at < text.length) {
    const line = text.slice(at, lineEnd(text, at));
    const indent = line.length - line.trimStart().length;
    if (!line.trimStart().startsWith('#') || indent <= column) break;
    at += line.length;
  }
  return at;
}

// ---------------------------------------------------------------------------------------------
// Writing values

/** A value re-written where the old one was (its type changed, or the coarse way). */
function rewrite(node: Node, value: Json, slot: Slot, ctx: Context): Edit {
  const [start] = rangeOf(node);
  let end = valueEnd(node, ctx.text);
  if (slot.kind === 'flow') {
    return { start, end, text: isObjectLike(value) ? flowText(value, ctx.flowPadding) : scalarText(value, null, slot, ctx) };
  }
  const blockCollection = isCollection(node) && !node.flow;
  if (blockCollection) {
    // The old collection goes to the end of its last line, with the comment there.
    const stop = lineEnd(ctx.text, end);
    end = ctx.text[stop - 1] === '\n' ? stop - 1 : stop;
  }
  const inline = !isObjectLike(value) || Object.keys(value).length === 0;
  if (slot.kind === 'pair' && (inline || !blockCollection || isSeq(node) !== Array.isArray(value))) {
    // After the key: `key: value`, or the block on the lines below, one step deeper than the key.
    if (inline) {
      // The comment on the key's line above an old block collection stays on that line.
      const keyLine = ctx.text.slice(slot.afterColon, lineEnd(ctx.text, slot.afterColon)).replace(/\n$/, '');
      const comment = blockCollection ? /^[ \t]+#.*/.exec(keyLine)?.[0] : undefined;
      return placed({ start: slot.afterColon, end, text: ' ' + inlineText(value, slot, ctx) }, ctx.text, comment);
    }
    const column = slot.column + (Array.isArray(value) && !ctx.indentSeq ? 0 : ctx.indent);
    return { start: slot.afterColon, end, text: '\n' + indentLines(blockText(value, ctx), column, true) };
  }
  // Where the old value starts (after `- `, at the root, or a block collection below its key).
  const pad = needsSpace(ctx.text, start, end) ? ' ' : '';
  const text = inline ? inlineText(value, slot, ctx) : indentLines(blockText(value, ctx), columnOf(ctx.text, start) + pad.length, false);
  return placed({ start, end, text: pad + text }, ctx.text);
}

function inlineText(value: Json, slot: Slot, ctx: Context): string {
  if (Array.isArray(value)) return '[]';
  if (isRecord(value)) return '{}';
  return scalarText(value, null, slot, ctx);
}

function scalarEdit(node: Scalar, value: Json, slot: Slot, ctx: Context): Edit {
  const [start] = rangeOf(node);
  const end = valueEnd(node, ctx.text);
  const pad = needsSpace(ctx.text, start, end) ? ' ' : '';
  return commentInLine(placed({ start, end, text: pad + scalarText(value, node, slot, ctx) }, ctx.text), ctx.text);
}

/**
 * A one-line value followed by a comment the author lined up with its neighbours' (two spaces or
 * more before the `#`): the comment stays in its column, or one space after a value too long for
 * it. A comment one space after its value stays one space after it.
 */
function commentInLine(edit: Edit, text: string): Edit {
  if (edit.text.includes('\n') || /^ ?[|>]/.test(edit.text) || text.slice(edit.start, edit.end).includes('\n')) return edit;
  const gap = /^ {2,}(?=#)/.exec(text.slice(edit.end, lineEnd(text, edit.end)))?.[0];
  if (gap === undefined) return edit;
  const commentColumn = columnOf(text, edit.end) + gap.length;
  const valueStop = columnOf(text, edit.start) + edit.text.length;
  return { start: edit.start, end: edit.end + gap.length, text: edit.text + ' '.repeat(Math.max(1, commentColumn - valueStop)) };
}

/** An empty value right after `key:` or `-` needs a space before what is written there. */
function needsSpace(text: string, start: number, end: number): boolean {
  return start === end && start > 0 && !/\s/.test(text[start - 1]!);
}

/**
 * A value's new text made safe in its place: `comment` is kept at the end of its first line. A
 * block scalar (`|`, `>`) would take in as text the comment after it on its line (which moves up
 * to its header) and the comment lines below it indented as deep as its text (which go).
 */
function placed(edit: Edit, text: string, comment = ''): Edit {
  let { end } = edit;
  if (/^ ?[|>]/.test(edit.text)) {
    const after = /^[ \t]+#.*$/.exec(text.slice(end, lineEnd(text, end)).replace(/\n$/, ''));
    if (after) {
      comment ||= after[0];
      end += after[0].length;
    }
    const firstLine = edit.text.split('\n').find((line, i) => i > 0 && line.trim() !== '');
    const lineStop = lineEnd(text, end);
    const below = firstLine === undefined ? lineStop : commentsBelow(text, lineStop, firstLine.length - firstLine.trimStart().length - 1);
    if (below > lineStop) end = text[below - 1] === '\n' ? below - 1 : below;
  }
  if (!comment) return { ...edit, end };
  const lineBreak = edit.text.includes('\n') ? edit.text.indexOf('\n') : edit.text.length;
  return { start: edit.start, end, text: edit.text.slice(0, lineBreak) + comment + edit.text.slice(lineBreak) };
}

/** Words YAML 1.1 readers take for true or false, which YAML 1.2 reads as text: quoted so that every reader agrees. */
const OLD_BOOLEANS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

/** A scalar's text: in its old style when the new value can be written in it, else plain, a `|` block, or double-quoted. */
function scalarText(value: Json, node: Scalar | null, slot: Slot, ctx: Context): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  const inBlock = slot.kind !== 'flow';
  const candidates: (string | null)[] = [];
  if (node && !ctx.coarse) {
    const [start] = rangeOf(node);
    const source = ctx.text.slice(start, valueEnd(node, ctx.text));
    const indent = blockIndent(source) ?? defaultBlockIndent(slot, ctx);
    if (node.type === 'BLOCK_FOLDED' && inBlock) candidates.push(foldedBlock(value, node, source));
    if (node.type === 'BLOCK_LITERAL' && inBlock) candidates.push(literalBlock(value, indent));
    if (node.type === 'PLAIN' && source.includes('\n')) candidates.push(foldedPlain(value, node, source, columnOf(ctx.text, start)));
    if (node.type === 'QUOTE_SINGLE' && !value.includes('\n')) candidates.push(`'${value.replace(/'/g, "''")}'`);
    if (node.type === 'QUOTE_DOUBLE') candidates.push(JSON.stringify(value));
  }
  if (!value.includes('\n') && !OLD_BOOLEANS.test(value)) candidates.push(value);
  if (inBlock && value.includes('\n')) candidates.push(literalBlock(value, defaultBlockIndent(slot, ctx)));
  // JSON's double-quoted strings are YAML's too, and hold any text.
  return candidates.find((text): text is string => text !== null && readsBack(text, value, slot)) ?? JSON.stringify(value);
}

/** Whether a scalar's text, written in its place (and followed by the line break there), reads back as `value`. */
function readsBack(text: string, value: string, slot: Slot): boolean {
  switch (slot.kind) {
    case 'root':
      return readsAs(`${text}\n`, value);
    case 'pair':
      return readsAs(`${' '.repeat(slot.column)}k: ${text}\n`, { k: value });
    case 'item':
      return readsAs(`${' '.repeat(slot.column)}- ${text}\n`, [value]);
    case 'flow':
      return slot.inMap ? readsAs(`{ k: ${text} }`, { k: value }) : readsAs(`[ ${text} ]`, [value]);
    default:
      return assertNever(slot);
  }
}

function defaultBlockIndent(slot: Slot, ctx: Context): number {
  return (slot.kind === 'pair' || slot.kind === 'item' ? slot.column : 0) + ctx.indent;
}

/** A `|` block: each line of the value on its own line. Null when the value needs an indentation indicator. */
function literalBlock(value: string, indent: number): string | null {
  const trailing = value.length - value.replace(/\n+$/, '').length;
  if (value.trim() === '' || /^\n*[ \t]/.test(value)) return null;
  const lines = value.split('\n');
  if (trailing > 0) lines.pop();
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  return `|${chomp}\n` + indentLines(lines.join('\n'), indent, true);
}

/** The content indentation of a block scalar's source, unless its header states one. */
function blockIndent(source: string): number | null {
  const [header = '', ...lines] = source.split('\n');
  const first = lines.find((line) => line.trim() !== '');
  return /\d/.test(header) || first === undefined ? null : first.length - first.trimStart().length;
}

// A folded text (a `>` block, or a plain scalar over several lines) keeps the line breaks the file
// has where the text did not change, so that editing a word changes one line, not the paragraph.

interface Folded {
  value: string;
  /** The offsets in `value` of the spaces written as line breaks. */
  folds: number[];
}

function foldedBlock(value: string, node: Scalar, source: string): string | null {
  const [header = '', ...lines] = source.split('\n');
  const parts = /^>([-+]?)( *#.*)?$/.exec(header);
  const indent = blockIndent(source);
  if (!parts || indent === null) return null;
  const trailing = value.length - value.replace(/\n+$/, '').length;
  if (trailing > 1) return null;
  const before = unfold(lines.map((line) => line.slice(indent)), String(node.value).replace(/\n+$/, ''));
  const body = foldLines(value.slice(0, value.length - trailing), before, widthOf(lines, 0), indent, indent);
  return body && `>${trailing === 0 ? '-' : ''}${parts[2] ?? ''}\n` + indentLines(body, indent, true);
}

function foldedPlain(value: string, node: Scalar, source: string, column: number): string | null {
  const lines = source.split('\n');
  const continuation = lines.slice(1).find((line) => line.trim() !== '') ?? '';
  const indent = continuation.length - continuation.trimStart().length;
  const before = unfold(lines.map((line) => line.trim()), String(node.value));
  const body = foldLines(value, before, widthOf(lines, column), column, indent);
  return body && indentLines(body, indent, false);
}

/** How long the file let the scalar's lines be (its first line starting at `column`). */
function widthOf(lines: string[], column: number): number {
  return Math.max(80, ...lines.map((line, i) => line.length + (i === 0 ? column : 0)));
}

/** The value a folded scalar's lines read as, and where it folded them; null when they do not read as `expected`. */
function unfold(lines: string[], expected: string): Folded | null {
  let value = '';
  const folds: number[] = [];
  let blanks = 0;
  for (const line of lines) {
    if (line.trim() === '') {
      blanks++;
      continue;
    }
    if (/^\s/.test(line)) return null; // a more-indented line keeps its breaks: not handled here
    if (value !== '' && blanks === 0) folds.push(value.length);
    value += value === '' ? '' : blanks === 0 ? ' ' : '\n'.repeat(blanks);
    value += line;
    blanks = 0;
  }
  return value === expected ? { value, folds } : null;
}

/**
 * `value` over lines, as a folded scalar writes it (a line break in the value is a blank line):
 * broken where the old text was broken in the parts that did not change. A line (starting at
 * `firstColumn`, then at `column`) that an edit made a little longer than `width` stays one line
 * (one changed line in the diff); a much longer one is broken at `width`.
 */
function foldLines(value: string, before: Folded | null, width: number, firstColumn: number, column: number): string | null {
  // Lines that start or end with a space, or blank lines at either end, are not what folding writes.
  if (value === '' || /^\n|\n$|(?:^|\n)[ \t]|[ \t](?:\n|$)/.test(value)) return null;
  const canFold = (at: number) => value[at] === ' ' && /\S/.test(value[at - 1] ?? ' ') && /[^\s#]/.test(value[at + 1] ?? ' ');
  const folds = new Set(keptFolds(value, before).filter(canFold));
  const lines: string[] = [];
  const paragraphs = value.split('\n');
  let offset = 0;
  paragraphs.forEach((paragraph, j) => {
    if (j > 0 && paragraphs[j - 1] !== '') lines.push('');
    if (paragraph === '') lines.push('');
    const end = offset + paragraph.length;
    let lineStart = offset;
    for (let at = offset; at < end; at++) {
      if (!folds.has(at)) {
        const lineColumn = lines.length === 0 ? firstColumn : column;
        if (at - lineStart + lineColumn <= width * 1.25 || !canFold(at)) continue;
        // Too long: break at the last space that fits (or at this one, when none does).
        for (let back = at - 1; back > lineStart; back--) {
          if (!canFold(back) || back - lineStart + lineColumn > width) continue;
          at = back;
          break;
        }
      }
      lines.push(value.slice(lineStart, at));
      lineStart = at + 1;
    }
    if (paragraph !== '') lines.push(value.slice(lineStart, end));
    offset = end + 1;
  });
  return lines.join('\n');
}

function keptFolds(value: string, before: Folded | null): number[] {
  if (!before) return [];
  const old = before.value;
  let prefix = 0;
  while (prefix < old.length && prefix < value.length && old[prefix] === value[prefix]) prefix++;
  let suffix = 0;
  while (suffix < old.length - prefix && suffix < value.length - prefix && old.at(-1 - suffix) === value.at(-1 - suffix)) suffix++;
  const shift = value.length - old.length;
  return before.folds.flatMap((at) => (at < prefix ? [at] : at >= old.length - suffix ? [at + shift] : []));
}

/** New data in block style, with the file's indentation (strings that YAML 1.1 would misread are quoted). */
function blockText(value: Json, ctx: Context): string {
  const doc = new Document(value, { compat: 'yaml-1.1' });
  return doc.toString({ indent: ctx.indent, indentSeq: ctx.indentSeq, lineWidth: 0 }).replace(/\n$/, '');
}

/** New data in flow style on one line: `{ label: a, href: b }` (`padding`) or `[a, b]`. */
function flowText(value: Json, padding: boolean): string {
  const doc = new Document(value, { compat: 'yaml-1.1' });
  if (isCollection(doc.contents)) doc.contents.flow = true;
  // Text of several lines in double quotes (`"a\nb"`), which keeps the collection on its line.
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && node.value.includes('\n')) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: padding }).replace(/\n$/, '');
}

/** Whether a flow collection has spaces inside its brackets (an empty one: as the file's first one). */
function flowPadding(node: Node, ctx: Context): boolean {
  const [start, end] = rangeOf(node);
  return end - start > 2 ? /^[[{]\s/.test(ctx.text.slice(start, end)) : ctx.flowPadding;
}

/** `next` with the keys `old` has in `old`'s order, then the others: a re-written `{ … }` keeps its order. */
function inOldOrder(old: Json, next: Json): Json {
  if (!isRecord(old) || !isRecord(next)) return next;
  const kept = Object.keys(old).filter((key) => Object.hasOwn(next, key));
  const added = Object.keys(next).filter((key) => !Object.hasOwn(old, key));
  const keys = [...kept, ...added];
  return Object.fromEntries(keys.map((key) => [key, next[key] ?? null]));
}

// ---------------------------------------------------------------------------------------------
// Text and nodes

function applyEdits(text: string, edits: Edit[], from = 0, to = text.length): string {
  let out = '';
  let at = from;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at || edit.end > to) throw new Error('Edits overlap.');
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, to);
}

function indentLines(text: string, column: number, first: boolean): string {
  const pad = ' '.repeat(column);
  return text
    .split('\n')
    .map((line, i) => (line === '' || (i === 0 && !first) ? line : pad + line))
    .join('\n');
}

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** After the line break that ends the line at `offset` (or the text's end). */
function lineEnd(text: string, offset: number): number {
  const lineBreak = text.indexOf('\n', offset);
  return lineBreak === -1 ? text.length : lineBreak + 1;
}

function rangeOf(node: Node): [number, number, number] {
  if (!node.range) throw new Error('A node without a source range.');
  return node.range;
}

/** Where a node's text ends: its last scalar's end (a block scalar's final line break left out). */
function valueEnd(node: Node, text: string): number {
  if (isCollection(node) && !node.flow && node.items.length > 0) {
    const last = node.items.at(-1);
    const inner = isPair(last) ? (last.value ?? last.key) : last;
    if (isNode(inner)) return valueEnd(inner, text);
  }
  const end = rangeOf(node)[1];
  const block = isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
  return block && text[end - 1] === '\n' ? end - 1 : end;
}

/** The file's indentation step and sequence and flow styles, from its first nested map, sequence and flow collection. */
function fileStyle(doc: Document.Parsed, text: string): Pick<Context, 'indent' | 'indentSeq' | 'flowPadding'> {
  let indent: number | undefined;
  let indentSeq: boolean | undefined;
  let flowPadding: boolean | undefined;
  visit(doc, {
    Node(_, node) {
      if (isCollection(node) && node.flow && node.items.length > 0 && node.range) flowPadding ??= /^[[{]\s/.test(text.slice(node.range[0]));
    },
    Pair(_, pair) {
      const { key, value } = pair;
      if (!isNode(key) || !isCollection(value) || value.flow || !key.range || !value.range) return;
      const step = columnOf(text, value.range[0]) - columnOf(text, key.range[0]);
      if (isMap(value) && step > 0) indent ??= step;
      if (isSeq(value)) indentSeq ??= step > 0;
    },
  });
  return { indent: indent ?? 2, indentSeq: indentSeq ?? true, flowPadding: flowPadding ?? true };
}

function keyOf(pair: { key: unknown }): string | null {
  return isScalar(pair.key) ? String(pair.key.value) : null;
}

function readsAs(text: string, value: Json): boolean {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return false;
  try {
    return jsonEqual(doc.toJS() as Json, value);
  } catch {
    // An alias to nothing (text such as `*star` written plain) parses, then fails to resolve.
    return false;
  }
}

function isObjectLike(value: Json): value is JsonMap | Json[] {
  return typeof value === 'object' && value !== null;
}

function jsonEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => jsonEqual(value, b[i] ?? null));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key] ?? null, b[key] ?? null));
}
