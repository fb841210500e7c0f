/**
 * A small site's repository for the hosted editor's tests: three tiny pages, the templates, a logo and
 * an editors.yaml, committed on main by a developer and cloned bare as the editor server's remote.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tinyPage, writeInto } from './dev-content';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SiteRepository {
  /** The developer's work tree the first commit was made in. */
  work: string;
  /** The bare repository the editor server pushes to. */
  remote: string;
}

/**
 * Makes `<temp>/site` and `<temp>/remote.git`. `code`: files of this project to commit beside the content
 * (the publishing tests need main to hold the code the server runs).
 */
export function siteRepository(temp: string, { editors, code = [] }: { editors: string; code?: readonly string[] }): SiteRepository {
  const work = path.join(temp, 'site');
  for (const file of code) writeInto(work, file, readFileSync(path.join(ROOT, file)));
  const write = (file: string, text: string) => writeInto(work, file, text);
  write('pages/_site.yaml', readFileSync(path.join(ROOT, 'tests/fixtures/site.yaml'), 'utf8'));
  for (const template of readdirSync(path.join(ROOT, 'pages/_templates'))) write(`pages/_templates/${template}`, readFileSync(path.join(ROOT, 'pages/_templates', template), 'utf8'));
  write('pages/index.yaml', tinyPage('Home'));
  write('pages/etabs.yaml', tinyPage('ETABS'));
  write('pages/staad.yaml', tinyPage('STAAD'));
  write('public/images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  write('editors.yaml', editors);
  const gitIn = (...args: string[]) => execFileSync('git', ['-C', work, '-c', 'user.name=Site Developer', '-c', 'user.email=dev@example.com', '-c', 'init.defaultBranch=main', ...args]);
  gitIn('init', '--quiet');
  gitIn('add', '--all');
  gitIn('commit', '--quiet', '-m', 'The site');
  const remote = path.join(temp, 'remote.git');
  execFileSync('git', ['clone', '--quiet', '--bare', work, remote]);
  return { work, remote };
}

/** git in `dir` as a developer (the default branch main). */
export const developerGit = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-C', dir, '-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', '-c', 'init.defaultBranch=main', ...args], { encoding: 'utf8' }).trim();

/**
 * `dir` made a checkout holding a little of everything (engine, configuration, docs, tests, content),
 * each file holding its own name, committed: the publishing server's checkout and main at once.
 */
export function littleOfEverything(dir: string): string {
  for (const file of ['src/content/load.ts', 'scripts/builder/site-build.ts', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'index.html', 'README.md', 'ARCHITECTURE.md', 'docs/guide.md', 'tests/a.test.ts', 'editors.yaml', 'firebase.json', 'pages/index.yaml', 'public/logo.svg']) {
    writeInto(dir, file, `${file}\n`);
  }
  developerGit(dir, 'init', '--quiet');
  developerGit(dir, 'add', '--all');
  developerGit(dir, 'commit', '--quiet', '-m', 'The site');
  return dir;
}
