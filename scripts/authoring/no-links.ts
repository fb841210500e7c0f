/**
 * The editor never follows a symbolic link. A link committed into the site's repository (a template
 * that points at /proc/self/environ, a folder pages/x that points at /etc) would otherwise let anyone
 * who can push a branch read the server's files through the editor, and commit them into the site's
 * history. So every path the editor reads or writes is looked at step by step from the content root
 * down with lstat (which never follows a link), and files are opened with O_NOFOLLOW, so that a link
 * put in place meanwhile fails instead of being read. A refusal names the file as the editor knows it
 * (`pages/_templates/course.yaml`), never where the link leads nor a path of the server.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { Refusal } from './refusal';
import { AUTHORING } from '../errors/authoring';

/** `pages/x` is a link: what the editor is told. */
export function linkRefusal(file: string, kind: 'file' | 'folder'): Refusal {
  return AUTHORING.refusal('EDITOR_LINK_NOT_FOLLOWED', { file, kind });
}

function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/**
 * What is at `relative` (`pages/a/b.yaml`, with `/`) inside `root`, looked at from `root` down:
 * undefined when a step is missing, a refusal when any step is a link. `last` says what the last
 * step is meant to be, for the words of a refusal.
 */
export function statWithoutLinks(root: string, relative: string, last: 'file' | 'folder' = 'file'): Stats | undefined {
  const parts = relative.split('/');
  let stat: Stats | undefined;
  for (let length = 1; length <= parts.length; length++) {
    stat = lstatOrUndefined(path.join(root, ...parts.slice(0, length)));
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) throw linkRefusal(parts.slice(0, length).join('/'), length === parts.length ? last : 'folder');
  }
  return stat;
}

/** Whether no step from `root` down to `file` (an absolute path inside it) is a link. */
export function noLinkOnTheWay(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
  try {
    return statWithoutLinks(root, relative.split(path.sep).join('/')) !== undefined;
  } catch (error) {
    if (error instanceof Refusal) return false;
    throw error;
  }
}

/**
 * The bytes of the file at `relative` inside `root`, no step of the way a link. Throws ENOENT (as
 * readFileSync does) when it is not there, a refusal when it is a link or not a file.
 */
export function readWithoutLinks(root: string, relative: string): Buffer {
  const stat = statWithoutLinks(root, relative);
  if (stat && !stat.isFile()) throw AUTHORING.refusal('EDITOR_NOT_A_FILE', { file: relative });
  let descriptor: number;
  try {
    // O_NOFOLLOW: a link put there since the look above is refused by the system, not read.
    descriptor = openSync(path.join(root, relative), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw linkRefusal(relative, 'file');
    throw error;
  }
  try {
    if (!fstatSync(descriptor).isFile()) throw AUTHORING.refusal('EDITOR_NOT_A_FILE', { file: relative });
    return readFileSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
