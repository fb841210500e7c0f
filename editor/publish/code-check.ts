/**
 * Publishing builds main's content with the code this server runs (its checkout, HostedOptions.root).
 * When main's code is not that code (a developer pushed code the server was not restarted with, or
 * the server runs code main does not have), the build would not be main: the server refuses to
 * publish and says which files differ.
 *
 * Code is what a server runs (scripts/builder/code.ts, kind 'server'): src/, scripts/, editor/ and the
 * files at the top; not the README, docs/, tests, content, editors.yaml or firebase.json, so a typo
 * fixed in the README never stops publishing. The server's files are those git would commit in its
 * checkout (tracked or new, not ignored) among those, compared by content (a new section folder
 * under src/ changes the build even untracked); without a checkout, main's list.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { isCode as isServerCode } from '../../scripts/builder/code';
import { git, GitError } from '../repo/git';

/** Whether `file` (a path of the repository) is code a server runs (scripts/builder/code.ts). */
const isCode = (file: string) => isServerCode(file, 'server');

/** The code files of a checkout as git would commit them: tracked or new, not ignored. Null when it is not a checkout. */
export async function checkoutCode(root: string): Promise<string[] | null> {
  try {
    const listed = await git(['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root });
    return [...new Set(listed.split('\0').filter(Boolean))].filter(isCode);
  } catch (error) {
    if (error instanceof GitError) return null;
    throw error;
  }
}

/** Each file's blob id as git would store it, or null when the file is not there (or is not a plain file). */
async function hashesAt(root: string, files: readonly string[]): Promise<Map<string, string | null>> {
  const present = files.filter((file) => {
    try {
      return lstatSync(path.join(root, file)).isFile();
    } catch {
      return false;
    }
  });
  const hashes = present.length === 0 ? [] : (await git(['hash-object', '--no-filters', '--stdin-paths'], { cwd: root, input: `${present.join('\n')}\n` })).trim().split('\n');
  const out = new Map<string, string | null>(files.map((file) => [file, null]));
  present.forEach((file, index) => out.set(file, hashes[index] ?? null));
  return out;
}

/**
 * The code files that differ between `commit` (main, in the git directory `gitDir`, or the work
 * tree `cwd`) and the server's checkout at `root`: empty when they are the same code.
 */
export async function codeDifferences(root: string, where: { cwd: string }, commit: string): Promise<string[]> {
  const tree = await git(['ls-tree', '-r', '-z', '--full-tree', commit], where);
  const main = new Map<string, string>();
  for (const entry of tree.split('\0').filter(Boolean)) {
    const [info = '', file = ''] = entry.split('\t');
    const [mode, , blob = ''] = info.split(' ');
    // Links and submodules are not files the server reads as code here.
    if (isCode(file) && mode !== '120000' && mode !== '160000') main.set(file, blob);
  }
  const server = (await checkoutCode(root)) ?? [...main.keys()];
  const hashes = await hashesAt(root, [...new Set([...server, ...main.keys()])]);
  const differing: string[] = [];
  for (const [file, hash] of hashes) {
    if ((main.get(file) ?? null) !== hash) differing.push(file);
  }
  return differing.sort();
}
