/**
 * The output folder under interrupted and overlapping builds (scripts/builder/output-folder.ts): one
 * build at a time, stale locks taken over, what a killed build left repaired or removed, and
 * writes confined to the folder. Fast: no real build here (see interrupted-build.test.ts).
 */
// @tier slow: runs the build command and git
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BuildStoppedError,
  displayName,
  lockFileOf,
  lockOutput,
  OutputLock,
  OutputLockTimeoutError,
  OutputPathError,
  recoverOutput,
  removalsDone,
  removeDeadServerDirs,
  stagingOf,
  swapIntoPlace,
  tryLockOutput,
} from '../../scripts/builder/output-folder';
import { writeOutput } from '../../scripts/builder/prerender';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-output-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let out: string;
let cases = 0;
beforeEach(() => {
  out = path.join(work, `case-${cases++}`, 'dist');
  mkdirSync(path.dirname(out), { recursive: true });
});

/** The pid of a process that has exited (a build killed with -9, say). */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const writeLock = (owner: object) => writeFileSync(lockFileOf(out), JSON.stringify(owner));
/** A folder as a build leaves it: an index.html saying which one. */
function folder(dir: string, text: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), text);
  writeFileSync(path.join(dir, 'assets/app.js'), text);
}
const siblings = () => readdirSync(path.dirname(out)).sort();

describe('one build at a time per output folder', () => {
  it('makes a second build wait for the first, saying so once', async () => {
    const first = await lockOutput(out);
    const lines: string[] = [];
    let second: OutputLock | undefined;
    // The waiting build's clock is the test's (fake timers): fifteen of its looks at the lock run here, each exactly.
    vi.useFakeTimers();
    try {
      const waiting = lockOutput(out, { onWait: (line) => lines.push(line), pollMs: 10 }).then((lock) => (second = lock));
      await vi.advanceTimersByTimeAsync(150);
      expect(second).toBeUndefined();
      expect(lines).toEqual([`Waiting for another build of ${out}/ (pid ${process.pid}) to finish…`]);
      first.release();
      await vi.advanceTimersByTimeAsync(10);
      await waiting;
    } finally {
      vi.useRealTimers();
    }
    expect(JSON.parse(readFileSync(lockFileOf(out), 'utf8'))).toMatchObject({ pid: process.pid, token: second!.owner.token });
    expect(second!.owner.token).not.toBe(first.owner.token);
    second!.release();
    expect(existsSync(lockFileOf(out))).toBe(false);
    expect(lines).toHaveLength(1);
  });

  it('names the folder as the user typed it when it is under the working directory', () => {
    expect(displayName(path.join(process.cwd(), 'dist'))).toBe('dist/');
  });

  it('lets one holder in at a time however many wait', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const lock = await lockOutput(out, { onWait: () => {}, pollMs: 5 });
        most = Math.max(most, ++inside);
        await sleep(15);
        inside--;
        lock.release();
      }),
    );
    expect(most).toBe(1);
  });

  it('gives up after the timeout with a clear error, not a crash', async () => {
    const holder = await lockOutput(out);
    const attempt = lockOutput(out, { timeoutMs: 200, pollMs: 20, onWait: () => {} });
    await expect(attempt).rejects.toBeInstanceOf(OutputLockTimeoutError);
    await expect(attempt).rejects.toBeInstanceOf(BuildStoppedError);
    await expect(attempt).rejects.toThrow(
      new RegExp(`^Another build of .*dist/ \\(pid ${process.pid}, started [^)]+\\) was still running after 1 s; this one stopped waiting\\. If no build is running, delete .*dist\\.lock and try again\\.$`),
    );
    holder.release();
  });

  it('takes over the lock of a build that was killed', async () => {
    writeLock({ pid: deadPid(), host: hostname(), started: Date.now(), token: 'dead' });
    const lines: string[] = [];
    const lock = await lockOutput(out, { timeoutMs: 1000, onWait: (line) => lines.push(line) });
    expect(lines).toEqual([]);
    expect((JSON.parse(readFileSync(lockFileOf(out), 'utf8')) as { token: string }).token).toBe(lock.owner.token);
    lock.release();
  });

  it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose pid now belongs to a younger process', () => {
    // This process started after the lock was taken: the lock's pid was recycled.
    writeLock({ pid: process.pid, host: 'x', started: 0, token: 'old' });
    const lock = tryLockOutput(out);
    expect(lock).toMatchObject({ token: 'old' }); // another host's lock cannot be checked: waited for
    writeLock({ pid: process.pid, host: hostname(), started: Date.now() - 3_600_000, token: 'old' });
    const taken = tryLockOutput(out);
    expect(taken).toBeInstanceOf(OutputLock);
    (taken as OutputLock).release();
  });

  it('waits for a lock being written, and takes over one that never was', () => {
    writeFileSync(lockFileOf(out), '');
    expect(tryLockOutput(out)).toBeNull();
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFileOf(out), minuteAgo, minuteAgo);
    const taken = tryLockOutput(out);
    expect(taken).toBeInstanceOf(OutputLock);
    (taken as OutputLock).release();
  });
});

