/**
 * The output folder (dist/ or --out) under interrupted and overlapping builds:
 *
 * - One build at a time per folder: `<out>.lock` beside it, created atomically ('wx') and holding
 *   the owner's pid, host, start time and a random token. A second build waits for it; a lock whose
 *   owner is dead (killed -9, or its pid now belongs to a younger process) is stale and taken over.
 * - Everything temporary is named after the folder and the build (`<out>.staging-<id>`,
 *   `<out>.old-<id>`, `<out>.trash-<id>-<n>`, `node_modules/.cache/cesa-ssr-<id>`, id = pid-token),
 *   matches a .gitignore pattern, and is removed by the next build if its owner is not a live build.
 * - The swap is two renames: out → out.old-<id>, staging → out. A `.old-*` folder was a complete
 *   output, and is only ever deleted after a rename to `.trash-*`, so a half-deleted folder never
 *   has that name: if a kill lands between the renames, `recoverOutput` (and the next build) puts the
 *   newest `.old-*` back. A staging folder, complete or not, is never promoted. The replaced output
 *   is renamed to `.trash-*` right after the swap and removed in the background, so the build answers
 *   without waiting seconds for a large folder's deletion; a live build's trash is left to it, a dead one's
 *   is removed by the next build.
 *
 * Residual risk: between the two renames (a few microseconds, no I/O between them) there is no
 * `out/`; a server reading it then gets a 404, and a kill right then leaves it missing until the
 * next build or `recoverOutput`. A symlink swap (out → out.builds/<id>, replaced by renaming a new
 * symlink over it) would close that gap on POSIX, but makes the output a symlink, which deploy
 * tools, archives, Docker COPY and Windows treat differently from a folder; Linux's atomic
 * renameat2(RENAME_EXCHANGE) is not reachable from Node. So: two renames, and recovery.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { BUILD } from '../errors/build';

/** An expected reason for a build to stop (not a bug): print its message, without a stack trace. */
export class BuildStoppedError extends Error {
  override name = 'BuildStoppedError';
}

/** Another build held the output folder for longer than the caller would wait. */
export class OutputLockTimeoutError extends BuildStoppedError {
  override name = 'OutputLockTimeoutError';
}

/** A file the build was about to write is not strictly inside the output folder. */
export class OutputPathError extends BuildStoppedError {
  override name = 'OutputPathError';
  constructor(
    /** The path as the caller gave it. */
    readonly target: string,
    readonly outDir: string,
    reason: string,
  ) {
    super(BUILD.text('BUILD_OUTPUT_PATH_OUTSIDE', { target, reason, outDir }));
  }
}

/** Who holds a lock: what `<out>.lock` contains. */
export interface LockOwner {
  pid: number;
  host: string;
  /** Date.now() when the lock was taken. */
  started: number;
  token: string;
}

/** Ten minutes: a large site builds in one or two; a build stuck that long needs a person. */
export const DEFAULT_LOCK_TIMEOUT_MS = 10 * 60_000;
/** How far a process's start time read from /proc may be off (btime has a one-second resolution). */
const CLOCK_SLACK_MS = 5_000;
/** A lock file with no readable owner yet is being written; after this long it never will be. */
const UNREADABLE_LOCK_STALE_MS = 5_000;

export const lockFileOf = (outDir: string) => `${outDir}.lock`;

/** The output folder as the user knows it: `dist/`, or an absolute path outside the working directory. */
export function displayName(outDir: string): string {
  const relative = path.relative(process.cwd(), outDir);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : outDir;
  return `${shown.split(path.sep).join('/')}/`;
}

