/**
 * The unit tests' tiers (vite.config.ts): a file that starts a build, a server, git or another
 * program, or runs a compiler or linter over the project, is marked `// @tier slow: <what it starts>`,
 * so `npm run test:fast` (every file not marked) stays quick for the edit loop. Here the marks are held
 * to what the files do: a file that imports what starts such things, itself or through a helper of
 * tests/, and is not marked, is named with what to add.
 */
// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const TESTS = path.join(ROOT, 'tests');
/** As vite.config.ts reads it. */
const SLOW_MARK = /^\/\/ @tier slow: \S/m;

/** What starts programs, servers, builds, compilers or linters: modules of Node and packages, and the project's own. */
const STARTERS: { module: RegExp; does: string }[] = [
  { module: /^node:child_process$/, does: 'runs programs (git, npm, tsx)' },
  { module: /^node:(http|https|net)$/, does: 'opens network connections or servers' },
  { module: /^vite$/, does: 'starts Vite' },
  { module: /^typescript$/, does: 'runs the TypeScript compiler' },
  { module: /^eslint$/, does: 'runs ESLint' },
  { module: /\/editor\/hosted\/(server|zero-config)$/, does: 'starts the hosted editor' },
  { module: /\/editor\/app-build$/, does: 'builds the editor app' },
  { module: /\/scripts\/hosting\/serve$/, does: 'starts the hosting server' },
];

/** The modules a file imports for their values (type-only imports left out), static or dynamic. */
function importsOf(source: string): string[] {
  const modules: string[] = [];
  for (const [, clause, module] of source.matchAll(/^import\s+([\s\S]*?)\s+from\s+'([^']+)';?$/gm)) {
    const typeOnly = clause!.startsWith('type ') || /^\{\s*(type\s+\w+(\s+as\s+\w+)?\s*,?\s*)+\}$/.test(clause!);
    if (!typeOnly) modules.push(module!);
  }
  for (const [, module] of source.matchAll(/^import\s+'([^']+)';?$/gm)) modules.push(module!);
  for (const [, module] of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) modules.push(module!);
  return modules;
}

/** A relative import that leads to another file of tests/ (a helper), or undefined. */
function testHelperAt(from: string, module: string): string | undefined {
  if (!module.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), module);
  if (!base.startsWith(TESTS + path.sep)) return undefined;
  return ['', '.ts', '.tsx', '.mjs', '.js'].map((ending) => base + ending).find((file) => existsSync(file) && !file.endsWith(path.sep));
}

/** What a file starts, itself or through the helpers of tests/ it imports. */
function startsIn(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  return importsOf(readFileSync(file, 'utf8')).flatMap((module) => {
    const helper = testHelperAt(file, module);
    if (helper) return startsIn(helper, seen).map((does) => `${does} (through ${path.relative(TESTS, helper)})`);
    return STARTERS.filter((starter) => starter.module.test(module)).map((starter) => `${starter.does}: imports ${module}`);
  });
}

const unitTests = readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('browser/'))
  .sort();

describe('the unit tests’ tiers', () => {
  it('mark every file that starts a build, a server, git or another program, or a compiler or linter, as slow', () => {
    const unmarked = unitTests.flatMap((file) => {
      const full = path.join(TESTS, file);
      if (SLOW_MARK.test(readFileSync(full, 'utf8'))) return [];
      const starts = [...new Set(startsIn(full))];
      return starts.length === 0 ? [] : [`tests/${file} ${starts.join('; ')}: add the line \`// @tier slow: <what it starts>\` above its imports`];
    });
    expect(unmarked).toEqual([]);
  });

  it('leave most files in the fast tier, and find what the slow ones start', () => {
    const slow = unitTests.filter((file) => SLOW_MARK.test(readFileSync(path.join(TESTS, file), 'utf8')));
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.length).toBeLessThan(unitTests.length / 2);
    // The detection is not blind: the hosted editor's test starts the server, through its helper too.
    expect(startsIn(path.join(TESTS, 'editor-server/hosted-server.test.ts'))).toContainEqual('starts the hosted editor: imports ../../editor/hosted/server');
    expect(startsIn(path.join(TESTS, 'editor-server/publish-limits.test.ts'))).toContainEqual(expect.stringMatching(/^runs programs \(git, npm, tsx\): imports node:child_process \(through helpers\/hosted\.ts\)/));
  });
});