describe('recoverOutput', () => {
  it('puts back the newest complete .old folder when a kill came between the renames', async () => {
    const pid = deadPid();
    folder(`${out}.old-${pid}-older`, 'older');
    await sleep(30);
    folder(`${out}.old-${pid}-newer`, 'newer');
    folder(`${out}.staging-${pid}-half`, 'half-written');
    expect(existsSync(out)).toBe(false);

    expect(recoverOutput(out)).toBe('restored');

    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('newer');
    expect(readFileSync(path.join(out, 'assets/app.js'), 'utf8')).toBe('newer');
    expect(siblings()).toEqual(['dist']);
  });

  it('never promotes a staging folder, however complete it looks', () => {
    folder(`${out}.staging-${deadPid()}-abc`, 'half-written');
    expect(recoverOutput(out)).toBe('missing');
    expect(siblings()).toEqual([]);
  });

  it('removes staging, old and trash folders beside a present output and leaves the rest alone', () => {
    const pid = deadPid();
    folder(out, 'current');
    folder(`${out}.old-${pid}`, 'old');
    folder(`${out}.staging-${pid}`, 'half');
    folder(`${out}.trash-${pid}-abc-0`, 'half-deleted');
    folder(`${out}2`, 'another output');
    folder(`${out}.old`, 'not ours');
    writeFileSync(`${out}.txt`, 'not ours');

    expect(recoverOutput(out)).toBe('present');

    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('current');
    expect(siblings()).toEqual(['dist', 'dist.old', 'dist.txt', 'dist2']);
  });

  it('changes nothing while a live build holds the folder', async () => {
    folder(`${out}.old-1`, 'old');
    const lock = await lockOutput(out);
    expect(recoverOutput(out)).toBe('busy');
    expect(existsSync(`${out}.old-1`)).toBe(true);
    expect(recoverOutput(out, lock)).toBe('restored');
    lock.release();
  });
});

describe('the swap', () => {
  it('puts the new output in place at once and removes the old one afterwards, never under its name', async () => {
    folder(out, 'old output');
    const lock = await lockOutput(out);
    const staging = stagingOf(lock);
    folder(staging, 'new output');
    swapIntoPlace(staging, lock);
    // In place now; the old one set aside under a trash name (or already gone), never as a half dist.old-*.
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new output');
    expect(siblings().filter((name) => !/^dist\.trash-/.test(name))).toEqual(['dist', 'dist.lock']);
    // Another look at the folder while the removal runs leaves this live build's trash to it.
    expect(recoverOutput(out, lock)).toBe('present');
    lock.release();
    await removalsDone();
    expect(siblings()).toEqual(['dist']);
  });

  it("leaves a live build's trash to it and removes a dead build's", () => {
    folder(out, 'current');
    const live = `${out}.trash-${process.pid}-abc-0`;
    folder(live, 'being removed');
    folder(`${out}.trash-${deadPid()}-abc-0`, 'half-deleted');
    expect(recoverOutput(out)).toBe('present');
    expect(siblings()).toEqual(['dist', path.basename(live)]);
  });
});

