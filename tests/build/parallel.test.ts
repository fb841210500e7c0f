/** Prerendering on several threads writes exactly what one thread writes. */
// @tier slow: builds the site in child processes at once
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticProject } from '../../scripts/bench/synthetic';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-parallel-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(threads: number, out: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['commands/engine.mjs', 'build', '--content', work, '--out', out, '--cold'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CESA_BUILD_THREADS: String(threads), ...env },
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.pid;
}

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (/\.(html|json)$/.test(file)) out.set(file, readFileSync(path.join(dir, file), 'utf8'));
  }
  return out;
}

/** The output of `dir` is the one-thread output, file for file and byte for byte. */
function expectSameAsOneThread(dir: string) {
  const one = files(path.join(work, 'one'));
  const other = files(path.join(work, dir));
  expect([...other.keys()].sort()).toEqual([...one.keys()].sort());
  for (const [file, text] of one) expect(other.get(file), file).toBe(text);
}

/** The build `pid` left no folder of its own in the cache (its bundles, its threads' files of pages). */
function expectNothingLeftBy(pid: number | undefined) {
  expect(readdirSync(path.join(root, 'node_modules/.cache')).filter((name) => name.startsWith(`cesa-ssr-${pid}-`))).toEqual([]);
}

describe('the parallel prerender', () => {
  it('writes the same pages as a single thread', () => {
    writeSyntheticProject(work, 240);
    build(1, path.join(work, 'one'));
    build(2, path.join(work, 'two'));
    // 240 pages, the 404 page and the server's list of aliases (no page data files any more).
    expect(files(path.join(work, 'one')).size).toBeGreaterThan(240);
    expectSameAsOneThread('two');
  }, 240_000);

  it('writes the same pages on three threads, each handed the next run of pages when it is free', () => {
    build(3, path.join(work, 'three'));
    expectSameAsOneThread('three');
  }, 240_000);

  it('writes the same pages with V8 told to make no object old from the start, as a large build does', () => {
    build(2, path.join(work, 'not-pretenured'), { CESA_BUILD_PRETENURE_OFF_FROM: '0' });
    expectSameAsOneThread('not-pretenured');
  }, 240_000);

  it('writes the same pages when the threads keep none in memory (each written to a file of its own, read back to render), and leaves no such file', () => {
    const pid = build(2, path.join(work, 'kept-none'), { CESA_BUILD_KEEP_MB: '0' });
    expectSameAsOneThread('kept-none');
    expectNothingLeftBy(pid);
  }, 240_000);

  it('writes the same pages when each of three threads keeps a few in memory and writes the rest to its file, each rendered by whichever thread is free', () => {
    const pid = build(3, path.join(work, 'kept-some'), { CESA_BUILD_KEEP_MB: '1' });
    expectSameAsOneThread('kept-some');
    expectNothingLeftBy(pid);
  }, 240_000);
});