/** When the process now running as `pid` started (Linux only; undefined elsewhere or if unknown). */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, starttime field 22, in clock ticks since boot (USER_HZ = 100).
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return Number.isFinite(ticks) && Number.isFinite(bootSeconds) ? bootSeconds * 1000 + ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` may still be the process that did something at time `since` (ms): it exists, and,
 * where the OS says when it started, it did not start after that (a recycled pid).
 */
export function isAlive(pid: number, since?: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, it is someone else's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (since !== undefined) {
    const start = processStartMs(pid);
    if (start !== undefined && start > since + CLOCK_SLACK_MS) return false;
  }
  return true;
}

function isLiveOwner(owner: LockOwner): boolean {
  // Another machine's process (a shared folder) cannot be checked: assume it is running.
  if (owner.host !== hostname()) return true;
  return isAlive(owner.pid, owner.started);
}

/** The lock's owner; undefined if there is no lock; null if it is there but not (yet) readable. */
function readOwner(file: string): LockOwner | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.token === 'string' && typeof owner.started === 'number' && typeof owner.host === 'string') {
      return owner as LockOwner;
    }
  } catch {
    // Being written, or garbage.
  }
  return null;
}

/** Creates `file` with `owner` in it; false if it exists. */
function createExclusive(file: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function removeIfOwned(file: string, token: string): void {
  const owner = readOwner(file);
  if (owner && owner.token === token) rmSync(file, { force: true });
}

/**
 * Removes a stale lock, unless it changed hands meanwhile. Breakers take `<out>.lock.break` first,
 * so that two of them cannot both read the stale lock and then delete the one the other just took.
 */
function breakStaleLock(file: string, stale: LockOwner | null, me: LockOwner): void {
  const breakFile = `${file}.break`;
  if (!createExclusive(breakFile, me)) {
    // Someone else is breaking it, which takes microseconds; unless they died doing so.
    const breaker = readOwner(breakFile);
    if (breaker === undefined) return;
    const since = breaker?.started ?? statSafe(breakFile)?.mtimeMs ?? Date.now();
    if ((breaker && !isLiveOwner(breaker)) || Date.now() - since > UNREADABLE_LOCK_STALE_MS) rmSync(breakFile, { force: true });
    return;
  }
  try {
    const now = readOwner(file);
    if (stale ? now?.token === stale.token : now === null) rmSync(file, { force: true });
  } finally {
    removeIfOwned(breakFile, me.token);
  }
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** The right to write one output folder, until release(). */
export class OutputLock {
  private released = false;
  constructor(
    readonly outDir: string,
    readonly owner: LockOwner,
  ) {}

  /** This build's name in temporary names: pid-token. */
  get id(): string {
    return `${this.owner.pid}-${this.owner.token}`;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    removeIfOwned(lockFileOf(this.outDir), this.owner.token);
  }
}

/** Takes the lock if it is free or stale; otherwise returns who holds it (null: not readable yet). */
export function tryLockOutput(outDir: string): OutputLock | LockOwner | null {
  outDir = path.resolve(outDir);
  const file = lockFileOf(outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    const me: LockOwner = { pid: process.pid, host: hostname(), started: Date.now(), token: randomBytes(6).toString('hex') };
    if (createExclusive(file, me)) return new OutputLock(outDir, me);
    const owner = readOwner(file);
    if (owner === undefined) continue; // released meanwhile
    const stale = owner ? !isLiveOwner(owner) : Date.now() - (statSafe(file)?.mtimeMs ?? Date.now()) > UNREADABLE_LOCK_STALE_MS;
    if (!stale) return owner;
    breakStaleLock(file, owner, me);
  }
  return readOwner(file) ?? null;
}

export interface LockOptions {
  /** Give up (OutputLockTimeoutError) after this long; default ten minutes. */
  timeoutMs?: number;
  /** Told once, in one line, that the build is waiting; default: printed on stderr. */
  onWait?: (line: string) => void;
  pollMs?: number;
}

const duration = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.ceil(ms / 1000)} s`);

/** Waits for the output folder to be free, then holds it; see tryLockOutput. */
export async function lockOutput(outDir: string, { timeoutMs = DEFAULT_LOCK_TIMEOUT_MS, onWait = (line) => console.error(line), pollMs = 250 }: LockOptions = {}): Promise<OutputLock> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    const lock = tryLockOutput(outDir);
    if (lock instanceof OutputLock) return lock;
    if (!announced) onWait(`Waiting for another build of ${displayName(outDir)} (pid ${lock?.pid ?? 'unknown'}) to finish…`);
    announced = true;
    if (Date.now() >= deadline) {
      const who = lock ? `pid ${lock.pid}${lock.host === hostname() ? '' : ` on ${lock.host}`}, started ${new Date(lock.started).toLocaleTimeString()}` : 'owner unknown';
      throw new OutputLockTimeoutError(BUILD.text('BUILD_OUTPUT_LOCKED', { folder: displayName(outDir), who, waited: duration(timeoutMs), lockFile: lockFileOf(outDir) }));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(1, deadline - Date.now()))));
  }
}

/** This build's temporary folders beside the output folder. */
export const stagingOf = (lock: OutputLock) => `${lock.outDir}.staging-${lock.id}`;
/** Where the prerenderer is bundled: inside the project, so its imports of react & co. resolve. */
export const serverDirOf = (root: string, lock: OutputLock) => path.join(root, 'node_modules/.cache', `cesa-ssr-${lock.id}`);

let trashCount = 0;

/** Removals of replaced outputs still under way in this process (swapIntoPlace). */
const removals = new Set<Promise<void>>();

