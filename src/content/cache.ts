/**
 * Validated pages of unchanged files, kept between runs (rebuilds, the dev server, the bench).
 * One file per pages folder, read once: for each page file its size, times and inode when it was
 * validated, the hash of its text and the validated page. A file whose stat is unchanged is not even
 * read again; a file touched but not changed (a checkout) is read and found by its text's hash. The
 * store is keyed by the schemas' code too, so a changed schema validates everything again. A store
 * that cannot be read is ignored: the pages are validated again. Node only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { Page } from './page-schema';

const here = path.dirname(fileURLToPath(import.meta.url));
const VERSION = 2;

/** Fingerprint of everything that decides what a file validates to: the schemas' source code. */
function schemaFingerprint(): string {
  const hash = createHash('sha1').update(`content-cache ${VERSION}`);
  const sources = [
    ...readdirSync(here).filter((file) => file.endsWith('.ts')).map((file) => path.join(here, file)),
    ...readdirSync(path.join(here, '../sections'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(here, '../sections', entry.name, 'schema.ts')),
  ].sort();
  for (const file of sources) {
    try {
      hash.update(file).update(readFileSync(file));
    } catch {
      hash.update(`${file} missing`);
    }
  }
  return hash.digest('hex');
}

interface Entry {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  sourceHash: string;
  page: Page;
}

interface Store {
  fingerprint: string;
  entries: Record<string, Entry>;
}

const hashOf = (source: string) => createHash('sha1').update(source).digest('hex');

export class ContentCache {
  private readonly fingerprint = schemaFingerprint();
  private entries: Record<string, Entry> = {};
  private byHash = new Map<string, Page>();
  private changed = false;
  private loadedFrom: string | undefined;
  hits = 0;

  constructor(private readonly dir: string) {}

  /** Reads the store of a pages folder (once). */
  private open(pagesDir: string): void {
    const file = this.storeFile(pagesDir);
    if (this.loadedFrom === file) return;
    this.loadedFrom = file;
    this.entries = {};
    this.byHash.clear();
    try {
      const store = deserialize(readFileSync(file)) as Partial<Store>;
      if (store.fingerprint === this.fingerprint && typeof store.entries === 'object' && store.entries !== null) this.entries = store.entries;
    } catch {
      // No store yet, or one this version cannot read: validate everything.
    }
    for (const entry of Object.values(this.entries)) this.byHash.set(entry.sourceHash, entry.page);
  }

  private storeFile(pagesDir: string): string {
    return path.join(this.dir, `${createHash('sha1').update(path.resolve(pagesDir)).digest('hex')}.bin`);
  }

  /** The validated page of a file whose stat says it has not changed since it was validated. */
  unchanged(pagesDir: string, relative: string, stat: Stats): Page | undefined {
    this.open(pagesDir);
    const entry = this.entries[relative];
    if (!entry || entry.size !== stat.size || entry.mtimeMs !== stat.mtimeMs || entry.ctimeMs !== stat.ctimeMs || entry.ino !== stat.ino) return undefined;
    this.hits++;
    return entry.page;
  }

  /** The validated page of a file with this text, if any file had it. */
  get(pagesDir: string, relative: string, stat: Stats, source: string): Page | undefined {
    this.open(pagesDir);
    const sourceHash = hashOf(source);
    const page = this.byHash.get(sourceHash);
    if (!page) return undefined;
    this.hits++;
    this.record(relative, stat, sourceHash, page);
    return page;
  }

  set(pagesDir: string, relative: string, stat: Stats, source: string, page: Page): void {
    this.open(pagesDir);
    const sourceHash = hashOf(source);
    this.byHash.set(sourceHash, page);
    this.record(relative, stat, sourceHash, page);
  }

  private record(relative: string, stat: Stats, sourceHash: string, page: Page): void {
    this.entries[relative] = { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, sourceHash, page };
    this.changed = true;
  }

  /** Keeps only the files that still exist, and writes the store if anything changed. */
  save(pagesDir: string, existing: readonly string[]): void {
    this.open(pagesDir);
    const keep = new Set(existing);
    for (const relative of Object.keys(this.entries)) {
      if (!keep.has(relative)) {
        delete this.entries[relative];
        this.changed = true;
      }
    }
    // The texts the files have now, as the store keeps them: a server's draft saved a thousand times
    // would otherwise keep a page for every version it ever had.
    if (this.byHash.size > Object.keys(this.entries).length) {
      this.byHash.clear();
      for (const entry of Object.values(this.entries)) this.byHash.set(entry.sourceHash, entry.page);
    }
    if (!this.changed) return;
    try {
      mkdirSync(this.dir, { recursive: true });
      const file = this.storeFile(pagesDir);
      const temporary = `${file}.tmp-${process.pid}`;
      writeFileSync(temporary, serialize({ fingerprint: this.fingerprint, entries: this.entries } satisfies Store));
      renameSync(temporary, file);
      this.changed = false;
    } catch {
      // A store that could not be written is only a slower next run.
    }
  }
}

/** The cache folder of a project. */
export function defaultCacheDir(root: string): string {
  return path.join(root, 'node_modules/.cache/cesa-content');
}
