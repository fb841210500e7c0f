/**
 * "Saved" only with the commit that holds it. The editor API refuses a name the site's repository
 * would leave out before it writes (../kept-names.ts); this is the check after the fact, whatever
 * wrote the file: once a write's changes are added, a file it made in pages/ or public/ that git did
 * not take (left out by a .gitignore) would be answered "Saved" and lost with the state folder. It is
 * removed, and the write refused in words.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Git } from './tree-links';
import { EDITOR } from '../errors';

/** The files of pages/ and public/ that git does not track (after `git add --all`: those it leaves out). */
export async function untrackedFiles(git: Git): Promise<Set<string>> {
  return new Set((await git(['ls-files', '--others', '-z', '--', 'pages', 'public'])).split('\0').filter(Boolean));
}

/** Refuses the write that left files git does not track beside those there `before` it, removing them. */
export async function refuseUnkept(git: Git, worktree: string, before: ReadonlySet<string>): Promise<void> {
  const left = [...(await untrackedFiles(git))].filter((file) => !before.has(file));
  if (left.length === 0) return;
  // rm never follows a link: it removes the name git listed.
  for (const file of left) rmSync(path.join(worktree, file), { force: true, recursive: true });
  throw EDITOR.refusal('EDITOR_UNKEPT_FILE', { file: left[0]! });
}
