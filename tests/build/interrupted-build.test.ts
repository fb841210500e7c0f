/**
 * Real builds (`commands/build.ts`, in their own processes) interrupted and overlapping: a build
 * killed with -9 mid-way, debris of another killed build, then two builds into the same folder
 * started together. A tiny synthetic site keeps each build short.
 */
// @tier slow: builds the site in child processes and stops them
// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticProject } from '../../scripts/bench/synthetic';
import { OutputLock, tryLockOutput } from '../../scripts/builder/output-folder';

const root = path.resolve(import.meta.dirname, '../..');
const cache = path.join(root, 'node_modules/.cache');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-interrupted-'));
const content = path.join(work, 'content');
const PAGES = 3;
writeSyntheticProject(content, PAGES);
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  pid: number;
  status: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  stderr: string;
}

/** Starts `npm run build` into `out`; `whenRunning` may kill it. */
function startBuild(out: string, contentRoot = content, whenRunning?: (pid: number, kill: () => void, outputSoFar: () => string) => void, extra: string[] = []): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--content', contentRoot, '--out', out, ...extra], { cwd: root });
  let output = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  child.stderr.on('data', (chunk: string) => {
    output += chunk;
    stderr += chunk;
  });
  whenRunning?.(child.pid!, () => child.kill('SIGKILL'), () => output);
  return new Promise((resolve) => child.once('exit', (status, signal) => resolve({ pid: child.pid!, status, signal, output, stderr })));
}

const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
const ssrDirsOf = (pid: number) => (existsSync(cache) ? readdirSync(cache).filter((name) => new RegExp(`^cesa-ssr-${pid}(-|$)`).test(name)) : []);
const besides = (out: string) => (existsSync(path.dirname(out)) ? readdirSync(path.dirname(out)).sort() : []);
/** What a build left when it was in place: a page, the 404 page, a script. */
function fakeOutput(dir: string, text: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const file of ['index.html', '404.html', 'assets/app.js', 'stale.txt']) writeFileSync(path.join(dir, file), text);
}

describe('a build after a kill between the swap’s two renames', () => {
  it('puts the last output back before anything else, even when it then stops on a content error', () => {
    const out = path.join(work, 'renames', 'dist');
    const dead = deadPid();
    fakeOutput(`${out}.old-${dead}-abc`, 'last good');
    fakeOutput(`${out}.staging-${dead}-abc`, 'complete but never promoted');
    const broken = path.join(work, 'broken');
    cpSync(content, broken, { recursive: true });
    const page = path.join(broken, 'pages/course-1.yaml');
    writeFileSync(page, readFileSync(page, 'utf8').replace('type: hero', 'type: heroo'));

    const result = spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--content', broken, '--out', out], { cwd: root, encoding: 'utf8' });

    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain('[unknown-section-type]');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('last good');
    expect(besides(out)).toEqual(['dist']);
  }, 60_000);
});

