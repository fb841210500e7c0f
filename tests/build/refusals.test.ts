/**
 * `npm run build` on hostile or careless content, for real: each refusal exits non-zero, names the
 * file, line, column and path inside the document, says what to do, shows no stack trace, changes no
 * file outside the output folder, and leaves the previous output byte for byte as it was.
 */
// @tier slow: builds the site in child processes
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-refusals-'));
const content = path.join(work, 'content');
const outDir = path.join(work, 'dist');

function build() {
  return spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--content', content, '--out', outDir], { cwd: root, encoding: 'utf8' });
}

/** Path → sha1 of every file under a folder (and of the project's own content and generated files). */
function fingerprint(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files.set(name, createHash('sha1').update(readFileSync(file)).digest('hex'));
  }
  return files;
}

const projectFiles = () => new Map([...['firebase.json', 'README.md', 'docs/sections.md', 'schemas/page.schema.json', 'schemas/site.schema.json'].map((file): [string, string] => [file, readFileSync(path.join(root, file), 'utf8')])]);

const siteFile = path.join(content, 'pages/_site.yaml');
const site = () => readFileSync(siteFile, 'utf8');

beforeAll(() => {
  cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true });
  cpSync(path.join(root, 'public'), path.join(content, 'public'), { recursive: true });
  const result = build();
  if (result.status !== 0) throw new Error(`the project's content does not build:\n${result.stderr}`);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a refused build', () => {
  // name, change to the content (returns the file it changed), where the error must point
  it.each<[string, () => string, RegExp]>([
    ['the brochure written over a page', () => (writeFileSync(siteFile, site().replace(/file: \/downloads\/[^\n]+/, 'file: /../pages/placement.yaml')), siteFile), /pages\/_site\.yaml:\d+:\d+ {2}brochure\.file {2}\[invalid-content\]/],
    ['a billion laughs', () => {
      const file = path.join(content, 'pages/laughs.yaml');
      const levels = Array.from({ length: 9 }, (_, level) => `  k${level}: &${String.fromCharCode(98 + level)} [${Array(10).fill(`*${String.fromCharCode(97 + level)}`).join(', ')}]`);
      writeFileSync(file, ['meta:', '  title: X', '  description: d', '  keywords: &a [lol, lol, lol]', ...levels, 'sections:', '  - type: hero', '    title: X', ''].join('\n'));
      return file;
    }, /pages\/laughs\.yaml:4:13 {2}meta\.keywords {2}\[yaml-alias\]/],
    ['an unknown tag', () => {
      const file = path.join(content, 'pages/etabs.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\n {4}title: [^\n]+/, '\n    title: !New batch starts Monday'));
      return file;
    }, /pages\/etabs\.yaml:8:12 {2}meta\.social\.title {2}\[yaml-tag\]/],
    ['bytes that are not UTF-8', () => {
      const file = path.join(content, 'pages/etabs.yaml');
      writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from([0x0a, 0x23, 0x20, 0xe9, 0x0a])]));
      return file;
    }, /pages\/etabs\.yaml:\d+:3 {2}\(document\) {2}\[not-utf8\]/],
    ['an alias that is robots.txt', () => {
      const file = path.join(content, 'pages/faculty.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/aliases: \[([^\]]*)\]/, 'aliases: [$1, /robots.txt]'));
      return file;
    }, /pages\/faculty\.yaml:\d+:\d+ {2}meta\.aliases\[1\] {2}\[route-collision\]/],
    ['a page named like a public file', () => {
      const file = path.join(content, 'pages/favicon.svg.yaml');
      writeFileSync(file, readFileSync(path.join(content, 'pages/about.yaml')));
      return file;
    }, /pages\/favicon\.svg\.yaml:1:1 {2}\(document\) {2}\[route-collision\]/],
    ['a page no link can reach', () => {
      const file = path.join(content, 'pages/New Course.yaml');
      writeFileSync(file, readFileSync(path.join(content, 'pages/about.yaml')));
      return file;
    }, /pages\/New Course\.yaml:1:1 {2}\(document\) {2}\[bad-file-name\]/],
  ])('%s: located, explained, and nothing else touched', (_, change, where) => {
    const before = { dist: fingerprint(outDir), content: fingerprint(content), project: projectFiles() };
    const changed = change();
    const changedName = path.relative(content, changed);
    try {
      const result = build();
      // How it ended, with what it printed: a signal or a failed start says so in the failure.
      expect({ status: result.status, signal: result.signal, error: result.error?.message }, result.stderr).toEqual({ status: 1, signal: null, error: undefined });
      expect(result.stderr).toMatch(where);
      expect(result.stderr).toContain('The build stopped: the previous output was left as it was.');
      expect(result.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      expect(fingerprint(outDir)).toEqual(before.dist);
      const after = fingerprint(content);
      after.delete(changedName);
      before.content.delete(changedName);
      expect(after).toEqual(before.content);
      expect(projectFiles()).toEqual(before.project);
    } finally {
      // Put the content back for the next case.
      rmSync(path.join(content, 'pages'), { recursive: true, force: true });
      cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true });
    }
  }, 60_000);
});
