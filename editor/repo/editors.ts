/**
 * Who may use the hosted editor: editors.yaml at the root of the site's repository, on main. Changed
 * by a developer through git (never by the editor: its API writes only pages/ and public/), looked at
 * on every request (parsed once per fetched commit of main, signed-in.ts), so an editor removed from it
 * is refused at their next request.
 *
 *   editors:
 *     - email: asha.editor@example.com
 *       name: Asha Editor
 *       role: editor        # editor: edits in a draft; publisher: also publishes
 */
import { LineCounter, parseDocument } from 'yaml';
import * as z from 'zod';
import { ADMIN } from '../errors';

export const EDITORS_FILE = 'editors.yaml';

export const RoleSchema = z.enum(['editor', 'publisher']).describe('editor: edits pages in a draft; publisher: may also publish drafts to the live site');

export const EditorSchema = z
  .object({
    email: z.email().describe('The Google account the person signs in with'),
    name: z.string().trim().min(1).describe('Their name, as commits and the page list show it'),
    role: RoleSchema,
  })
  .strict();

export const EditorsFileSchema = z.object({ editors: z.array(EditorSchema).describe('Everyone who may sign in to the editor') }).strict();

export type Editor = z.infer<typeof EditorSchema>;
export type Role = z.infer<typeof RoleSchema>;

/** editors.yaml cannot be read: what is wrong, where, in words for the server's log and the person refused. */
export class EditorsFileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EditorsFileProblem';
  }
}

/** A value as the administrator wrote it: its kind, and the text or number itself. */
function written(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a block of keys';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value === 'number' ? 'the number' : 'the value'} ${value}`;
  return `a ${typeof value}`;
}

/** `editors[0].role` */
function pathText(at: readonly PropertyKey[]): string {
  return at.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
}

/** One mistake zod found, in the administrator's words (never zod's): the ADMIN_EDITORS_* entries of editor/errors.ts. */
function issueWords(issue: z.core.$ZodIssue, line: number, input: unknown): string {
  const at = issue.path;
  const where = pathText(at);
  const key = String(at[at.length - 1] ?? '');
  const value = at.reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[part] : undefined), input);
  // The file itself, or its `editors`, is not a list of people.
  if (at.length <= 1) {
    if (issue.code === 'unrecognized_keys') return ADMIN.text('ADMIN_EDITORS_UNKNOWN_TOP_KEY', { line, key: issue.keys.join('", "') });
    return ADMIN.text('ADMIN_EDITORS_NO_LIST', { line });
  }
  if (at.length === 2) {
    if (issue.code === 'unrecognized_keys') return ADMIN.text('ADMIN_EDITORS_UNKNOWN_KEY', { line, where, key: issue.keys.join('", "') });
    return ADMIN.text('ADMIN_EDITORS_ENTRY_NOT_A_BLOCK', { line, where, value: written(value) });
  }
  if (value === undefined) return ADMIN.text('ADMIN_EDITORS_MISSING_KEY', { line, where, key });
  if (key === 'email' && issue.code === 'invalid_format') return ADMIN.text('ADMIN_EDITORS_BAD_EMAIL', { line, where, value: written(value) });
  if (key === 'name' && issue.code === 'too_small') return ADMIN.text('ADMIN_EDITORS_EMPTY_NAME', { line, where });
  if (key === 'role' && issue.code === 'invalid_value') return ADMIN.text('ADMIN_EDITORS_BAD_ROLE', { line, where, value: written(value) });
  return ADMIN.text('ADMIN_EDITORS_NOT_TEXT', { line, where, value: written(value) });
}

/** The list of editors in `text` (editors.yaml), or an EditorsFileProblem naming every mistake with its line and what to do. */
export function parseEditors(text: string): Editor[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) {
    const error = document.errors[0]!;
    const { line } = lineCounter.linePos(error.pos[0]);
    throw new EditorsFileProblem(ADMIN.text('ADMIN_EDITORS_NOT_YAML', { line, problem: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '') }));
  }
  const input = document.toJS() as unknown;
  const result = EditorsFileSchema.safeParse(input);
  const problems: string[] = [];
  const lineOf = (at: readonly PropertyKey[]) => {
    for (let length = at.length; length >= 0; length--) {
      const node = document.getIn(at.slice(0, length) as (string | number)[], true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return 1;
  };
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(issueWords(issue, lineOf(issue.path), input));
    throw new EditorsFileProblem(problems.join('\n'));
  }
  const seen = new Map<string, number>();
  const drafts = new Map<string, number>();
  result.data.editors.forEach((editor, index) => {
    const email = editor.email.toLowerCase();
    const first = seen.get(email);
    if (first !== undefined) problems.push(ADMIN.text('ADMIN_EDITORS_LISTED_TWICE', { line: lineOf(['editors', index]), email: editor.email, first: String(first) }));
    seen.set(email, index);
    // Two addresses whose draft would have one name would read and overwrite each other's work.
    const id = editorId(email);
    const sharing = drafts.get(id);
    if (first === undefined && sharing !== undefined) {
      const other = result.data.editors[sharing]!.email;
      problems.push(ADMIN.text('ADMIN_EDITORS_SHARE_DRAFT', { other, otherLine: lineOf(['editors', sharing]), email: editor.email, line: lineOf(['editors', index]), draft: id }));
    }
    drafts.set(id, sharing ?? index);
  });
  if (problems.length > 0) throw new EditorsFileProblem(problems.join('\n'));
  return result.data.editors.map((editor) => ({ ...editor, email: editor.email.toLowerCase() }));
}

/**
 * The draft's name for an editor: their email in lowercase letters, digits and dashes
 * (`asha-editor-example-com`), at most 100 characters. Not one-to-one (`sam.k@` and `sam-k@` give one
 * name, as do two long addresses alike in their first 100 characters): parseEditors refuses a list in
 * which two addresses give one name, so no two listed people ever share a draft.
 */
export function editorId(email: string): string {
  return email
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** Whom to ask for access: the publishers' names, or everyone's when there is no publisher. */
export function whomToAsk(editors: readonly Editor[]): string {
  const publishers = editors.filter((editor) => editor.role === 'publisher');
  const names = (publishers.length > 0 ? publishers : editors).map((editor) => editor.name);
  if (names.length === 0) return "the site's administrator";
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]!}`;
}

/** An example list for a checkout that has none (zero-config mode): plainly example addresses. */
export const EXAMPLE_EDITORS: Editor[] = [
  { email: 'asha.editor@example.com', name: 'Asha Editor', role: 'editor' },
  { email: 'ravi.editor@example.com', name: 'Ravi Editor', role: 'editor' },
  { email: 'meera.publisher@example.com', name: 'Meera Publisher', role: 'publisher' },
];

export function exampleEditorsYaml(): string {
  const entries = EXAMPLE_EDITORS.map((editor) => `  - email: ${editor.email}\n    name: ${editor.name}\n    role: ${editor.role}\n`).join('');
  return `# Who may sign in to the hosted editor (npm run editor-server): the Google account's email, the name\n# commits carry, and the role (editor: edits in a draft; publisher: may also publish).\n# These are examples for trying the editor on this computer: replace them with real accounts.\neditors:\n${entries}`;
}
