/**
 * A build and a check change no committed file but firebase.json (which the content decides): a
 * copy of the project's files in a git repository of its own, then `npm run check` and
 * `npm run build` as an editor runs them, then `git status`.
 */
// @tier slow: builds the site and runs git
// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
let project: string;

const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: project, encoding: 'utf8' });
/** What the npm script runs (package.json): the section index, then the command. */
const run = (script: string) => {
  const index = spawnSync(process.execPath, ['scripts/codegen/section-index.mjs'], { cwd: project, encoding: 'utf8' });
  expect(index.status, index.stderr).toBe(0);
  return spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: project, encoding: 'utf8' });
};

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'cesa-committed-'));
  // The files git would commit here: tracked ones and new ones not ignored, as they are now.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    try {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(project, file));
    } catch (error) {
      // A file deleted in the working tree but not yet from the index: not part of the project now.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  git('init', '--quiet');
  git('add', '-A');
  git('commit', '--quiet', '-m', 'as committed');
}, 60_000);
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('committed files', { timeout: 180_000 }, () => {
  it('npm run check and npm run build leave every committed file as it is', () => {
    const check = run('commands/check.ts');
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).not.toMatch(/out of date/);
    const build = run('commands/build.ts');
    expect(build.status, build.stderr).toBe(0);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('npm run check says which generated file is out of date and what to run, and writes none', () => {
    const schema = path.join(project, 'schemas/page.schema.json');
    writeFileSync(schema, readFileSync(schema, 'utf8').replace('CESA page:', 'An older page schema:'));
    const check = run('commands/check.ts');
    expect(check.stdout).toContain('schemas/page.schema.json is out of date with the code: run npm run codegen and commit it.');
    expect(readFileSync(schema, 'utf8')).toContain('An older page schema:');

    const codegen = run('commands/codegen.ts');
    expect(codegen.status, codegen.stderr).toBe(0);
    expect(codegen.stdout).toContain('schemas/page.schema.json');
    expect(git('status', '--porcelain')).toBe('');
  });
});
