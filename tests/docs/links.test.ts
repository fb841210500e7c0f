/**
 * The documents' links lead somewhere: every relative link and picture of README.md, ARCHITECTURE.md and
 * docs/*.md names a file that exists, and every #anchor a heading of the document it points into, with
 * the anchors GitHub makes of headings. A document moved or a heading renamed fails here, naming the link.
 */
// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The documents a person reads: the README, the architecture, and every Markdown file of docs/. */
function documentsOf(project: string): string[] {
  const docs = path.join(project, 'docs');
  const inDocs = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name))
    : [];
  return ['README.md', 'ARCHITECTURE.md', ...inDocs].filter((file) => existsSync(path.join(project, file)));
}

/** The text outside fenced code blocks and inline code, lines kept (so a problem names its line). */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor of a heading: lowercase, punctuation dropped, spaces as dashes; repeats get -1, -2… */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const words = heading[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = words.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link or picture of the documents that leads nowhere, as "file:line: target (why)". */
function brokenLinks(project: string): string[] {
  const problems: string[] = [];
  for (const file of documentsOf(project)) {
    const text = readFileSync(path.join(project, file), 'utf8');
    prose(text).forEach((line, index) => {
      for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, tel:: not a file of the project
        const [pathPart, anchor] = target.split('#') as [string, string | undefined];
        const where = `${file}:${index + 1}: ${target}`;
        const linked = pathPart === '' ? path.join(project, file) : path.resolve(path.dirname(path.join(project, file)), decodeURIComponent(pathPart));
        if (!path.relative(project, linked).split(path.sep).every((part) => part !== '..')) {
          problems.push(`${where} (outside the project)`);
        } else if (!existsSync(linked)) {
          problems.push(`${where} (no such file)`);
        } else if (anchor !== undefined) {
          if (!statSync(linked).isFile() || !linked.endsWith('.md')) problems.push(`${where} (an anchor into a file that is not a document)`);
          else if (!anchorsOf(readFileSync(linked, 'utf8')).has(anchor)) problems.push(`${where} (no heading with that anchor)`);
        }
      }
    });
  }
  return problems;
}

describe("the documents' links", () => {
  it('reads README.md, ARCHITECTURE.md and every document of docs/', () => {
    const read = documentsOf(root);
    expect(read).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'docs/editors.md', 'docs/administrators.md', 'docs/developers.md', 'docs/sections.md']));
  });

  it('every relative link and picture leads to a file, every #anchor to a heading', () => {
    expect(brokenLinks(root)).toEqual([]);
  });

  it('names each broken link with its file and line: a missing file, a missing heading, a picture, outside the project', () => {
    const project = mkdtempSync(path.join(tmpdir(), 'cesa-links-'));
    try {
      mkdirSync(path.join(project, 'docs/images'), { recursive: true });
      writeFileSync(path.join(project, 'docs/images/shown.png'), '');
      writeFileSync(path.join(project, 'docs/guide.md'), '# The guide\n\n## Saving a page\n\n## Saving a page\n');
      writeFileSync(path.join(project, 'ARCHITECTURE.md'), '# Map\n');
      writeFileSync(
        path.join(project, 'README.md'),
        [
          '# Read me',
          '[fine](docs/guide.md#saving-a-page) [the second one](docs/guide.md#saving-a-page-1) [here](#read-me) [out](https://example.com/x.md)',
          '[gone](docs/moved.md)',
          '[renamed](docs/guide.md#saving)',
          '![a picture](docs/images/missing.png) ![shown](docs/images/shown.png)',
          '[up](../elsewhere.md) [own heading](#nowhere)',
          '```',
          '[in code](docs/not-checked.md)',
          '```',
          'and `[inline](docs/not-checked.md)` too',
        ].join('\n'),
      );
      expect(brokenLinks(project)).toEqual([
        'README.md:3: docs/moved.md (no such file)',
        'README.md:4: docs/guide.md#saving (no heading with that anchor)',
        'README.md:5: docs/images/missing.png (no such file)',
        'README.md:6: ../elsewhere.md (outside the project)',
        'README.md:6: #nowhere (no heading with that anchor)',
      ]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
