/**
 * Pages are read by a quick reader first (src/content/quick-yaml.ts) and by js-yaml when it gives up.
 * It may give up on anything; what it must never do is read a file other than js-yaml does, or accept
 * one js-yaml refuses (that file would publish instead of being reported, located, by the slow path).
 * Compared here on every content file, on generated pages, on thousands of generated documents of the
 * forms pages use and their near misses, and on thousands of damaged pages.
 */
// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSyntheticProject } from '../../scripts/bench/synthetic';
import { quickYaml } from '../../src/content/quick-yaml';
import { SiteSchema } from '../../src/content/site-schema';
import { validateYaml } from '../../src/content/validate';

const ROOT = path.resolve(import.meta.dirname, '../..');

function jsYaml(source: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: load(source, { schema: CORE_SCHEMA }) };
  } catch {
    return { ok: false };
  }
}

/** What the quick reader did with `source`, against js-yaml. */
function compare(source: string): 'quick' | 'gave up' | 'read otherwise' | 'accepted a refused file' {
  const quick = quickYaml(source);
  if (quick === undefined) return 'gave up';
  const slow = jsYaml(source);
  if (!slow.ok) return 'accepted a refused file';
  return isDeepStrictEqual(quick, slow.value) ? 'quick' : 'read otherwise';
}

/** A small deterministic generator (the same cases on every run). */
function random(seed: number): (count: number) => number {
  let state = seed;
  return (count) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % count;
  };
}

