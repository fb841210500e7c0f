/**
 * The rule that keeps the one catalogue whole: no message a person reads is written at its call site
 * in the editor's server side (editor/server, hosted, repo, publish), in changing content files
 * (scripts/authoring) or in the build (scripts/builder and its commands). Every refusal comes from a
 * catalogue (`EDITOR.refusal('CODE', params)`), every problem of the configuration too; an Error with
 * words is allowed only as a fault of the code or a detail for the server's log, each listed below
 * with why. The checker reads the files' syntax (TypeScript's parser), and is tried on probes so that
 * it is known to fail.
 */
// @vitest-environment node
// @tier slow: reads the source with TypeScript's parser
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const FOLDERS = ['editor/server', 'editor/hosted', 'editor/repo', 'editor/publish', 'scripts/authoring', 'scripts/builder'];
const COMMANDS = ['commands/build.ts', 'commands/check.ts', 'commands/editor-server.ts', 'commands/new-page.ts'];

/**
 * Errors with words that no person reads as a message, by file and the start of their text: faults of
 * the code (a 500 in the editor, whose words are EDITOR_SERVER_PROBLEM), and details for the log.
 */
const NOT_FOR_A_PERSON: Record<string, string[]> = {
  // The sender went away: nobody to answer.
  'editor/server/http.ts': ['The request was given up before its body arrived.'],
  // The server made the id itself (editorId): a fault of the code.
  'editor/repo/repository.ts': ['Not a draft id'],
  // The host's own words, into the log beside PUBLISH_DEPLOY_FAILED.
  'editor/publish/deploy.ts': ['… has no index.html', 'The live folder', 'firebase '],
  // Faults of the code, answered with PUBLISH_SERVER_PROBLEM / EDITOR_SERVER_PROBLEM / BUILD_FAULT.
  'editor/publish/publisher.ts': ['The published version'],
  'scripts/authoring/kept-names.ts': ['git check-ignore'],
  'scripts/authoring/yaml-edit.ts': ['Edits overlap.', 'A node without a source range.'],
  'scripts/builder/output-folder.ts': ['recoverOutput('],
  'scripts/builder/parallel.ts': ['build worker failed'],
  'scripts/builder/social.ts': ['… is not in public/'],
  // git's own words about a photo it could not read, for the log; the review shows no picture for it.
  'editor/publish/visible.ts': ['git cat-file …: …'],
  // A thread asked for work it does not do: a fault of the code, answered with BUILD_FAULT.
  'scripts/builder/brochure-worker.ts': ["the brochure's thread cannot …"],
  'scripts/builder/build-worker.ts': ['the brochure has a thread of its own'],
  // A render's later runs came to a thread before its first (parallel.ts sends them in order): a fault of the code.
  'scripts/builder/page-work.ts': ['a render run came before its context'],
};

/** Text with words in it (two words of letters), as a literal or a template's fixed parts. */
function wordsIn(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return /[A-Za-z]+ [A-Za-z]+/.test(node.text) ? node.text : undefined;
  if (ts.isTemplateExpression(node)) {
    const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
    return /[A-Za-z]+ [A-Za-z]+/.test(text) ? text : undefined;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return wordsIn(node.left) ?? wordsIn(node.right);
  if (ts.isParenthesizedExpression(node)) return wordsIn(node.expression);
  if (ts.isConditionalExpression(node)) return wordsIn(node.whenTrue) ?? wordsIn(node.whenFalse);
  return undefined;
}

function calleeName(node: ts.Expression): string {
  return ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : '';
}

/** The inline messages of one file: `file:line what`. */
function inlineWords(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${what}`);
  const allowed = NOT_FOR_A_PERSON[file] ?? [];
  const visit = (node: ts.Node, inProblem: boolean) => {
    if (ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      const first = node.arguments?.[0];
      if (name === 'Refusal') at(node, 'new Refusal(…) outside a catalogue: use CATALOGUE.refusal(code, params)');
      else if (name === 'PreviewRefusal' && !(first && ts.isCallExpression(first) && calleeName(first.expression) === 'refusal')) at(node, 'new PreviewRefusal(…) without a catalogued refusal');
      else if (/(Error|Refusal|Unreachable)$/.test(name) && first) {
        const words = wordsIn(first);
        if (words !== undefined && !allowed.some((start) => words.startsWith(start))) at(node, `new ${name}("${words.slice(0, 60)}") with words written here`);
      }
    }
    // `{ error: 'words', hint: 'words' }`: an answer's words written at the call site.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && (node.name.text === 'error' || node.name.text === 'hint') && wordsIn(node.initializer) !== undefined) {
      at(node, `${node.name.text}: words written here`);
    }
    if (ts.isCallExpression(node) && calleeName(node.expression) === 'sendWords' && node.arguments[2] && wordsIn(node.arguments[2]) !== undefined) at(node, 'sendWords(…) with words written here');
    // A function that says what is wrong with the configuration (`configurationProblem`) returns catalogued words.
    if (inProblem && ts.isReturnStatement(node) && node.expression && wordsIn(node.expression) !== undefined) at(node, 'a problem returned in words written here');
    const problemFunction = (ts.isFunctionDeclaration(node) && /Problem$/.test(node.name?.text ?? '')) || (inProblem && !ts.isFunctionLike(node));
    ts.forEachChild(node, (child) => visit(child, problemFunction));
  };
  visit(sf, false);
  return found;
}

function filesOf(folder: string): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return filesOf(relative);
    return /\.(ts|mts)$/.test(name) ? [relative] : [];
  });
}

describe('no message a person reads is written inline', () => {
  const files = [...FOLDERS.flatMap(filesOf), ...COMMANDS];

  it('in the editor server, changing content files, the build and their commands', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => inlineWords(file, readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('finds a refusal, an answer, an error, a plain page and a configuration problem written inline (probes)', () => {
    const probe = [
      "throw new Refusal(400, { error: 'The page is gone.', hint: 'Reload the list.' });",
      "sendJson(res, 503, { error: `The repository of ${origin} does not answer.` });",
      "throw new Error(`The state folder ${dir} is not writable.`);\nthrow new TokenRefusal('the sign-in has expired');",
      "throw new PreviewRefusal(new Refusal(403, words));",
      "sendWords(res, 421, 'This is not the editor.');",
      "export function configurationProblem(o: O): string | undefined { if (o.x) return 'Set the address editors open.'; return undefined; }",
      // Catalogued: nothing to find.
      "throw EDITOR.refusal('EDITOR_PAGE_GONE', { file });",
      "throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_PRIVATE'));",
      "throw new Error(ADMIN.text('ADMIN_VARIABLE_MISSING', { name }));",
      "export function stateDirProblem(dir: string): string | undefined { return ADMIN.text('ADMIN_STATE_IN_NODE_MODULES', { stateDir: dir }); }",
    ].join('\n');
    const lines = inlineWords('editor/hosted/probe.ts', probe).map((found) => Number(/:(\d+) /.exec(found)![1]));
    // Line 1: the Refusal, and its two words; line 5: the PreviewRefusal and the Refusal inside it.
    expect(lines).toEqual([1, 1, 1, 2, 3, 4, 5, 5, 6, 7]);
  });

  it('lets through only the faults and log details listed, not a new error with words in the same file', () => {
    expect(inlineWords('editor/repo/repository.ts', 'throw new Error(`Not a draft id: ${id}`);')).toEqual([]);
    expect(inlineWords('editor/repo/repository.ts', "throw new Error('The repository has no main branch.');")).toHaveLength(1);
  });
});
