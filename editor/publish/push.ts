/**
 * How a push of the publish's clone ended, told apart from git's answer: the remote's branch or tag
 * moved meanwhile (merge again, take the next number), or the remote refused the push itself: a
 * lock a stopped push left there, a rule of its host (branch protection, a hook), no permission.
 * Merging again cannot help a refusal: the publisher is told at once which it is and whom to ask.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Refusal } from '../server/http';
import type { GitError } from '../repo/git';
import { PUBLISH } from '../errors';

/** The remote refused the push: its ref is locked, its host declined, or the server may not write. */
export type PushRefusalKind = 'locked' | 'declined' | 'denied';

/** What git's answer to a failed push says: the ref moved, a refusal, or neither (a network failure: null). */
export function pushFailure(error: GitError): 'moved' | PushRefusalKind | null {
  const said = error.stderr;
  if (/\[remote rejected\]/.test(said)) return /cannot lock ref|unable to create .*\.lock|failed to lock/i.test(said) ? 'locked' : 'declined';
  if (/\[rejected\]/.test(said) && /non-fast-forward|fetch first|already exists|stale info/.test(said)) return 'moved';
  if (/permission|denied|forbidden|\b403\b|authentication failed|could not read username|not authorized/i.test(said)) return 'denied';
  return null;
}

/** A refused push, in the publisher's words: what was refused, why, what happened (`outcome`) and whom to ask. */
export function pushRefusal(kind: PushRefusalKind, { target, outcome, localRemote, ref }: { target: string; outcome: string; localRemote: boolean; ref: string }): Refusal {
  if (kind === 'locked') {
    return localRemote
      ? PUBLISH.refusal('PUBLISH_REPOSITORY_LOCKED_HERE', { outcome })
      : PUBLISH.refusal('PUBLISH_REPOSITORY_LOCKED_ON_HOST', { target, outcome, ref });
  }
  if (kind === 'declined') {
    return PUBLISH.refusal('PUBLISH_REPOSITORY_DECLINED', { target, outcome });
  }
  return PUBLISH.refusal('PUBLISH_REPOSITORY_NO_PERMISSION', { target, outcome });
}

/** The git directory of a remote on this disk (a bare repository, a work tree's .git, or a file:// address). */
function localGitDir(remote: string): string {
  const dir = remote.startsWith('file://') ? fileURLToPath(remote) : path.resolve(remote);
  return existsSync(path.join(dir, 'HEAD')) && existsSync(path.join(dir, 'refs')) ? dir : path.join(dir, '.git');
}

/** Every `*.lock` file under `dir` (none when it is not there). */
function locksUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.lock'))
    .map((name) => path.join(dir, name));
}

/**
 * Removes the locks of the refs publishing and the editor push (main, the drafts, the published tags)
 * that a push stopped halfway left in a remote on this disk, if they are older than `before` (when
 * this server started: no push of its own can hold them). The refs they lock, for the log.
 */
export function removeStaleLocks(remote: string, before: number): string[] {
  const gitDir = localGitDir(remote);
  const heads = path.join(gitDir, 'refs', 'heads');
  const candidates = [path.join(heads, 'main.lock'), ...locksUnder(path.join(heads, 'drafts')), ...locksUnder(path.join(gitDir, 'refs', 'tags', 'published'))];
  const removed: string[] = [];
  for (const lock of candidates) {
    const stat = statSync(lock, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    rmSync(lock, { force: true });
    removed.push(path.relative(gitDir, lock.slice(0, -'.lock'.length)).split(path.sep).join('/'));
  }
  return removed;
}
