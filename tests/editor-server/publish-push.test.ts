/**
 * A push of publishing that fails, told apart on real git (push.ts): main moved, a lock a stopped
 * push left in the repository, a host that declines; and the locks a stopped push left in a remote on
 * this disk removed when the server starts again.
 */
// @tier slow: pushes with git
// @vitest-environment node
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git, GitError } from '../../editor/repo/git';
import { lockNamed, pushFailure, pushRefusal, removeStaleRemoteLocks } from '../../editor/publish/push';
import { Publisher } from '../../editor/publish/publisher';
import { developerGit, littleOfEverything } from '../helpers/site-repository';

const temp = mkdtempSync(path.join(tmpdir(), 'cesa-publish-push-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const gitIn = developerGit;

/** A checkout holding a little of everything, committed: the server's checkout and main at once. */
const checkout = (name: string) => littleOfEverything(path.join(temp, name));

/** A push's failure as git gives it, from a real push to a bare repository. */
async function failedPush(remote: string, work: string, ref = 'refs/heads/main'): Promise<GitError> {
  try {
    await git(['push', '--quiet', '--no-verify', remote, `HEAD:${ref}`], { cwd: work, allowFile: true });
  } catch (error) {
    if (error instanceof GitError) return error;
    throw error;
  }
  throw new Error('The push went through.');
}

describe('a push that fails', () => {
  const work = checkout('pushing');
  const remote = path.join(temp, 'remote.git');
  execFileSync('git', ['clone', '--quiet', '--bare', work, remote]);
  gitIn(work, 'commit', '--quiet', '--allow-empty', '-m', 'Next');

  it('is told apart: main moved, a lock left in the repository, a host that declines', async () => {
    const lock = path.join(remote, 'refs/heads/main.lock');
    writeFileSync(lock, '');
    expect(pushFailure(await failedPush(remote, work))).toBe('locked');
    rmSync(lock);

    const hook = path.join(remote, 'hooks/pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "protected branch" >&2\nexit 1\n', { mode: 0o755 });
    expect(pushFailure(await failedPush(remote, work))).toBe('declined');
    rmSync(hook);

    const other = checkout('other');
    gitIn(other, 'commit', '--quiet', '--allow-empty', '-m', 'Elsewhere');
    gitIn(other, 'push', '--quiet', '--force', remote, 'HEAD:refs/heads/main');
    expect(pushFailure(await failedPush(remote, work))).toBe('moved');
  });

  it('says a lock on a host elsewhere is to be removed there, and whom to ask', () => {
    expect(pushRefusal('locked', { target: 'main', outcome: 'nothing was published', localRemote: false, ref: 'refs/heads/main' }).body).toEqual({
      code: 'PUBLISH_REPOSITORY_LOCKED_ON_HOST',
      error: "The site's repository refused to change main: it is locked on the repository's host, as a push stopped halfway leaves it, so nothing was published.",
      hint: "Ask the site's administrator to remove the lock on the repository's host (a file named refs/heads/main.lock there), then try again.",
    });
  });

  it('leaves locks a stopped push left to be removed when the server starts: main’s, the drafts’, the published tags’, if older than the start', () => {
    const started = Date.now();
    const past = new Date(started - 60_000);
    const locks = ['refs/heads/main.lock', 'refs/heads/drafts/asha-editor.lock', 'refs/tags/published/3.lock', 'refs/heads/other.lock'].map((ref) => path.join(remote, ref));
    for (const lock of locks) {
      mkdirSync(path.dirname(lock), { recursive: true });
      writeFileSync(lock, '');
      utimesSync(lock, past, past);
    }
    const fresh = path.join(remote, 'refs/heads/drafts/ravi-editor.lock');
    writeFileSync(fresh, '');
    utimesSync(fresh, new Date(started + 1000), new Date(started + 1000));
    expect(removeStaleRemoteLocks(`file://${remote}`, started).removed.sort()).toEqual(['refs/heads/drafts/asha-editor.lock', 'refs/heads/main.lock', 'refs/tags/published/3.lock']);
    expect(locks.map(existsSync)).toEqual([false, false, false, true]);
    // One taken since the server started may be a push under way: left alone.
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });

  it('HEAD.lock, which a push to main takes too, left by a push killed halfway: every push refused, in words naming it, until a restart removes it', async () => {
    // main as the remote has it, and one commit more to push.
    gitIn(work, 'fetch', '--quiet', remote, 'main');
    gitIn(work, 'reset', '--quiet', '--hard', 'FETCH_HEAD');
    gitIn(work, 'commit', '--quiet', '--allow-empty', '-m', 'After the lock');
    const lock = path.join(remote, 'HEAD.lock');
    writeFileSync(lock, '');
    const refused = await failedPush(remote, work);
    expect(pushFailure(refused)).toBe('locked');
    const said = pushRefusal('locked', { target: 'main', outcome: 'nothing was published', localRemote: true, ref: 'refs/heads/main', lock: lockNamed(refused.stderr, 'refs/heads/main', remote) }).body;
    expect(said.error).toBe("The site's repository is locked (its file HEAD.lock), as a push stopped halfway or one still under way leaves it, so nothing was published.");
    expect(said.hint).toContain('when it starts it removes HEAD.lock if no program is working in the repository then');
    expect(JSON.stringify(said)).not.toContain(temp);

    // The server started again, after the lock was left.
    const past = new Date(Date.now() - 60_000);
    utimesSync(lock, past, past);
    writeFileSync(path.join(remote, 'packed-refs.lock'), '');
    utimesSync(path.join(remote, 'packed-refs.lock'), past, past);
    const logged: Record<string, unknown>[] = [];
    const publisher = new Publisher({ root: work, stateDir: path.join(temp, 'restarted-state'), remote, committer: { name: 'Server', email: 'server@example.com' }, deployer: null, log: (entry) => logged.push(entry) });
    await publisher.open();
    expect(existsSync(lock)).toBe(false);
    expect(logged.filter((entry) => entry.event === 'remote-lock-removed').map((entry) => entry.lock).sort()).toEqual(['HEAD.lock', 'packed-refs.lock']);
    await git(['push', '--quiet', '--no-verify', remote, 'HEAD:refs/heads/main'], { cwd: work, allowFile: true });
  });

  it('a lock older than the start is left while a program works in the repository (a push under way), and removed once none does', async () => {
    const lock = path.join(remote, 'HEAD.lock');
    writeFileSync(lock, '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(lock, past, past);
    const working = spawn('sleep', ['30'], { cwd: remote, stdio: 'ignore' });
    try {
      await new Promise((resolve) => working.once('spawn', resolve));
      expect(removeStaleRemoteLocks(remote, Date.now())).toEqual({ removed: [], leftInUse: ['HEAD.lock'] });
      expect(existsSync(lock)).toBe(true);
    } finally {
      working.kill();
      await new Promise((resolve) => working.once('exit', resolve));
    }
    expect(removeStaleRemoteLocks(remote, Date.now())).toEqual({ removed: ['HEAD.lock'], leftInUse: [] });
    expect(existsSync(lock)).toBe(false);
  });
});