describe('prerenderer bundles of dead builds', () => {
  it('are removed; those of live builds stay', async () => {
    const project = path.join(path.dirname(out), 'project');
    const cache = path.join(project, 'node_modules/.cache');
    const dead = deadPid();
    for (const name of [`cesa-ssr-${dead}-abc`, `cesa-ssr-${dead}`, `cesa-ssr-${process.pid}-def`, 'vite', 'cesa-bench-server']) folder(path.join(cache, name), name);
    const lock = await lockOutput(out);
    removeDeadServerDirs(project, lock);
    lock.release();
    expect(readdirSync(cache).sort()).toEqual(['cesa-bench-server', `cesa-ssr-${process.pid}-def`, 'vite']);
  });
});

describe('writeOutput', () => {
  it('writes inside the output folder', () => {
    mkdirSync(out);
    writeOutput(out, 'a/b/index.html', 'x');
    writeOutput(out, 'downloads/brochure.pdf', new Uint8Array([1, 2]));
    expect(readFileSync(path.join(out, 'a/b/index.html'), 'utf8')).toBe('x');
    expect(readFileSync(path.join(out, 'downloads/brochure.pdf'))).toHaveLength(2);
  });

  it.each([
    ['../x', /it resolves to .*, which is not inside the output folder/],
    ['a/../../x', /not inside the output folder/],
    ['a/b/../../../x/index.html', /not inside the output folder/],
    ['..', /not inside/],
    ['.', /not inside/],
    ['a/..', /not inside/],
    ['', /the path is empty/],
    ['/etc/cesa-x', /the path is absolute/],
    [path.join(tmpdir(), 'cesa-x'), /the path is absolute/],
  ])('refuses %j, naming it', (relative, reason) => {
    mkdirSync(out);
    const attempt = () => writeOutput(out, relative, 'x');
    expect(attempt).toThrow(OutputPathError);
    expect(attempt).toThrow(`Refusing to write "${relative}": `);
    expect(attempt).toThrow(reason);
    expect(readdirSync(path.dirname(out))).toEqual(['dist']);
  });

  it('refuses to follow a symbolic link out of the folder', () => {
    const outside = path.join(path.dirname(out), 'outside');
    mkdirSync(outside);
    mkdirSync(out);
    symlinkSync(outside, path.join(out, 'link'));
    writeFileSync(path.join(outside, 'file'), 'mine');
    symlinkSync(path.join(outside, 'file'), path.join(out, 'file'));

    expect(() => writeOutput(out, 'link/x.html', 'x')).toThrow(/Refusing to write "link\/x\.html": its folder is really .*outside/);
    expect(() => writeOutput(out, 'link/deeper/x.html', 'x')).toThrow(OutputPathError);
    expect(() => writeOutput(out, 'file', 'x')).toThrow(/it is a symbolic link/);
    expect(readdirSync(outside)).toEqual(['file']);
    expect(readFileSync(path.join(outside, 'file'), 'utf8')).toBe('mine');
  });
});

describe('.gitignore', () => {
  it('ignores every temporary name of a build of dist/, so git status stays clean during one', () => {
    const lock = new OutputLock(path.join(root, 'dist'), { pid: 12345, host: 'h', started: 0, token: 'abcdef012345' });
    const names = [
      lockFileOf(lock.outDir),
      `${lockFileOf(lock.outDir)}.break`,
      `${stagingOf(lock)}/index.html`,
      `${lock.outDir}.old-${lock.id}/index.html`,
      `${lock.outDir}.trash-${lock.id}-0/index.html`,
      `${lock.outDir}.old-12345/index.html`,
    ].map((file) => path.relative(root, file));
    const result = spawnSync('git', ['check-ignore', '--no-index', '--verbose', '--non-matching', ...names], { cwd: root, encoding: 'utf8' });
    const unignored = result.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(unignored).toEqual([]);
    expect(result.stdout.trim().split('\n')).toHaveLength(names.length);
  });
});
