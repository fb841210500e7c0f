/**
 * zod's issues → located content errors: which code each issue is, and the values its words need
 * (the field's description, the fields or types allowed, the nearest of them). The words are the
 * catalogue's (error-codes.ts); the place is the locator's (locate.ts).
 */
import type * as z from 'zod';
import { assertNever } from '../lib/assert-never';
import { assumingSectionType, problem, type Problem } from './error-codes';
import { nearest, type ContentError, type PathSegment } from './errors';
import type { Locator } from './locate';
import { describeAt, keysAt } from './schema-walk';

type Issue = z.core.$ZodIssue;

/**
 * The most of a document's issues explained: enough to mend any file by (a page has a few hundred
 * fields), and a bound on the work: explaining one issue may check a section again (checkedAs) and
 * locates it in the text, so a file of thousands of mistakes would otherwise cost minutes.
 */
export const MAX_EXPLAINED_ISSUES = 100;

/** The most misspelt section types whose sections are checked again as the type they are nearest to. */
const MAX_CHECKED_AS = 10;

/** The first MAX_EXPLAINED_ISSUES errors of a document that failed `schema`, each at its node. */
export function explainIssues(issues: readonly Issue[], schema: z.ZodType, data: unknown, locate: Locator): ContentError[] {
  const budget = { checkedAs: MAX_CHECKED_AS };
  return dedupe(issues.slice(0, MAX_EXPLAINED_ISSUES).flatMap((issue) => explain(issue, [], schema, data, locate, budget))).slice(0, MAX_EXPLAINED_ISSUES);
}

/** What is left of the work explaining a document's issues may do. */
interface Budget {
  checkedAs: number;
}

function explain(issue: Issue, prefix: readonly PathSegment[], schema: z.ZodType, data: unknown, locate: Locator, budget: Budget): ContentError[] {
  const path: PathSegment[] = [...prefix, ...(issue.path as PathSegment[])];
  const value = valueAt(data, path);
  const field = path[path.length - 1];
  const about = () => describeAt(schema, path, data);

  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = keysAt(schema, path, data);
      return issue.keys.slice(0, MAX_EXPLAINED_ISSUES).map((key) => locate([...path, key], problem('unknown-key', { key, known, suggestion: nearest(key, known) })));
    }
    case 'invalid_union': {
      if ('note' in issue && issue.note === 'No matching discriminator') {
        const types = ('options' in issue ? (issue.options as unknown[]) : []).map(String);
        const type = typeof value === 'string' ? value : undefined;
        const suggestion = type ? nearest(type, types) : undefined;
        return [
          locate(path, problem('unknown-section-type', { type, types, suggestion })),
          ...(suggestion && budget.checkedAs-- > 0 ? checkedAs(suggestion, path, schema, data, locate, budget) : []),
        ];
      }
      if (value === undefined) return [missing(path, locate, about())];
      // Report the member that got furthest (its errors are deeper than "wrong type").
      const deeper = issue.errors.find((member) => member.some((inner) => inner.path.length > 0));
      if (deeper && typeof value === 'object' && value !== null) {
        return deeper.flatMap((inner) => explain(inner, path, schema, data, locate, budget));
      }
      // The member of the value's own kind (text for text) says what is wrong with it.
      const sameKind = issue.errors.find((member) => member.length > 0 && member.every((inner) => inner.code !== 'invalid_type' || inner.path.length > 0));
      if (sameKind) return sameKind.flatMap((inner) => explain(inner, path, schema, data, locate, budget));
      const expected = issue.errors.flatMap((member) => member.flatMap((inner) => ('expected' in inner ? [String(inner.expected)] : [])));
      return [locate(path, problem('wrong-type', { expected, found: value, about: about() }))];
    }
    case 'invalid_type': {
      if (value === undefined) return [missing(path, locate, about())];
      return [locate(path, problem('wrong-type', { expected: [issue.expected], found: value, about: about() }))];
    }
    case 'invalid_value': {
      const allowed = issue.values.map(String);
      const suggestion = typeof value === 'string' ? nearest(value, allowed) : undefined;
      return [locate(path, problem('invalid-value', { case: 'choice', value, field: String(field), allowed, suggestion }))];
    }
    case 'too_small': {
      if (issue.origin === 'array') {
        const count = Array.isArray(value) ? value.length : 0;
        return [locate(path, problem('too-few', { case: 'list', rule: issue.message, count, about: about() }))];
      }
      if (issue.origin === 'string') return [locate(path, problem('too-few', { case: 'text', about: about() }))];
      return [locate(path, problem('too-few', { case: 'number', minimum: issue.minimum, found: value, about: about() }))];
    }
    case 'too_big': {
      if (issue.origin === 'array') return [locate(path, problem('too-many', { case: 'list', maximum: issue.maximum, about: about() }))];
      return [locate(path, problem('too-many', { case: 'number', maximum: issue.maximum, found: value, about: about() }))];
    }
    case 'invalid_format':
      return [locate(path, problem('invalid-format', { case: 'rule', value, rule: issue.message, about: about() }))];
    // zod's own message is the best there is for these (a refinement's message is the schema's).
    case 'custom':
      // A check that knows its words already (a course fact the page does not state) passes them along.
      if (isProblem(issue.params?.problem)) return [locate(path, issue.params.problem)];
      return [locate(path, problem('invalid-content', { rule: issue.message, about: about() }))];
    case 'invalid_element':
    case 'invalid_key':
    case 'not_multiple_of':
      return [locate(path, problem('invalid-content', { rule: issue.message, about: about() }))];
    default:
      return assertNever(issue);
  }
}

/**
 * A misspelt type (`packges`) would hide every other mistake of its section: the rest of the section
 * is checked as the type it is nearest to, and its errors are reported too, each at its own line,
 * saying which type they assume. `typePath` is the path of the misspelt `type` field.
 */
function checkedAs(suggestion: string, typePath: readonly PathSegment[], schema: z.ZodType, data: unknown, locate: Locator, budget: Budget): ContentError[] {
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
    .slice(0, MAX_EXPLAINED_ISSUES)
    .flatMap((issue) => explain(issue, [], schema, assumed, locate, budget))
    .map((error) => ({ ...error, message: assumingSectionType(suggestion, error.message) }));
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let value = data;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PathSegment, unknown>)[segment];
  }
  return value;
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
  if (typeof field === 'number') return locate(path, problem('missing-field', { case: 'item', index: field }));
  return locate(path, problem('missing-field', { case: 'field', field: String(field), about }));
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
