/**
 * What counts as the server's code for publishing (code-check.ts), on a real checkout: the engine and
 * the editor (src/, scripts/, the dependencies and the build's configuration), not the README, docs,
 * tests or untracked notes.
 */
// @tier slow: runs git
// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeDifferences } from '../../editor/publish/code-check';
import { writeInto } from '../helpers/dev-content';
import { littleOfEverything } from '../helpers/site-repository';

const temp = mkdtempSync(path.join(tmpdir(), 'cesa-publish-code-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A checkout holding a little of everything, committed: the server's checkout and main at once. */
const checkout = (name: string) => littleOfEverything(path.join(temp, name));

describe('the server’s code', () => {
  it('is not the README, docs, tests, content or untracked notes: changed, they never stop publishing', async () => {
    const dir = checkout('notes');
    for (const file of ['README.md', 'ARCHITECTURE.md', 'docs/guide.md', 'tests/a.test.ts', 'editors.yaml', 'firebase.json', 'pages/index.yaml']) writeFileSync(path.join(dir, file), 'changed\n');
    writeInto(dir, '.some-file', 'an untracked note\n');
    writeInto(dir, 'notes/todo.txt', 'an untracked note\n');
    expect(await codeDifferences(dir, { cwd: dir }, 'HEAD')).toEqual([]);
  });

  it('is the engine and the editor: a change under src/ or scripts/, the dependencies or the build’s configuration, and a new file under src/', async () => {
    const dir = checkout('code');
    for (const file of ['src/content/load.ts', 'scripts/builder/site-build.ts', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'index.html']) writeFileSync(path.join(dir, file), 'changed\n');
    // A section's folder is found by its place: untracked, it still changes the build.
    writeInto(dir, 'src/sections/new-kind/schema.ts', 'export {};\n');
    expect(await codeDifferences(dir, { cwd: dir }, 'HEAD')).toEqual([
      'index.html',
      'package-lock.json',
      'scripts/builder/site-build.ts',
      'src/content/load.ts',
      'src/sections/new-kind/schema.ts',
      'tsconfig.json',
      'vite.config.ts',
    ]);
  });
});
