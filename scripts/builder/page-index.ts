/**
 * What the last build learned of each page file, kept between builds so that an unchanged file is
 * neither read, validated nor hashed again: its identity on disk (size, times, inode), the hash of
 * its text, its facts (src/content/facts.ts) and its card. Valid only for the code and the site
 * document it was made with: other code or another site document, and every file is loaded again.
 * One file per pages folder in the build cache; one that cannot be read whole is ignored (every page
 * is loaded). Written after a build that succeeded and read something new, a line per page file. JSON:
 * read three times faster than node:v8's serialization of the same entries (125 against 405 ms at
 * 5,000 pages).
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PageFacts } from '../../src/content/facts';
import { buildCacheDir, sha1 } from './build-cache';
import type { FileStamp } from './page-work';
import type { CardSpec } from './social';

// 4: a page's facts carry its date boundaries (`dates`).
const VERSION = 4;

export interface IndexEntry {
  stamp: FileStamp;
  sourceHash: string;
  facts: PageFacts;
  card: CardSpec | null;
}

/** The index as the last build left it. */
export interface StoredIndex {
  entries: Record<string, IndexEntry>;
  /**
   * Each entry's line as it was read: an entry this build did not change is written back as it was
   * (writing 5,000 entries as JSON again cost 25–60 ms of a build in which one page changed).
   */
  lines: ReadonlyMap<string, string>;
}

const NONE: StoredIndex = { entries: {}, lines: new Map() };

function indexFile(root: string, pagesDir: string): string {
  return path.join(buildCacheDir(root), 'pages', `${sha1(path.resolve(pagesDir))}.json`);
}

/**
 * The entries of the last build of this pages folder, if made in this context; else none. The file:
 * a line of JSON saying what it was made with, then a line per page file: its name (JSON), a tab,
 * its entry (JSON). One that cannot be read whole counts as none (every page is loaded).
 */
export function readIndex(root: string, pagesDir: string, context: string): StoredIndex {
  try {
    const text = readFileSync(indexFile(root, pagesDir), 'utf8');
    let end = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, end)) as { version?: number; context?: string };
    if (header.version !== VERSION || header.context !== context) return NONE;
    const entries: Record<string, IndexEntry> = {};
    const lines = new Map<string, string>();
    for (let start = end + 1; start < text.length; start = end + 1) {
      end = text.indexOf('\n', start);
      if (end < 0) return NONE;
      const line = text.slice(start, end);
      const tab = line.indexOf('\t');
      const relative = JSON.parse(line.slice(0, tab)) as unknown;
      const entry = JSON.parse(line.slice(tab + 1)) as unknown;
      if (typeof relative !== 'string' || typeof entry !== 'object' || entry === null) return NONE;
      entries[relative] = entry as IndexEntry;
      lines.set(relative, line);
    }
    return { entries, lines };
  } catch {
    return NONE;
  }
}

/**
 * Writes the index a few hundred lines at a time: at 50,000 pages one string of all of it, and the
 * objects copied to make it, were a peak of their own at the end of a build. An entry given as a
 * string is its line as read (StoredIndex.lines), written as it is.
 */
export function writeIndex(root: string, pagesDir: string, context: string, entries: Iterable<[string, IndexEntry | string]>): void {
  const file = indexFile(root, pagesDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, `${JSON.stringify({ version: VERSION, context })}\n`);
    let chunk = '';
    let count = 0;
    for (const [relative, entry] of entries) {
      chunk += `${typeof entry === 'string' ? entry : `${JSON.stringify(relative)}\t${JSON.stringify(entry)}`}\n`;
      if (++count % 500 === 0) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}