describe('interrupted and overlapping builds', () => {
  const out = path.join(work, 'site', 'dist');
  let killed: Run;
  let leftByKill: string[];
  let deadBuild: number;
  let first: Run;
  let second: Run;
  /** The 404 page of the first output folder seen during the two builds. */
  let firstSeen: string | undefined;
  /** Moments, once the output folder was there, when it was not (or had no 404 page). */
  const gaps: number[] = [];

  beforeAll(async () => {
    // 1. A build killed with -9 once it is well under way: its staging folder is there and its
    //    bundles are being made (--rebundle: not taken from the bundle cache).
    killed = await startBuild(out, content, (pid, kill) => {
      const timer = setInterval(() => {
        const staging = besides(out).some((name) => name.startsWith('dist.staging-'));
        if (staging && ssrDirsOf(pid).length > 0) {
          clearInterval(timer);
          kill();
        }
      }, 25);
      setTimeout(() => clearInterval(timer), 120_000).unref();
    }, ['--cold', '--rebundle']);
    leftByKill = [...besides(out), ...ssrDirsOf(killed.pid)];

    // 2. What another build killed at other moments would have left (with no live owner).
    deadBuild = deadPid();
    fakeOutput(`${out}.old-${deadBuild}`, 'the last good output');
    fakeOutput(`${out}.staging-${deadBuild}`, 'half-written');
    fakeOutput(`${out}.trash-${deadBuild}-abc-0`, 'half-deleted');
    fakeOutput(path.join(cache, `cesa-ssr-${deadBuild}-abc`), 'an old prerenderer');

    // 3. Two builds into the same folder, started together, while watching the folder.
    // The swap is two renames: between them there is no output (README: the residual risk). A busy
    // machine can deschedule a build right there, so the watcher may see that window; what must never
    // happen is a missing output other than inside a swap: at most one gap per swap (two builds, two swaps).
    let missing = false;
    const watch = setInterval(() => {
      const complete = () => existsSync(path.join(out, '404.html'));
      if (complete()) {
        firstSeen ??= readFileSync(path.join(out, '404.html'), 'utf8');
        missing = false;
      } else if (firstSeen !== undefined && !complete() && !missing) {
        missing = true;
        gaps.push(Date.now());
      }
    }, 10);
    // Both start while this test holds the folder, so they overlap whatever the machine's speed: each
    // must say it waits; once the folder is free they take turns (no ENOTEMPTY, both succeed).
    const held = tryLockOutput(out);
    if (!(held instanceof OutputLock)) throw new Error('the output folder is locked before the test takes it');
    const outputs: (() => string)[] = [];
    const track = (_pid: number, _kill: () => void, outputSoFar: () => string) => void outputs.push(outputSoFar);
    const both = Promise.all([startBuild(out, content, track), startBuild(out, content, track)]);
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (outputs.length === 2 && outputs.every((soFar) => soFar().includes('Waiting for another build'))) {
          clearInterval(poll);
          resolve();
        }
      }, 25);
    });
    held.release();
    [first, second] = await both;
    clearInterval(watch);
  }, 300_000);

  it('cleans what a killed build left, and the next output is complete', () => {
    expect(killed.signal, killed.output).toBe('SIGKILL');
    // The kill did leave something: its staging folder and its prerenderer bundle.
    expect(leftByKill.some((name) => name.startsWith('dist.staging-'))).toBe(true);
    expect(leftByKill.some((name) => name.startsWith('cesa-ssr-'))).toBe(true);

    expect(besides(out)).toEqual(['dist']);
    expect(ssrDirsOf(killed.pid)).toEqual([]);
    expect(ssrDirsOf(deadBuild)).toEqual([]);

    for (let index = 0; index < PAGES; index++) {
      expect(readFileSync(path.join(out, `course-${index}/index.html`), 'utf8')).toContain(`Synthetic course ${index}`);
    }
    for (const file of ['404.html', 'sitemap.xml', 'robots.txt', '_redirects.json']) expect(existsSync(path.join(out, file)), file).toBe(true);
    expect(readFileSync(path.join(out, 'downloads/cesa-brochure.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const html = readFileSync(path.join(out, 'course-0/index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(existsSync(path.join(out, file)), file).toBe(true);
    expect(existsSync(path.join(out, 'stale.txt'))).toBe(false);
  });

  it('lets two builds started while the folder is busy both succeed: each says it waits, then they take turns', () => {
    expect(first.status, first.output).toBe(0);
    expect(second.status, second.output).toBe(0);
    const waits = [first, second].flatMap((run) =>
      [...run.output.matchAll(/^Waiting for another build of (.*) \(pid (\d+)\) to finish…$/gm)].map((match) => ({ run, folder: match[1], pid: Number(match[2]) })),
    );
    expect(waits).toHaveLength(2);
    for (const wait of waits) {
      expect(wait.folder).toBe(`${out}/`);
      expect(wait.pid).toBe(process.pid);
    }
    for (const run of [first, second]) {
      expect(run.output).not.toContain('ENOTEMPTY');
      expect(run.stderr).not.toMatch(/^\s+at /m);
    }
  });

  it('puts the last good output back before building, and the output is missing only inside a swap', () => {
    expect(firstSeen).toBe('the last good output');
    expect(gaps.length).toBeLessThanOrEqual(2);
  });
});
