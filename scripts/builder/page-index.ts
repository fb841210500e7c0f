/**
 * What the last build learned of each page file, kept between builds so that an unchanged file is
 * neither read, validated nor hashed again: its identity on disk (size, times, inode), the hash of
 * its text, its facts (src/content/facts.ts) and its card. Valid only for the code and the site
 * document it was made with: other code or another site document, and every file is loaded again.
 * One file per pages folder in the build cache; one that cannot be read is ignored (every page is
 * loaded). Written whole after a build that succeeded and read something new. JSON: read three times
 * faster than node:v8's serialization of the same entries (125 against 405 ms at 5,000 pages).
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PageFacts } from '../../src/content/facts';
import { buildCacheDir, sha1 } from './build-cache';
import type { FileStamp } from './page-work';
import type { CardSpec } from './social';

const VERSION = 2;

export interface IndexEntry {
  stamp: FileStamp;
  sourceHash: string;
  facts: PageFacts;
  card: CardSpec | null;
}

export interface PageIndex {
  /** The code fingerprint and the site document's hash the entries were made with. */
  context: string;
  entries: Record<string, IndexEntry>;
}

function indexFile(root: string, pagesDir: string): string {
  return path.join(buildCacheDir(root), 'pages', `${sha1(path.resolve(pagesDir))}.json`);
}

/** The entries of the last build of this pages folder, if made in this context; else none. */
export function readIndex(root: string, pagesDir: string, context: string): Record<string, IndexEntry> {
  try {
    const stored = JSON.parse(readFileSync(indexFile(root, pagesDir), 'utf8')) as { version?: number } & Partial<PageIndex>;
    if (stored.version !== VERSION || stored.context !== context || typeof stored.entries !== 'object' || stored.entries === null) return {};
    return stored.entries;
  } catch {
    return {};
  }
}

/**
 * Writes the index entry by entry (JSON, read back whole by readIndex): at 50,000 pages one string of
 * all of it, and the objects copied to make it, were a peak of their own at the end of a build.
 */
export function writeIndex(root: string, pagesDir: string, context: string, entries: Iterable<[string, IndexEntry]>): void {
  const file = indexFile(root, pagesDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `{"version":${VERSION},"context":${JSON.stringify(context)},"entries":{`);
    let chunk: string[] = [];
    let first = true;
    for (const [relative, entry] of entries) {
      chunk.push(`${first ? '' : ','}${JSON.stringify(relative)}:${JSON.stringify(entry)}`);
      first = false;
      if (chunk.length === 500) {
        writeSync(fd, chunk.join(''));
        chunk = [];
      }
    }
    writeSync(fd, `${chunk.join('')}}}`);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}
