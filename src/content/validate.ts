/**
 * One YAML file → a validated value or every error in it, each located at its YAML node.
 * No React and no file system here: the caller reads the file.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import type * as z from 'zod';
import { assertNever } from '../lib/assert-never';
import { codeFrame, formatPath, nearest, type ContentError, type ContentErrorCode, type PathSegment } from './errors';
import { describeAt, keysAt } from './schema-walk';
import { checkText } from './source';

export type Validated<T> = { ok: true; value: T; locate: Locator } | { ok: false; errors: ContentError[] };

/** Makes a located error for a path inside this file (used by later checks such as broken links). */
export type Locator = (code: ContentErrorCode, path: readonly PathSegment[], message: string, hint?: string) => ContentError;

type Issue = z.core.$ZodIssue;

/**
 * A token that may start an anchor (&name), an alias (*name) or a tag (!tag) where a value begins:
 * after indentation, "- ", ": ", "? " or a flow bracket or comma. Ordinary text ("Analysis & Design",
 * "We are hiring!") does not match. A match is only a suspicion: the slow path looks at the parsed
 * document and decides. No nested quantifiers, so the test is linear in the file's length.
 */
const MAY_HAVE_PROPERTIES = /(?:^|[\s[{,])(?:[&*][^\s[\]{},]|!)/m;

/**
 * Two paths. Valid files (nearly all of them) take the fast one: js-yaml, about ten times faster than
 * `yaml` with positions, then zod. A file with any mistake, or with anything that may be an anchor,
 * alias or tag, is parsed with `yaml`, whose node ranges locate every error exactly. Both read YAML
 * 1.2's core schema, so they agree on values.
 */
export function validateYaml<S extends z.ZodType>(schema: S, file: string, source: string): Validated<z.output<S>> {
  const textErrors = checkText(file, source);
  // Too deep to parse safely: stop here. A hidden character: report it with everything else.
  if (textErrors.some((error) => error.code === 'too-deep')) return { ok: false, errors: textErrors };
  if (textErrors.length > 0 || MAY_HAVE_PROPERTIES.test(source)) return withErrors(textErrors, validateSlowly(schema, file, source));
  let data: unknown;
  try {
    data = load(source, { schema: CORE_SCHEMA, filename: file });
  } catch {
    return validateSlowly(schema, file, source);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return validateSlowly(schema, file, source);
  const result = schema.safeParse(data);
  if (!result.success) return validateSlowly(schema, file, source);
  return { ok: true, value: result.data, locate: lazyLocator(file, () => source) };
}

function withErrors<T>(errors: ContentError[], result: Validated<T>): Validated<T> {
  if (errors.length === 0) return result;
  return { ok: false, errors: [...errors, ...(result.ok ? [] : result.errors)] };
}

/** A locator that parses the file with positions only if a later check (a broken link, a missing image) needs it. */
export function lazyLocator(file: string, readSource: () => string): Locator {
  let located: Locator | undefined;
  return (...args) => {
    if (!located) {
      const source = readSource();
      located = locator(file, source, parseWithPositions(source));
    }
    return located(...args);
  };
}

function parseWithPositions(source: string): { doc: Document; lineCounter: LineCounter } {
  const lineCounter = new LineCounter();
  return { doc: parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
}

function locator(file: string, source: string, { doc, lineCounter }: { doc: Document; lineCounter: LineCounter }): Locator {
  return (code, path, message, hint) => {
    const { line, col } = lineCounter.linePos(offsetOf(doc, path));
    return { code, message, hint, file, path: formatPath(writtenPath(doc, path)), line, column: col, frame: codeFrame(source, line, col) };
  };
}

function validateSlowly<S extends z.ZodType>(schema: S, file: string, source: string): Validated<z.output<S>> {
  const { doc, lineCounter } = parseWithPositions(source);
  if (doc.errors.length > 0) return { ok: false, errors: [syntaxError(doc, file, source, lineCounter)] };

  const propertyErrors = propertiesIn(doc, file, source, lineCounter);
  if (propertyErrors.length > 0) return { ok: false, errors: propertyErrors };

  const locate = locator(file, source, { doc, lineCounter });

  const data: unknown = doc.toJS();
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      ok: false,
      errors: [locate('not-a-document', [], 'the file does not hold a document of keys and values', 'Start from a template: npm run new -- <route>.')],
    };
  }

  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data, locate };
  const errors = result.error.issues.flatMap((issue) => explain(issue, [], schema, data, locate, doc));
  return { ok: false, errors: dedupe(errors) };
}

/**
 * The first syntax error only: after one, the parser misreads what follows, and its later errors
 * are echoes of the first (one tab in an indentation makes ten). A tab in an indentation is the
 * commonest cause and the parser's own words for it are misleading, so it is named as such.
 */
function syntaxError(doc: Document, file: string, source: string, lineCounter: LineCounter): ContentError {
  const tabs = tabIndentedLines(source);
  const [first] = doc.errors;
  const opening = unclosedAt(doc, first!.pos[0]);
  const offset = tabs.length > 0 ? tabs[0]!.offset : opening ? opening.offset : first!.pos[0];
  const { line, col } = lineCounter.linePos(offset);
  const base = { file, line, column: col, frame: codeFrame(source, line, col), path: formatPath(nearestPath(doc, offset)) };
  if (tabs.length > 0) {
    const others = tabs.slice(1, 6).map((tab) => tab.line);
    return {
      ...base,
      code: 'yaml-tab',
      message: 'a tab is used for indentation here; YAML indents with spaces only',
      hint: `Replace the tab with spaces (two for each level)${others.length > 0 ? `, here and on line${others.length > 1 ? 's' : ''} ${others.join(', ')}${tabs.length > 6 ? ' and more' : ''}` : ''}. Most editors can convert tabs to spaces for the whole file.`,
    };
  }
  if (opening) {
    return {
      ...base,
      code: 'yaml-syntax',
      message: `the ${opening.what} that starts here is never closed`,
      hint: opening.hint,
    };
  }
  const duplicate = first!.code === 'DUPLICATE_KEY';
  return {
    ...base,
    code: duplicate ? 'yaml-duplicate-key' : 'yaml-syntax',
    message: duplicate ? 'this key appears twice in the same block' : yamlMessage(first!.message),
    hint: duplicate
      ? 'Keep one of the two: the second would silently replace the first.'
      : 'Check the indentation (spaces, not tabs) and put text containing ": " or starting with [ { * & ! | > % @ ` in quotes. Later lines are checked once this one is fixed.',
  };
}

/**
 * A quote or bracket left open: the parser notices only where the file (or the block) ends, which
 * is not where the mistake is. Point at the opening one instead.
 */
function unclosedAt(doc: Document, errorOffset: number): { offset: number; what: string; hint: string } | undefined {
  let found: { offset: number; what: string; hint: string } | undefined;
  visit(doc, {
    Node(_, node) {
      const range = node.range;
      if (!range || range[0] >= errorOffset || range[1] < errorOffset) return;
      if (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')) {
        const quote = node.type === 'QUOTE_DOUBLE' ? '"' : "'";
        found = { offset: range[0], what: 'quoted text', hint: `Add the closing ${quote} at the end of the text.` };
      } else if ((isSeq(node) || isMap(node)) && node.flow && range[1] === errorOffset) {
        const [opener, closer, what] = isSeq(node) ? ['[', ']', 'list'] : ['{', '}', 'block'];
        found = { offset: range[0], what, hint: `Add the closing ${closer} at the end of the ${what}, or put the text in quotes if the ${opener} is part of it.` };
      }
    },
  });
  return found;
}

/** Lines whose indentation holds a tab, with the offset of the tab. Block text (after | or >) may hold tabs. */
function tabIndentedLines(source: string): { line: number; offset: number }[] {
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
function nearestPath(doc: Document, offset: number): PathSegment[] {
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

/**
 * Anchors, aliases and tags: none is needed to write a page, and each is a way to publish something
 * other than what the file seems to say. An alias repeats another part of the file, so a few
 * hundred bytes of nested aliases expand into gigabytes; a tag is silently dropped from the text
 * (`subtitle: !New batch` publishes "batch") or asks for a type the site cannot show.
 */
function propertiesIn(doc: Document, file: string, source: string, lineCounter: LineCounter): ContentError[] {
  const errors: ContentError[] = [];
  // Located where the property is written; its path is that of the value it is attached to.
  const at = (code: ContentError['code'], offset: number, message: string, hint: string, where: readonly PathSegment[]) => {
    const { line, col } = lineCounter.linePos(offset);
    errors.push({ code, message, hint, file, line, column: col, frame: codeFrame(source, line, col), path: formatPath(where) });
  };
  const aliasHint = 'Write the text out in full where it is needed: anchors (&name) and aliases (*name) are not allowed, because a few lines of them can expand into an enormous page.';
  visit(doc, {
    Alias(_, node, ancestors) {
      at('yaml-alias', node.range?.[0] ?? 0, `"*${node.source}" repeats another part of the file (a YAML alias)`, aliasHint, pathOf(node, ancestors));
      return visit.SKIP;
    },
    Node(_, node, ancestors) {
      const start = node.range?.[0] ?? 0;
      const where = pathOf(node, ancestors);
      if (node.anchor) at('yaml-alias', propertyOffset(source, `&${node.anchor}`, start), `"&${node.anchor}" marks this part of the file for repeating elsewhere (a YAML anchor)`, aliasHint, where);
      if (node.tag) {
        const offset = propertyOffset(source, '!', start);
        const written = source.slice(offset, source.indexOf('\n', offset) === -1 ? undefined : source.indexOf('\n', offset)).trim();
        at(
          'yaml-tag',
          offset,
          `"${written.split(/\s/)[0]}" is read as a YAML tag, not as text: it would not appear on the page`,
          // `!New batch` is text that happens to start with "!"; `!!js/function "…"` asks for a type.
          isScalar(node) && !written.startsWith('!!') && !/^\S+\s+["']/.test(written)
            ? `Put the whole text in quotes: ${JSON.stringify(written)}.`
            : `Delete "${written.split(/\s/)[0]}": tags are not allowed, a value is plain text (in quotes if it starts with !).`,
          where,
        );
      }
    },
  });
  return errors;
}

/** The document path of a node that `visit` reached, from its ancestors (a key's is its map's). */
function pathOf(node: unknown, ancestors: readonly unknown[]): PathSegment[] {
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
function propertyOffset(source: string, token: string, nodeStart: number): number {
  let offset = source.lastIndexOf(token, nodeStart);
  if (offset === -1) return nodeStart;
  while (offset > 0 && source[offset - 1] === token[0]) offset--; // `!!tag`: the first `!`
  return offset;
}

function yamlMessage(message: string): string {
  const text = message.replace(/ at line \d+, column \d+.*$/s, '').trim();
  return text.charAt(0).toLowerCase() + text.slice(1);
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

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let value = data;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a block of keys';
  if (typeof value === 'string') return `text ("${value.length > 40 ? `${value.slice(0, 40)}…` : value}")`;
  if (typeof value === 'number') return `a number (${value})`;
  if (typeof value === 'boolean') return `${value} (a yes/no value)`;
  if (typeof value === 'bigint') return `a number (${value})`;
  // YAML gives no other kind of value; a function or symbol is named by its kind.
  return value === undefined ? 'undefined' : `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a block of keys',
};

function list(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(', ');
}

function explain(
  issue: Issue,
  prefix: readonly PathSegment[],
  schema: z.ZodType,
  data: unknown,
  locate: Locator,
  doc: Document,
): ContentError[] {
  const path: PathSegment[] = [...prefix, ...(issue.path as PathSegment[])];
  const value = valueAt(data, path);
  const field = path[path.length - 1];
  const about = () => describeAt(schema, path, data);

  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = keysAt(schema, path, data);
      return issue.keys.map((key) => {
        const suggestion = nearest(key, known);
        return locate(
          'unknown-key',
          [...path, key],
          `"${key}" is not a field here`,
          `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Fields allowed here: ${list(known)}.`,
        );
      });
    }
    case 'invalid_union': {
      if ('note' in issue && issue.note === 'No matching discriminator') {
        const options = ('options' in issue ? (issue.options as unknown[]) : []).map(String);
        const tag = typeof value === 'string' ? value : undefined;
        const suggestion = tag ? nearest(tag, options) : undefined;
        return [
          locate(
            'unknown-section-type',
            path,
            tag === undefined ? 'this section has no type' : `"${tag}" is not a section type`,
            `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Section types: ${options.join(', ')}.`,
          ),
          ...(suggestion ? checkedAs(suggestion, path, schema, data, locate, doc) : []),
        ];
      }
      if (value === undefined) return [missing(path, locate, about())];
      // Report the member that got furthest (its errors are deeper than "wrong type").
      const deeper = issue.errors.find((member) => member.some((inner) => inner.path.length > 0));
      if (deeper && typeof value === 'object' && value !== null) {
        return deeper.flatMap((inner) => explain(inner, path, schema, data, locate, doc));
      }
      // The member of the value's own kind (text for text) says what is wrong with it.
      const sameKind = issue.errors.find((member) => member.length > 0 && member.every((inner) => inner.code !== 'invalid_type' || inner.path.length > 0));
      if (sameKind) return sameKind.flatMap((inner) => explain(inner, path, schema, data, locate, doc));
      const expected = [...new Set(issue.errors.flatMap((member) => member.map((inner) => ('expected' in inner ? EXPECTED[String(inner.expected)] ?? String(inner.expected) : undefined)).filter((text): text is string => text !== undefined)))];
      return [
        locate('wrong-type', path, `expected ${expected.join(' or ') || 'another kind of value'}, found ${describeValue(value)}`, about()),
      ];
    }
    case 'invalid_type': {
      if (value === undefined) return [missing(path, locate, about())];
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return [locate('wrong-type', path, `expected ${expected}, found ${describeValue(value)}`, about())];
    }
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      const suggestion = typeof value === 'string' ? nearest(value, allowed) : undefined;
      return [
        locate(
          'invalid-value',
          path,
          `${describeValue(value)} is not allowed for "${String(field)}"`,
          `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Use one of: ${list(allowed)}.`,
        ),
      ];
    }
    case 'too_small': {
      if (issue.origin === 'array') {
        const count = Array.isArray(value) ? value.length : 0;
        return [locate('too-few', path, `${issue.message} (found ${count})`, about())];
      }
      if (issue.origin === 'string') return [locate('too-few', path, 'must not be empty', about())];
      return [locate('too-few', path, `must be at least ${String(issue.minimum)}, found ${describeValue(value)}`, about())];
    }
    case 'too_big': {
      if (issue.origin === 'array') return [locate('too-many', path, `has too many items (at most ${String(issue.maximum)})`, about())];
      return [locate('too-many', path, `must be at most ${String(issue.maximum)}, found ${describeValue(value)}`, about())];
    }
    case 'invalid_format':
      return [locate('invalid-format', path, `${describeValue(value)} ${issue.message.startsWith('must') ? issue.message : `is not valid: ${issue.message}`}`, about())];
    // zod's own message is the best there is for these (a refinement's message is the schema's).
    case 'custom':
    case 'invalid_element':
    case 'invalid_key':
    case 'not_multiple_of':
      return [locate('invalid-content', path, issue.message, about())];
    default:
      return assertNever(issue);
  }
}

/**
 * A misspelt type (`packges`) would hide every other mistake of its section: the rest of the section
 * is checked as the type it is nearest to, and its errors are reported too, each at its own line,
 * saying which type they assume. `typePath` is the path of the misspelt `type` field.
 */
function checkedAs(
  suggestion: string,
  typePath: readonly PathSegment[],
  schema: z.ZodType,
  data: unknown,
  locate: Locator,
  doc: Document,
): ContentError[] {
  const sectionPath = typePath.slice(0, -1);
  const discriminator = typePath[typePath.length - 1];
  const section = valueAt(data, sectionPath);
  if (discriminator === undefined || typeof section !== 'object' || section === null || Array.isArray(section)) return [];
  // The document as it would be with the suggested type; the file's lines and paths are unchanged.
  const assumed = withValueAt(data, typePath, suggestion);
  const result = schema.safeParse(assumed);
  if (result.success) return [];
  const within = (issuePath: readonly PropertyKey[]) =>
    issuePath.length >= sectionPath.length && sectionPath.every((segment, index) => issuePath[index] === segment);
  return result.error.issues
    .filter((issue) => within(issue.path))
    .flatMap((issue) => explain(issue, [], schema, assumed, locate, doc))
    .map((error) => ({ ...error, message: `if this is a ${suggestion} section: ${error.message}` }));
}

/** A copy of `data` with one value replaced (the containers along the path are copied, nothing else). */
function withValueAt(data: unknown, path: readonly PathSegment[], replacement: unknown): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) return replacement;
  if (Array.isArray(data)) return (data as unknown[]).map((item, index) => (index === segment ? withValueAt(item, rest, replacement) : item));
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<PathSegment, unknown>;
    return { ...record, [segment]: withValueAt(record[segment], rest, replacement) };
  }
  return data;
}

function missing(path: readonly PathSegment[], locate: Locator, about: string | undefined): ContentError {
  const field = path[path.length - 1];
  if (typeof field === 'number') {
    return locate('missing-field', path, `item ${field + 1} is empty`, 'Fill it in or delete the line.');
  }
  return locate(
    'missing-field',
    path,
    `"${String(field)}" is missing`,
    `Add \`${String(field)}:\`${about ? ` (${about.replace(/\.$/, '')})` : ''}.`,
  );
}

function dedupe(errors: ContentError[]): ContentError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.line}:${error.column}:${error.code}:${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
