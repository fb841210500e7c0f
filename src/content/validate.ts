/**
 * One YAML file → a validated value or every error in it, each located at its YAML node.
 * No React and no file system here: the caller reads the file.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type * as z from 'zod';
import { codeFrame, formatPath, nearest, type ContentError, type ContentErrorCode, type PathSegment } from './errors';
import { describeAt, keysAt } from './schema-walk';

export type Validated<T> = { ok: true; value: T; locate: Locator } | { ok: false; errors: ContentError[] };

/** Makes a located error for a path inside this file (used by later checks such as broken links). */
export type Locator = (code: ContentErrorCode, path: readonly PathSegment[], message: string, hint?: string) => ContentError;

type Issue = z.core.$ZodIssue;

/**
 * Two paths. Valid files (nearly all of them) take the fast one: js-yaml, about ten times faster than
 * `yaml` with positions, then zod. A file with any mistake is parsed again with `yaml`, whose node
 * ranges locate every error exactly. Both read YAML 1.2's core schema, so they agree on values.
 */
export function validateYaml<S extends z.ZodType>(schema: S, file: string, source: string): Validated<z.output<S>> {
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
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col, frame: codeFrame(source, line, col) };
  };

  if (doc.errors.length > 0) {
    return {
      ok: false,
      errors: doc.errors.map((error) => {
        const duplicate = error.code === 'DUPLICATE_KEY';
        return {
          code: duplicate ? 'yaml-duplicate-key' : 'yaml-syntax',
          message: duplicate ? 'this key appears twice in the same block' : yamlMessage(error.message),
          hint: duplicate
            ? 'Keep one of the two: the second would silently replace the first.'
            : 'Check the indentation (spaces, not tabs) and put text containing ": " or starting with [ { * & ! | > % @ ` in quotes.',
          file,
          path: '(document)',
          ...at(error.pos[0]),
        };
      }),
    };
  }

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
  return String(value);
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
        ];
      }
      if (value === undefined) return [missing(path, locate, about())];
      // Report the member that got furthest (its errors are deeper than "wrong type").
      const deeper = issue.errors.find((member) => member.some((inner) => inner.path.length > 0));
      if (deeper && typeof value === 'object' && value !== null) {
        return deeper.flatMap((inner) => explain(inner, path, schema, data, locate, doc));
      }
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
    default:
      return [locate('invalid-content', path, issue.message, about())];
  }
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
