/**
 * One YAML file → a validated value or every error in it, each located at its YAML node.
 * No React and no file system here: the caller reads the file. The checks are here; where each error
 * is, in locate.ts; what it says, in the catalogue (error-codes.ts); zod's issues, in issues.ts.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import { isScalar, visit } from 'yaml';
import type * as z from 'zod';
import { problem, type Problem } from './error-codes';
import type { ContentError } from './errors';
import { explainIssues, MAX_EXPLAINED_ISSUES } from './issues';
import { lazyLocator, locateAtOffset, locator, nearestPath, parseWithPositions, pathOf, propertyOffset, tabIndentedLines, unclosedAt, type Locator, type Positions } from './locate';
import { quickYaml } from './quick-yaml';
import { checkText } from './source';

export type Validated<T> = { ok: true; value: T; locate: Locator } | { ok: false; errors: ContentError[] };

/**
 * A token that may start an anchor (&name), an alias (*name) or a tag (!tag) where a value begins:
 * after indentation, "- ", ": ", "? " or a flow bracket or comma. Ordinary text ("Analysis & Design",
 * "We are hiring!") does not match. A match is only a suspicion: the slow path looks at the parsed
 * document and decides. No nested quantifiers, so the test is linear in the file's length.
 */
const MAY_HAVE_PROPERTIES = /(?:^|[\s[{,])(?:[&*][^\s[\]{},]|!)/m;
/** What MAY_HAVE_PROPERTIES cannot match without. */
const PROPERTY_MARKS = ['&', '*', '!'];

/**
 * A plain value the two parsers read differently (tests/content/yaml-agreement.test.ts): binary
 * numbers (0b101: js-yaml 5, YAML 1.2 and `yaml` the text "0b101"), signed hexadecimal or octal
 * numbers (+0x1F, -0o7), signed fractions without a leading digit (+.5: js-yaml the text, YAML 1.2
 * the number 0.5) and minus zero, where a value begins. A file holding one takes the slow path, so it
 * publishes what the editor shows (both read it with `yaml`). Ordinary text rarely matches, and a
 * match only costs that file the slow path.
 */
const PARSERS_DISAGREE = /(?:^|[\s[{,])(?:[-+]?0b|[-+]0[xo]|[-+]\.\d|-0(?:\.0*)?(?=\s*(?:$|[,\]}#])))/m;
/** What PARSERS_DISAGREE cannot match without. */
const DISAGREEING_MARKS = ['0b', '-0', '+0', '-.', '+.'];

/**
 * Whether `pattern` matches `text`, asked only when a mark it cannot match without is there: the
 * marks are searched for faster than a pattern reads a text that has none (5 µs against 30 µs for a
 * page of 18 KB, each pattern).
 */
const matches = (text: string, marks: readonly string[], pattern: RegExp) => marks.some((mark) => text.includes(mark)) && pattern.test(text);

/**
 * Two paths. Valid files (nearly all of them) take the fast one: the quick reader (or js-yaml where it
 * gives up), ten to thirty times faster than `yaml` with positions, then zod. A file with any mistake, or with anything that may be an anchor,
 * alias or tag, or any value the two parsers read differently (PARSERS_DISAGREE), is parsed with `yaml`,
 * whose node ranges locate every error exactly; elsewhere they agree on values (YAML 1.2's core schema).
 */
/**
 * Milliseconds the fast path spent in each of its steps, summed since the process started: the
 * build's profile reads them (scripts/builder/profile.ts). Two clock readings a step.
 */
export const fastPathTimes = { text: 0, parse: 0, schema: 0 };

export function validateYaml<S extends z.ZodType>(schema: S, file: string, source: string): Validated<z.output<S>> {
  let clock = performance.now();
  const lap = (step: keyof typeof fastPathTimes) => {
    const now = performance.now();
    fastPathTimes[step] += now - clock;
    clock = now;
  };
  const textErrors = checkText(file, source);
  lap('text');
  // Too deep to parse safely: stop here. A hidden character: report it with everything else.
  if (textErrors.some((error) => error.code === 'too-deep')) return { ok: false, errors: textErrors };
  if (textErrors.length > 0 || matches(source, PROPERTY_MARKS, MAY_HAVE_PROPERTIES) || matches(source, DISAGREEING_MARKS, PARSERS_DISAGREE)) return withErrors(textErrors, validateSlowly(schema, file, source));
  let data: unknown;
  try {
    // The quick reader where it can (src/content/quick-yaml.ts), js-yaml where it gives up.
    data = quickYaml(source) ?? load(source, { schema: CORE_SCHEMA, filename: file });
    lap('parse');
  } catch {
    return validateSlowly(schema, file, source);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return validateSlowly(schema, file, source);
  const result = schema.safeParse(data);
  lap('schema');
  if (!result.success) return validateSlowly(schema, file, source);
  return { ok: true, value: result.data, locate: lazyLocator(file, () => source) };
}

function withErrors<T>(errors: ContentError[], result: Validated<T>): Validated<T> {
  if (errors.length === 0) return result;
  return { ok: false, errors: [...errors, ...(result.ok ? [] : result.errors)] };
}

function validateSlowly<S extends z.ZodType>(schema: S, file: string, source: string): Validated<z.output<S>> {
  const positions = parseWithPositions(file, source);
  const { doc } = positions;
  if (doc.errors.length > 0) return { ok: false, errors: [syntaxError(positions)] };

  const propertyErrors = propertiesIn(positions);
  if (propertyErrors.length > 0) return { ok: false, errors: propertyErrors };

  const locate = locator(positions);

  const data: unknown = doc.toJS();
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, errors: [locate([], problem('not-a-document'))] };
  }

  const result = schema.safeParse(data);
  if (result.success) return { ok: true, value: result.data, locate };
  return { ok: false, errors: explainIssues(result.error.issues, schema, data, locate) };
}

/**
 * The first syntax error only: after one, the parser misreads what follows, and its later errors
 * are echoes of the first (one tab in an indentation makes ten). A tab in an indentation is the
 * commonest cause and the parser's own words for it are misleading, so it is named as such.
 */
function syntaxError(positions: Positions): ContentError {
  const { doc, source } = positions;
  const tabs = tabIndentedLines(source);
  const [first] = doc.errors;
  const opening = unclosedAt(doc, first!.pos[0]);
  const offset = tabs.length > 0 ? tabs[0]!.offset : opening ? opening.offset : first!.pos[0];
  const at = (found: Problem) => locateAtOffset(positions, offset, nearestPath(doc, offset), found);
  if (tabs.length > 0) return at(problem('yaml-tab', { otherLines: tabs.slice(1).map((tab) => tab.line) }));
  if (opening) {
    return at(problem('yaml-syntax', 'quote' in opening ? { case: 'unclosed-quote', quote: opening.quote } : { case: 'unclosed-bracket', opener: opening.opener }));
  }
  if (first!.code === 'DUPLICATE_KEY') return at(problem('yaml-duplicate-key'));
  return at(problem('yaml-syntax', { case: 'parser', parserMessage: first!.message }));
}

/**
 * Anchors, aliases and tags: none is needed to write a page, and each is a way to publish something
 * other than what the file seems to say. An alias repeats another part of the file, so a few
 * hundred bytes of nested aliases expand into gigabytes; a tag is silently dropped from the text
 * (`subtitle: !New batch` publishes "batch") or asks for a type the site cannot show.
 */
function propertiesIn(positions: Positions): ContentError[] {
  // The first MAX_EXPLAINED_ISSUES of them, as for zod's issues: each is located in the text.
  const { doc, source } = positions;
  const errors: ContentError[] = [];
  // Located where the property is written; its path is that of the value it is attached to.
  visit(doc, {
    Alias(_, node, ancestors) {
      if (errors.length >= MAX_EXPLAINED_ISSUES) return visit.BREAK;
      errors.push(locateAtOffset(positions, node.range?.[0] ?? 0, pathOf(node, ancestors), problem('yaml-alias', { case: 'alias', name: node.source })));
      return visit.SKIP;
    },
    Node(_, node, ancestors) {
      if (errors.length >= MAX_EXPLAINED_ISSUES) return visit.BREAK;
      // Only a node with a property has its path found (a search of its list): a page has thousands of nodes.
      if (!node.anchor && !node.tag) return;
      const start = node.range?.[0] ?? 0;
      const where = pathOf(node, ancestors);
      if (node.anchor) {
        errors.push(locateAtOffset(positions, propertyOffset(source, `&${node.anchor}`, start), where, problem('yaml-alias', { case: 'anchor', name: node.anchor })));
      }
      if (node.tag) {
        const offset = propertyOffset(source, '!', start);
        const written = source.slice(offset, source.indexOf('\n', offset) === -1 ? undefined : source.indexOf('\n', offset)).trim();
        // `!New batch` is text that happens to start with "!"; `!!js/function "…"` asks for a type.
        const text = isScalar(node) && !written.startsWith('!!') && !/^\S+\s+["']/.test(written);
        errors.push(locateAtOffset(positions, offset, where, problem('yaml-tag', { written, text })));
      }
    },
  });
  return errors;
}
