/** editors.yaml: who may use the hosted editor, and the words when the file has a mistake. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { editorId, EditorsFileProblem, parseEditors, whomToAsk, exampleEditorsYaml, EXAMPLE_EDITORS } from '../../editor/repo/editors';

function problemOf(text: string): string {
  try {
    parseEditors(text);
  } catch (error) {
    if (error instanceof EditorsFileProblem) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('editors.yaml', () => {
  it('reads the list, emails in lowercase', () => {
    expect(parseEditors('editors:\n  - email: Asha.Editor@Example.com\n    name: Asha\n    role: editor\n')).toEqual([{ email: 'asha.editor@example.com', name: 'Asha', role: 'editor' }]);
    expect(parseEditors(exampleEditorsYaml())).toEqual(EXAMPLE_EDITORS);
  });

  it('says what is wrong and on which line', () => {
    expect(problemOf('editors:\n  - email: asha@example.com\n    name: Asha\n    role: admin\n')).toMatch(/^editors\.yaml, line 4 \(editors\[0\]\.role\): .*"editor"|"publisher"/);
    expect(problemOf('editors:\n  - email: not-an-email\n    name: A\n    role: editor\n')).toMatch(/^editors\.yaml, line 2 \(editors\[0\]\.email\)/);
    expect(problemOf('editors:\n  - email: a@example.com\n    role: editor\n')).toMatch(/line 2 \(editors\[0\]\.name\)/);
    expect(problemOf('editors:\n  - email: a@example.com\n    name: A\n    role: editor\n    password: x\n')).toMatch(/line 2.*password/);
    expect(problemOf('editors: [\n')).toMatch(/^editors\.yaml, line \d: it is not valid YAML/);
    expect(problemOf('editors:\n  - { email: a@example.com, name: A, role: editor }\n  - { email: A@example.com, name: B, role: editor }\n')).toBe(
      'editors.yaml, line 3: A@example.com is listed twice (also editors[0]). Keep one entry.',
    );
  });

  it.each([
    ['a role that does not exist', 'editors:\n  - email: asha@example.com\n    name: Asha\n    role: admin\n', 'editors.yaml, line 4 (editors[0].role): "admin" is not a role. The role is "editor"'],
    ['an address that is not one', 'editors:\n  - email: asha.example.com\n    name: Asha\n    role: editor\n', 'editors.yaml, line 2 (editors[0].email): "asha.example.com" is not an email address. Write the Google account'],
    ['a name left out', 'editors:\n  - email: a@example.com\n    role: editor\n', 'editors.yaml, line 2 (editors[0].name): the entry has no name. Add "name: …" to it.'],
    ['an empty name', 'editors:\n  - email: a@example.com\n    name: "  "\n    role: editor\n', 'editors.yaml, line 3 (editors[0].name): the name is empty.'],
    ['a number for a name', 'editors:\n  - email: a@example.com\n    name: 42\n    role: editor\n', 'editors.yaml, line 3 (editors[0].name): expected text, found the number 42.'],
    ['a key of its own', 'editors:\n  - email: a@example.com\n    name: A\n    role: editor\n    password: x\n', 'editors.yaml, line 2 (editors[0]): "password" is not a key an editor\'s entry has. Remove it'],
    ['an address alone for an entry', 'editors:\n  - asha@example.com\n', 'editors.yaml, line 2 (editors[0]): expected an entry with email, name and role, found "asha@example.com".'],
    ['another top key', 'people:\n  - email: a@example.com\n', 'editors.yaml, line 1: the file must hold one key, editors, with a list of people under it.'],
    ['an empty file', '', 'editors.yaml, line 1: the file must hold one key, editors, with a list of people under it.'],
    ['the list as a block', 'editors:\n  email: a@example.com\n', 'editors.yaml, line 2: the file must hold one key, editors'],
    ['a tab', 'editors:\n\t- email: a@example.com\n', 'editors.yaml, line 2: it is not valid YAML (Tabs are not allowed as indentation). Check the indentation'],
  ])('%s: in plain words, with the line and what to do, never zod\'s', (_name, text, start) => {
    const problem = problemOf(text);
    expect(problem.startsWith(start), problem).toBe(true);
    // zod's own English ("Invalid option: expected one of", "Invalid input", "Unrecognized key") never reaches the administrator.
    expect(problem).not.toMatch(/Invalid|Unrecognized|expected one of|received|at line \d+, column/);
    for (const line of problem.split('\n')) expect(line, 'what to do, after what is wrong').toMatch(/^editors\.yaml, line \d+.*\. \S.+$/);
  });

  it('names every mistake of the file, one a line', () => {
    const problem = problemOf('editors:\n  - email: a@example\n    name: A\n    role: boss\n  - email: b@example.com\n    role: editor\n');
    expect(problem.split('\n').map((line) => /^editors\.yaml, line (\d+) \(([^)]+)\)/.exec(line)?.slice(1))).toEqual([
      ['2', 'editors[0].email'],
      ['4', 'editors[0].role'],
      ['5', 'editors[1].name'],
    ]);
  });

  it('names whom to ask: the publishers, or everyone when there is none', () => {
    expect(whomToAsk(EXAMPLE_EDITORS)).toBe('Meera Publisher');
    expect(whomToAsk([...EXAMPLE_EDITORS, { email: 'b@example.com', name: 'Bina', role: 'publisher' }])).toBe('Meera Publisher or Bina');
    expect(whomToAsk(EXAMPLE_EDITORS.filter((editor) => editor.role === 'editor'))).toBe('Asha Editor or Ravi Editor');
    expect(whomToAsk([])).toBe("the site's administrator");
  });

  it('refuses two addresses that would share one draft, naming both lines and what to do', () => {
    const pairs: [string, string][] = [
      ['sam.k@x.com', 'sam-k@x.com'],
      ['sam.k@x.com', 'sam_k@x.com'],
      ['sam+k@x.com', 'sam-k@x.com'],
      ['sam@k.x.com', 'sam.k@x.com'],
      ['sam-k@x.com', 'sam--k@x.com'],
      ['Sam.K@X.com', 'sam_k@x.com'],
      // Alike in their first 100 characters, the draft name's length.
      [`sam.k@${'a'.repeat(60)}.${'b'.repeat(40)}.one.com`, `sam.k@${'a'.repeat(60)}.${'b'.repeat(40)}.two.com`],
    ];
    for (const [first, second] of pairs) {
      const text = `editors:\n  - { email: ${first}, name: First, role: editor }\n  - { email: asha@example.org, name: Other, role: editor }\n  - { email: ${second}, name: Second, role: editor }\n`;
      const problem = problemOf(text);
      expect(problem, `${first} / ${second}`).toBe(
        `editors.yaml: ${first} (line 2) and ${second} (line 4) would share one draft (drafts/${editorId(first)}), each reading and overwriting the other's work. ` +
          'Nobody can sign in until one of the two is removed: ask a developer to keep one of them in editors.yaml on main, and to list the other person with another Google account.',
      );
    }
  });

  it('gives every address it accepts a draft of its own', () => {
    const emails = ['sam.k@x.com', 'samk@x.com', 'sam.k@x.org', 'sam.k2@x.com', 'k.sam@x.com'];
    const editors = parseEditors(`editors:\n${emails.map((email) => `  - { email: ${email}, name: N, role: editor }\n`).join('')}`);
    expect(new Set(editors.map((editor) => editorId(editor.email))).size).toBe(emails.length);
  });

  it('makes a draft id of letters, digits and dashes from an email', () => {
    expect(editorId('Asha.Editor+cms@Example.com')).toBe('asha-editor-cms-example-com');
  });
});