/**
 * Resolves when every replaced output this process set aside has been removed. A build answers as
 * soon as its new output is in place; a process that ends waits for these anyway (Node does not exit
 * while a file operation is pending), and whatever a kill interrupts, the next build removes.
 */
export async function removalsDone(): Promise<void> {
  while (removals.size > 0) await Promise.all(removals);
}

/**
 * Sets a folder of ours aside under a trash name (one rename, at once) and removes it in the
 * background: a large output takes seconds to delete, and nothing needs to wait for it.
 */
function discardLater(dir: string, trashName: string): void {
  const trash = path.join(path.dirname(dir), trashName);
  renameSync(dir, trash);
  const removal: Promise<void> = rm(trash, { recursive: true, force: true })
    // A folder that cannot be removed now (a file held open elsewhere) is removed by the next build.
    .catch(() => undefined)
    .finally(() => removals.delete(removal));
  removals.add(removal);
}

/** Deletes a folder of ours: renamed first, so that no half-deleted folder keeps a meaningful name. */
function discard(dir: string, trashName: string): void {
  const trash = path.join(path.dirname(dir), trashName);
  try {
    renameSync(dir, trash);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  rmSync(trash, { recursive: true, force: true });
}

const TEMPORARY = /^\.(staging|old|trash)-(.+)$/;

/** The temporary folders of `outDir`'s builds, with their kind. */
function temporaries(outDir: string): { dir: string; kind: string }[] {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = name.startsWith(base) ? TEMPORARY.exec(name.slice(base.length)) : null;
    const kind = match?.[1];
    if (!kind) return [];
    const dir = path.join(parent, name);
    // A replaced output a live build is removing in the background (swapIntoPlace) is that build's to remove.
    if (kind === 'trash' && isRemovedByLiveBuild(dir, match[2]!)) return [];
    return [{ dir, kind }];
  });
}

/** Whether the build named in a trash folder's name (`<pid>-<token>-<n>`) is alive and so still removing it. */
function isRemovedByLiveBuild(dir: string, id: string): boolean {
  const pid = Number(/^(\d+)-/.exec(id)?.[1]);
  // The rename that made it a trash folder set its ctime: a process started after that is another one.
  const since = statSafe(dir)?.ctimeMs;
  return since !== undefined && isAlive(pid, since);
}

export type Recovery = 'present' | 'restored' | 'missing' | 'busy';

/**
 * Repairs what an interrupted build left: if the output folder is missing (a kill between the
 * swap's renames), puts back the newest `.old-*`; then removes every staging, old and trash folder
 * of this output folder. Takes the lock for that (returns 'busy', changing nothing, if a live build
 * holds it), or uses the caller's. For anything about to read the output, e.g. a server.
 */
export function recoverOutput(outDir: string, held?: OutputLock): Recovery {
  outDir = path.resolve(outDir);
  const lock = held ?? tryLockOutput(outDir);
  if (!(lock instanceof OutputLock)) return 'busy';
  if (path.resolve(lock.outDir) !== outDir) throw new Error(`recoverOutput(${outDir}) was given the lock of ${lock.outDir}`);
  try {
    let state: Recovery = existsSync(outDir) ? 'present' : 'missing';
    const found = temporaries(outDir);
    if (state === 'missing') {
      const olds = found
        .filter(({ kind, dir }) => kind === 'old' && statSafe(dir)?.isDirectory())
        // rename() sets a folder's ctime: the newest is the last output that was in place.
        .sort((a, b) => statSafe(b.dir)!.ctimeMs - statSafe(a.dir)!.ctimeMs);
      const newest = olds[0];
      if (newest) {
        renameSync(newest.dir, outDir);
        state = 'restored';
      }
    }
    for (const { dir } of temporaries(outDir)) discard(dir, `${path.basename(outDir)}.trash-${lock.id}-${trashCount++}`);
    return state;
  } finally {
    if (!held) lock.release();
  }
}

/** Removes `<root>/node_modules/.cache/cesa-ssr-<pid>…` folders whose build process is gone. */
export function removeDeadServerDirs(root: string, lock: OutputLock): void {
  const cache = path.join(root, 'node_modules/.cache');
  let names: string[];
  try {
    names = readdirSync(cache);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^cesa-ssr-(\d+)(?:-|$)/.exec(name)?.[1]);
    const stat = statSafe(path.join(cache, name));
    if (!pid || !stat || isAlive(pid, stat.mtimeMs)) continue;
    // Renamed to a name of ours first: two builds cleaning at once do not delete it under each other.
    discard(path.join(cache, name), `cesa-ssr-${lock.id}-trash-${trashCount++}`);
  }
}

