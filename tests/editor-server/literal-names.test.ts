/**
 * A file's name reaches git as a name, never as a pattern (issue 41, hardening): publishing checks out
 * a draft's files and removes the ones the draft deleted by name (editor/publish/publisher.ts), and a
 * draft's save adds by name (editor/repo/repository.ts), all through editor/repo/git.ts. A page named
 * `pages/*.yaml` (refused by the content rules today, but not by git) names that one file: every other
 * page stays, on a real repository.
 */
// @tier slow: runs git on a temporary repository
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../editor/repo/git';
import { developerGit } from '../helpers/site-repository';

let dir: string;
const inRepo = (...args: string[]) => git(args, { cwd: dir });
const pages = () => developerGit(dir, 'ls-files', '--', 'pages').split('\n').filter(Boolean).sort();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cesa-literal-'));
  mkdirSync(path.join(dir, 'pages'));
  for (const name of ['a', 'b', 'c']) writeFileSync(path.join(dir, `pages/${name}.yaml`), `${name} on main\n`);
  developerGit(dir, 'init', '--quiet');
  developerGit(dir, 'add', '--all');
  developerGit(dir, 'commit', '--quiet', '-m', 'main');
  // A draft that changed every page and added one named like a pattern.
  developerGit(dir, 'checkout', '--quiet', '-b', 'draft');
  for (const name of ['a', 'b', 'c', '*']) writeFileSync(path.join(dir, `pages/${name}.yaml`), `${name} in the draft\n`);
  developerGit(dir, 'add', '--all');
  developerGit(dir, 'commit', '--quiet', '-m', 'draft');
  developerGit(dir, 'checkout', '--quiet', 'main');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a page named pages/*.yaml', () => {
  it('checked out from a draft brings that file alone, not every page the draft changed', async () => {
    await inRepo('checkout', '--quiet', 'draft', '--', 'pages/*.yaml');
    expect(readFileSync(path.join(dir, 'pages/*.yaml'), 'utf8')).toBe('* in the draft\n');
    // Neither in the files nor in what the next commit holds (the index).
    for (const name of ['a', 'b', 'c']) {
      expect(readFileSync(path.join(dir, `pages/${name}.yaml`), 'utf8')).toBe(`${name} on main\n`);
      expect(developerGit(dir, 'show', `:pages/${name}.yaml`)).toBe(`${name} on main`);
    }
  });

  it('added and removed by name: every other page stays', async () => {
    await inRepo('add', '--', 'pages/*.yaml');
    expect(pages()).toEqual(['pages/*.yaml', 'pages/a.yaml', 'pages/b.yaml', 'pages/c.yaml']);
    await inRepo('rm', '--quiet', '--force', '--ignore-unmatch', '--', 'pages/*.yaml');
    expect(pages()).toEqual(['pages/a.yaml', 'pages/b.yaml', 'pages/c.yaml']);
    for (const name of ['a', 'b', 'c']) expect(existsSync(path.join(dir, `pages/${name}.yaml`))).toBe(true);
  });
});
