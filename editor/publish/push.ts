/**
 * How a push of the publish's clone ended, told apart from git's answer: the remote's branch or tag
 * moved meanwhile (merge again, take the next number), or the remote refused the push itself: a
 * lock a stopped push left there, a rule of its host (branch protection, a hook), no permission.
 * Merging again cannot help a refusal: the publisher is told at once which it is and whom to ask.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Refusal } from '../server/http';
import type { GitError } from '../repo/git';
import { PUBLISH } from '../errors';
import { removeStaleLocks, type StaleLocks } from '../repo/stale-locks';

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

/**
 * The lock file git named in its answer, as a path inside the remote on this disk (`HEAD.lock`,
 * `refs/heads/main.lock`), or the ref's own lock when git named none. Never the server's paths.
 */
export function lockNamed(said: string, ref: string, remote: string): string {
  const named = /Unable to create '([^']+\.lock)'/.exec(said)?.[1];
  if (!named) return `${ref}.lock`;
  const inside = path.relative(localGitDir(remote), path.normalize(named));
  return inside.startsWith('..') || path.isAbsolute(inside) ? path.basename(named) : inside.split(path.sep).join('/');
}

/** A refused push, in the publisher's words: what was refused, why, what happened (`outcome`) and whom to ask. */
export function pushRefusal(kind: PushRefusalKind, { target, outcome, localRemote, ref, lock = `${ref}.lock` }: { target: string; outcome: string; localRemote: boolean; ref: string; lock?: string }): Refusal {
  if (kind === 'locked') {
    return localRemote
      ? PUBLISH.refusal('PUBLISH_REPOSITORY_LOCKED_HERE', { outcome, lock })
      : PUBLISH.refusal('PUBLISH_REPOSITORY_LOCKED_ON_HOST', { target, outcome, ref: lock.replace(/\.lock$/, '') });
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
 * Removes the locks that a push stopped halfway left in a remote on this disk (HEAD's, which a push
 * to main takes with main's; packed-refs'; main's, the drafts', the published tags'), when this
 * server can tell they are stale: older than `before` (when this server started: no push of its own
 * holds them) and no other program working in the repository now. The locks by their path in it.
 */
export function removeStaleRemoteLocks(remote: string, before: number): StaleLocks {
  const gitDir = localGitDir(remote);
  const heads = path.join(gitDir, 'refs', 'heads');
  return removeStaleLocks(gitDir, before, [
    path.join(gitDir, 'HEAD.lock'),
    path.join(gitDir, 'packed-refs.lock'),
    path.join(heads, 'main.lock'),
    ...locksUnder(path.join(heads, 'drafts')),
    ...locksUnder(path.join(gitDir, 'refs', 'tags', 'published')),
  ]);
}