/**
 * Puts a complete staging folder in place of the output folder (see the residual risk above).
 * Holding the lock, no other build renames these folders meanwhile. The replaced output is renamed to
 * a trash name and removed in the background (removalsDone): the new output is in place at once.
 */
export function swapIntoPlace(staging: string, lock: OutputLock): void {
  const { outDir } = lock;
  const old = `${outDir}.old-${lock.id}`;
  const hadOutput = existsSync(outDir);
  if (hadOutput) renameSync(outDir, old);
  // ← No output folder for the time between these two renames; recoverOutput repairs a kill here.
  renameSync(staging, outDir);
  if (hadOutput) discardLater(old, `${path.basename(outDir)}.trash-${lock.id}-${trashCount++}`);
}

/**
 * Where `relative` goes inside `outDir`; throws OutputPathError unless that is strictly inside it
 * (after path.resolve, and through any symbolic link already there). Creates its folder.
 */
export function outputPathOf(outDir: string, relative: string): string {
  const fail = (reason: string) => new OutputPathError(relative, outDir, reason);
  if (typeof relative !== 'string' || relative === '') throw fail('the path is empty');
  if (relative.includes('\0')) throw fail('the path contains a NUL character');
  if (path.isAbsolute(relative) || path.win32.isAbsolute(relative)) throw fail('the path is absolute');
  const root = path.resolve(outDir);
  const file = path.resolve(root, relative);
  const inside = (parent: string, child: string) => {
    const rest = path.relative(parent, child);
    return rest !== '' && rest !== '..' && !rest.startsWith(`..${path.sep}`) && !path.isAbsolute(rest);
  };
  if (!inside(root, file)) throw fail(`it resolves to ${file}, which is not inside the output folder`);
  // A folder this process made (or checked) inside this output folder holds no link it did not put
  // there itself (it makes none): its files need no further check. A build writes thousands of files
  // into a few folders each, and these checks were a fifth of its time.
  const dir = path.dirname(file);
  const made = madeFolders.get(root);
  if (made?.has(dir)) return file;
  // A new folder directly in the output folder or in one made here (a page's own folder, `about/`):
  // if this creates it, it is a real, empty folder where it should be, and needs no further check.
  // One system call instead of seven; anything else (it exists, its parent is missing) is checked below.
  const parent = path.dirname(dir);
  if (dir !== root && (parent === root || made?.has(parent))) {
    try {
      mkdirSync(dir);
      let remembered = made;
      if (!remembered) madeFolders.set(root, (remembered = new Set()));
      remembered.add(dir);
      return file;
    } catch {
      // Checked below.
    }
  }
  // A symbolic link inside (from public/, say) must not lead the write elsewhere: the nearest
  // folder that exists must really be inside too (checked before creating any folder below it).
  mkdirSync(root, { recursive: true });
  const realRoot = realpathSync(root);
  let existing = dir;
  while (!existsSync(existing)) existing = path.dirname(existing);
  const real = realpathSync(existing);
  if (real !== realRoot && !inside(realRoot, real)) throw fail(`its folder is really ${real}, outside the output folder`);
  mkdirSync(dir, { recursive: true });
  let link = false;
  try {
    link = lstatSync(file).isSymbolicLink();
  } catch {
    // Not there yet.
  }
  if (link) throw fail('it is a symbolic link');
  // Only folders made here from nothing are remembered: one that existed may hold anything.
  if (existing !== dir && realpathSync(dir) === path.join(real, path.relative(existing, dir))) {
    let remembered = made;
    if (!remembered) madeFolders.set(root, (remembered = new Set()));
    for (let folder = dir; folder !== existing; folder = path.dirname(folder)) remembered.add(folder);
  }
  return file;
}

/** Folders made by outputPathOf, by output folder (the staging folders of this process's builds). */
const madeFolders = new Map<string, Set<string>>();

/** The folders this thread made in `outDir` (to hand to another thread of the same build: rememberFolders). */
export function foldersMadeIn(outDir: string): string[] {
  return [...(madeFolders.get(path.resolve(outDir)) ?? [])];
}

/** Folders another thread of this build made in `outDir` (foldersMadeIn): its files need no further check here either. */
export function rememberFolders(outDir: string, folders: readonly string[]): void {
  const root = path.resolve(outDir);
  let made = madeFolders.get(root);
  if (!made) madeFolders.set(root, (made = new Set()));
  for (const folder of folders) made.add(folder);
}

/** Forgets the folders made in an output folder: it has been moved, removed or swapped. */
export function forgetFolders(outDir: string): void {
  madeFolders.delete(path.resolve(outDir));
}
