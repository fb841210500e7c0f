/**
 * The page index between builds (scripts/builder/page-index.ts): what one build wrote, the next reads
 * back as it was, an entry it did not change included; an index it cannot trust whole (cut short,
 * damaged, of other code or another site document) counts as none, so every page is read again.
 */
// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readIndex, writeIndex, type IndexEntry } from '../../scripts/builder/page-index';

const root = mkdtempSync(path.join(tmpdir(), 'cesa-page-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const pagesDir = path.join(root, 'pages');

const entry = (name: string, size: number): IndexEntry =>
  ({
    stamp: { size, mtimeMs: 1_700_000_000_000.5, ctimeMs: 1_700_000_000_000.5, ino: size * 7 },
    sourceHash: `hash of ${name}`,
    card: { kind: 'title', title: `A "quoted"\ttitle\nof ${name}`, alt: name },
    facts: { route: `/${name}`, aliases: [], references: [] },
  }) as unknown as IndexEntry;

const indexFile = () => {
  const dir = path.join(root, 'node_modules/.cache/cesa-build/pages');
  return path.join(dir, readdirSync(dir).find((name) => name.endsWith('.json'))!);
};

describe('the page index', () => {
  const first: [string, IndexEntry][] = [
    ['about.yaml', entry('about', 10)],
    ['courses/etabs.yaml', entry('etabs', 20)],
    ['a\tname "odd".yaml', entry('odd', 30)],
  ];

  it('reads back what the last build wrote, names and entries alike', () => {
    writeIndex(root, pagesDir, 'context 1', first);
    expect(readIndex(root, pagesDir, 'context 1').entries).toEqual(Object.fromEntries(first));
  });

  it('writes an entry the build did not change back as it was read, beside one it changed', () => {
    const read = readIndex(root, pagesDir, 'context 1');
    const changed = entry('etabs', 21);
    writeIndex(root, pagesDir, 'context 1', [
      ['about.yaml', read.lines.get('about.yaml')!],
      ['courses/etabs.yaml', changed],
      ['a\tname "odd".yaml', read.lines.get('a\tname "odd".yaml')!],
    ]);
    expect(readIndex(root, pagesDir, 'context 1').entries).toEqual({ ...Object.fromEntries(first), 'courses/etabs.yaml': changed });
  });

  it('counts as none when made with other code or another site document', () => {
    expect(readIndex(root, pagesDir, 'context 2').entries).toEqual({});
  });

  it('counts as none when cut short or damaged, whatever line it breaks off in', () => {
    const whole = readFileSync(indexFile(), 'utf8');
    for (const cut of [whole.length - 1, whole.lastIndexOf('\n', whole.length - 2) + 5, whole.indexOf('\n') + 1, 10]) {
      writeFileSync(indexFile(), whole.slice(0, cut));
      expect(readIndex(root, pagesDir, 'context 1').entries, `cut at ${cut}`).toEqual({});
    }
    writeFileSync(indexFile(), whole.replace('"about.yaml"\t', '"about.yaml" '));
    expect(readIndex(root, pagesDir, 'context 1').entries).toEqual({});
  });
});
