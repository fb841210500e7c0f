/**
 * Who may use the hosted editor: editors.yaml at the root of the site's repository, on main. Changed
 * by a developer through git (never by the editor: its API writes only pages/ and public/), read
 * again on every request, so an editor removed from it is refused at their next request.
 *
 *   editors:
 *     - email: asha.editor@example.com
 *       name: Asha Editor
 *       role: editor        # editor: edits in a draft; publisher: also publishes
 */
import { LineCounter, parseDocument } from 'yaml';
import * as z from 'zod';

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

/** The list of editors in `text` (editors.yaml), or an EditorsFileProblem naming every mistake with its line. */
export function parseEditors(text: string): Editor[] {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) {
    const error = document.errors[0]!;
    const { line } = lineCounter.linePos(error.pos[0]);
    throw new EditorsFileProblem(`${EDITORS_FILE}, line ${line}: it is not valid YAML (${error.message.split('\n')[0]}).`);
  }
  const result = EditorsFileSchema.safeParse(document.toJS());
  const problems: string[] = [];
  const lineOf = (at: readonly PropertyKey[]) => {
    for (let length = at.length; length >= 0; length--) {
      const node = document.getIn(at.slice(0, length) as (string | number)[], true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return 1;
  };
  if (!result.success) {
    for (const issue of result.error.issues) {
      const where = issue.path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
      problems.push(`${EDITORS_FILE}, line ${lineOf(issue.path)}${where ? ` (${where})` : ''}: ${issue.message}.`);
    }
    throw new EditorsFileProblem(`${problems.join('\n')}\nEach entry needs email, name and role (editor or publisher); see README, "The hosted editor".`);
  }
  const seen = new Map<string, number>();
  const drafts = new Map<string, number>();
  result.data.editors.forEach((editor, index) => {
    const email = editor.email.toLowerCase();
    const first = seen.get(email);
    if (first !== undefined) problems.push(`${EDITORS_FILE}, line ${lineOf(['editors', index])}: ${editor.email} is listed twice (also editors[${first}]). Keep one entry.`);
    seen.set(email, index);
    // Two addresses whose draft would have one name would read and overwrite each other's work.
    const id = editorId(email);
    const sharing = drafts.get(id);
    if (first === undefined && sharing !== undefined) {
      const other = result.data.editors[sharing]!.email;
      problems.push(
        `${EDITORS_FILE}: ${other} (line ${lineOf(['editors', sharing])}) and ${editor.email} (line ${lineOf(['editors', index])}) would share one draft (drafts/${id}), each reading and overwriting the other's work. ` +
          "Nobody can sign in until one of the two is removed: ask a developer to keep one of them in editors.yaml on main, and to list the other person with another Google account.",
      );
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
