/**
 * The lock files git leaves when it is stopped halfway (killed, the machine restarted): `index.lock`,
 * `HEAD.lock`, a ref's `.lock`. While one is there, every later git command that needs it fails
 * ("Another git process seems to be running"), so one left in the server's own repositories (its bare
 * repository and the drafts' work trees, the publish clone) would stop a draft's saves, or publishing,
 * for good. At start-up such a lock is stale when it is older than the start and no program is
 * working in the repository: the server is the only one that runs git there, and none of its own runs yet.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a program other than this server's process is working in `gitDir` now: one whose folder is
 * in it, or that names it in its command line (git's receive-pack runs in the repository it writes).
 * Read from /proc; where there is none (not Linux), null: nobody can be told apart.
 */
export function programsIn(gitDir: string): boolean | null {
  if (!existsSync('/proc/self')) return null;
  let dir: string;
  try {
    dir = realpathSync(gitDir);
  } catch {
    return false;
  }
  const inside = (where: string) => where === dir || where.startsWith(`${dir}${path.sep}`);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      if (inside(readlinkSync(`/proc/${pid}/cwd`))) return true;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((arg) => arg.includes(dir) || arg.includes(gitDir))) return true;
    } catch {
      // Gone meanwhile, or another user's: not ours to look at.
    }
  }
  return false;
}

/** What a clean-up did: the locks it removed, and those older than the start it left because a program works in the repository. */
export interface StaleLocks {
  removed: string[];
  leftInUse: string[];
}

/** Every `*.lock` file under `dir`, but in objects/ (git's packs, which no lock of these names guards). */
function locksUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.lock') && !name.split(path.sep).includes('objects'))
    .map((name) => path.join(dir, name));
}

/**
 * Removes `candidates` (lock files in `gitDir`) older than `before` when no program works in `gitDir`;
 * by their paths in it. Without `candidates`, every lock in it.
 */
export function removeStaleLocks(gitDir: string, before: number, candidates: readonly string[] = locksUnder(gitDir)): StaleLocks {
  const stale = candidates.filter((lock) => {
    const stat = statSync(lock, { throwIfNoEntry: false });
    return stat?.isFile() === true && stat.mtimeMs < before;
  });
  if (stale.length === 0) return { removed: [], leftInUse: [] };
  const named = stale.map((lock) => path.relative(gitDir, lock).split(path.sep).join('/'));
  if (programsIn(gitDir) === true) return { removed: [], leftInUse: named };
  for (const lock of stale) rmSync(lock, { force: true });
  return { removed: named, leftInUse: [] };
}