const contentFiles = readdirSync(path.join(ROOT, 'pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => path.join(ROOT, 'pages', file));

const work = mkdtempSync(path.join(tmpdir(), 'cesa-quick-yaml-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the quick YAML reader', () => {
  it('reads every content file and every generated page itself, as js-yaml does', () => {
    writeSyntheticProject(work, 60);
    const synthetic = readdirSync(path.join(work, 'pages')).map((file) => path.join(work, 'pages', file));
    const files = [...contentFiles, ...synthetic];
    expect(files.length).toBeGreaterThan(100);
    const results = files.map((file) => [path.relative(ROOT, file), compare(readFileSync(file, 'utf8'))]);
    expect(results.filter(([, result]) => result !== 'quick')).toEqual([]);
  });

  it('reads generated documents as js-yaml does, or leaves them to it', () => {
    const next = random(7);
    const pick = <T,>(list: readonly T[]): T => list[next(list.length)]!;
    // Values of every kind pages write, and near misses of each.
    const values = ['text', 'Two words', "it's", 'C# and F#', 'a #b', 'x:y', 'http://a.b/c', '12', '-3', '+4', '0x1F', '0o17', '1_000', '1.5', '-.5', '.inf', '-.Inf', '.NaN', '1e3', 'null', 'Null', '~', 'true', 'False', 'yes', '"dq"', '"a\\nb"', '"\\u00e9t\\u00E9"', '"\\x41"', '"\\t\\\\"', '"\\q"', "'sq'", "'it''s'", "''", '""', '"a # b"', "'a: b'", '[a, b]', '[]', '{}', '{ a: 1, b: [x, "y"] }', '[a, [b, c], {d: e}]', '{a: b}', '[a,b]', '{ a: b, }', '2001-12-14', '12:30', '.5', '-', '- a', '? a', ': a', '@x', '%x', '<<', 'é ü', '"unclosed', "'unclosed", '[unclosed', 'a: b', 'a:', '|', '>', '|-', '|2'];
    const bodies = ['line one\nline two', 'one\n\ntwo', 'one\n\n\ntwo\n', '\nlead', 'a\n  indented\nb', '  more\nless', 'end\n\n', '# not a comment', 'x: y'];
    const keys = ['a', 'b', 'title', 'body', 'items', 'x-y', 'True', 'c'];
    const generate = (depth: number, indent: number): string => {
      const pad = ' '.repeat(indent);
      let out = '';
      for (let i = 0, count = 1 + next(4); i < count; i++) {
        const key = pick(keys);
        const kind = next(depth > 2 ? 3 : 6);
        if (kind <= 1) out += `${pad}${key}: ${pick(values)}${next(5) === 0 ? ' # a comment' : ''}\n`;
        else if (kind === 2) {
          const step = 1 + next(3);
          const body = pick(bodies)
            .split('\n')
            .map((line) => (line ? ' '.repeat(indent + step) + line : next(3) === 0 ? ' '.repeat(next(indent + step + 2)) : ''))
            .join('\n');
          out += `${pad}${key}: ${pick(['|', '|-', '|+', '>', '>-', '>+'])}\n${body}\n${next(3) === 0 ? '\n' : ''}`;
        } else if (kind === 3) out += `${pad}${key}:\n${generate(depth + 1, indent + 1 + next(3))}`;
        else {
          const at = next(3) === 0 ? indent : indent + 2;
          out += `${pad}${key}:\n`;
          for (let j = 0, items = 1 + next(3); j < items; j++) {
            out += next(2) ? `${' '.repeat(at)}- ${pick(values)}\n` : `${' '.repeat(at)}- ${generate(depth + 1, at + 2).slice(at + 2)}`;
          }
        }
      }
      return out;
    };
    const tally: Record<string, number> = {};
    for (let i = 0; i < 4000; i++) {
      const result = compare(generate(0, 0));
      tally[result] = (tally[result] ?? 0) + 1;
    }
    expect(tally['read otherwise']).toBeUndefined();
    expect(tally['accepted a refused file']).toBeUndefined();
    // Most of them are read quickly: the comparison is of something.
    expect(tally.quick).toBeGreaterThan(2000);
  });

  it('reads a key of any shape as js-yaml does, or leaves it to it', () => {
    // Every line of up to five of the characters a key is made of, and those that end or break one: as a
    // key alone, with a value, nested, in a list item and in a flow map.
    const alphabet = ['a', '0', '_', '-', ':', ' '];
    let lines = [''];
    const all: string[] = [];
    for (let length = 1; length <= 5; length++) {
      lines = lines.flatMap((line) => alphabet.map((character) => line + character));
      all.push(...lines);
    }
    const tally: Record<string, number> = {};
    for (const line of all) {
      for (const source of [`${line}\n`, `${line} v\n`, `a:\n  ${line} v\n`, `a:\n  - ${line} v\n`, `a: { ${line} v }\n`]) {
        const result = compare(source);
        tally[result] = (tally[result] ?? 0) + 1;
      }
    }
    expect(tally['read otherwise']).toBeUndefined();
    expect(tally['accepted a refused file']).toBeUndefined();
    expect(tally.quick).toBeGreaterThan(1000);
  });

  it('never reads a damaged page otherwise than js-yaml, nor accepts one js-yaml refuses', () => {
    const next = random(11);
    const marks = [' ', ':', '-', '#', "'", '"', '[', ']', '{', '}', ',', '|', '>', '\n', '  ', ': ', '- ', '\\', '\n  ', '\n- ', 'x', '0', '.', '~', '?'];
    const pages = contentFiles.map((file) => readFileSync(file, 'utf8'));
    const tally: Record<string, number> = {};
    for (let i = 0; i < 4000; i++) {
      let source = pages[next(pages.length)]!;
      for (let change = 0, changes = 1 + next(3); change < changes; change++) {
        const at = next(source.length);
        const mark = marks[next(marks.length)]!;
        const kind = next(3);
        source = kind === 0 ? source.slice(0, at) + source.slice(at + 1 + next(3)) : kind === 1 ? source.slice(0, at) + mark + source.slice(at) : source.slice(0, at) + mark + source.slice(at + 1);
      }
      const result = compare(source);
      tally[result] = (tally[result] ?? 0) + 1;
    }
    expect(tally['read otherwise']).toBeUndefined();
    expect(tally['accepted a refused file']).toBeUndefined();
    expect(tally.quick).toBeGreaterThan(1000);
    expect(tally['gave up']).toBeGreaterThan(1000);
  });

  it('leaves what it does not read to js-yaml, so a mistake is still reported where it is', () => {
    const site = readFileSync(path.join(ROOT, 'pages/_site.yaml'), 'utf8');
    const cases = {
      'a value over two lines': site.replace(/^(name: .*)$/m, '$1\n  and more'),
      'a duplicate key': site.replace(/^(name: .*)$/m, '$1\n$1'),
      'a tab': site.replace(/^(name: .*)$/m, '$1\t'),
      'a key in quotes': site.replace(/^name:/m, '"name":'),
    };
    for (const [what, source] of Object.entries(cases)) {
      expect(source, what).not.toBe(site);
      expect(quickYaml(source), what).toBeUndefined();
    }
    const duplicate = validateYaml(SiteSchema, 'pages/_site.yaml', cases['a duplicate key']);
    expect(duplicate.ok ? [] : duplicate.errors.map((error) => [error.code, error.line])).toEqual([['yaml-duplicate-key', 5]]);
    const twoLines = validateYaml(SiteSchema, 'pages/_site.yaml', cases['a value over two lines']);
    expect(twoLines.ok && twoLines.value.name).toMatch(/ and more$/);
  });
});
