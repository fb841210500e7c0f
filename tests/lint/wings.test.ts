/**
 * The two wings (eslint.config.js, `wings/imports`): the engine (src/, the libraries of scripts/)
 * never imports the editor (editor/); the editor's browser code (editor/app/, editor/protocol/)
 * imports nothing of its server side, of scripts/ or of Node, and Firebase only in its sign-in; the
 * commands (commands/) import both. Each rule is probed with a file that breaks it and one that
 * keeps it, and every message says what to do.
 */
// @tier slow: runs ESLint
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { virtualLinter } from '../helpers/virtual-lint';

const RULE = 'wings/imports';

const VIRTUAL_FOLDERS = ['src/ui/example', 'scripts/builder/example', 'editor/app/example', 'editor/protocol/example', 'editor/server/example', 'editor/example'];

const wingMessages = virtualLinter(VIRTUAL_FOLDERS, [RULE]);

const engine = (source: string, file: string) =>
  `'${source}' is the editor (editor/), and this file is the engine (${file}): the engine never imports the editor, so that the site builds and serves without it. Hand the engine what it needs from a command (commands/), as npm run dev hands the dev server the editor's mount (editor/server/dev-config.ts), or move what both need into src/ or scripts/.`;
const browser = (source: string, what: string) =>
  `'${source}' is ${what}, but this file is the editor's browser code (editor/app/, editor/protocol/), which runs in the browser: ask the editor's server over its API (editor/protocol/), or move what both need into editor/protocol/ or src/.`;

describe('the engine never imports the editor', () => {
  it('a build library importing the editor\'s server or protocol is an error that says how to hand it in', async () => {
    const code = `import { mountEditor } from '../../../editor/server/api';\nimport type { Json } from '../../../editor/protocol/api';\nexport const unused = mountEditor;\nexport type Unused = Json;\n`;
    expect(await wingMessages(code, 'scripts/builder/example/probe.ts')).toEqual([
      engine('../../../editor/server/api', 'scripts/builder/example/probe.ts'),
      engine('../../../editor/protocol/api', 'scripts/builder/example/probe.ts'),
    ]);
  });

  it('a part of the site importing the editor\'s app is an error', async () => {
    const code = `export * from '../../../editor/app/diff';\n`;
    expect(await wingMessages(code, 'src/ui/example/probe.ts')).toEqual([engine('../../../editor/app/diff', 'src/ui/example/probe.ts')]);
  });

  it('the engine importing the engine is fine', async () => {
    expect(await wingMessages(`export * from '../../hosting/files';\nexport * from '../../../src/content/routes';\n`, 'scripts/builder/example/probe.ts')).toEqual([]);
  });

  it('a command (commands/) imports both', async () => {
    const code = `export * from '../editor/server/dev-config';\nexport * from '../scripts/dev/dev-plugin';\n`;
    // A real command's path: a command is a file of commands/, in a project already.
    expect(await wingMessages(code, 'commands/dev.ts')).toEqual([]);
  });
});

describe("the editor's browser code stays in the browser", () => {
  it("importing the editor's server side or scripts/ is an error", async () => {
    const code = `export * from '../../server/api';\nexport * from '../../../scripts/hosting/files';\n`;
    expect(await wingMessages(code, 'editor/app/example/probe.ts')).toEqual([
      browser('../../server/api', "the editor's server side"),
      browser('../../../scripts/hosting/files', 'Node code of scripts/'),
    ]);
  });

  it('a Node module is an error', async () => {
    const code = `import { readFileSync } from 'node:fs';\nexport const unused = readFileSync;\n`;
    expect(await wingMessages(code, 'editor/protocol/example/probe.ts')).toEqual([
      `'node:fs' is a Node module, but this file is the editor's browser code (editor/app/, editor/protocol/), which runs in the browser: do this in the editor's server (editor/server/) and send the result over the API.`,
    ]);
  });

  it('Firebase only in its sign-in', async () => {
    const code = `import { getAuth } from 'firebase/auth';\nexport const unused = getAuth;\n`;
    expect(await wingMessages(code, 'editor/app/example/probe.ts')).toEqual([
      `'firebase/auth' is Firebase, which in the editor only its sign-in imports (editor/app/google-sign-in.ts): call that file instead.`,
    ]);
  });

  it('the site\'s components, the protocol and its own app are fine', async () => {
    const code = `export * from '../../../src/app/App';\nexport * from '../../protocol/api';\nexport * from '../diff';\n`;
    expect(await wingMessages(code, 'editor/app/example/probe.ts')).toEqual([]);
  });
});

describe("the editor's server side", () => {
  it('uses the engine and its own protocol', async () => {
    const code = `export * from '../../../scripts/authoring/yaml-edit';\nexport * from '../../protocol/api';\nexport * from '../../../src/content/routes';\n`;
    expect(await wingMessages(code, 'editor/server/example/probe.ts')).toEqual([]);
  });

  it('imports nothing of tests/', async () => {
    expect(await wingMessages(`export * from '../../tests/helpers/dev-content';\n`, 'editor/example/probe.ts')).toEqual([
      `'../../tests/helpers/dev-content' is a test file: the project's code imports nothing of tests/.`,
    ]);
  });
});
