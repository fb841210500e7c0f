/**
 * What lets a build do only the work its inputs require:
 * - the code fingerprint: a hash of everything the bundles and the renderer are made from (src/, the
 *   build scripts, the Vite config, the lock file, Node's version). Same fingerprint, same bundles.
 * - the bundle cache: Vite's client and server bundles of each fingerprint, kept under
 *   node_modules/.cache/cesa-build/bundles/, reused while no code, config or lock file changed.
 * - the output manifest: for each file of the last build of an output folder, the key of what it was
 *   made from (a page's HTML: the code fingerprint, the template and the page's whole data). A file whose
 *   key is unchanged is hard-linked from the previous output instead of being made again.
 *
 * A cache is only a way to skip work: a corrupt or foreign one (another version, another folder, a file
 * changed since it was recorded) is ignored, never trusted, and the file is made again.
 */
import { createHash, hash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { outputPathOf, rememberFolders } from './output-folder';
import { codeFiles } from './code';

const VERSION = 1;

export function buildCacheDir(root: string): string {
  return path.join(root, 'node_modules/.cache/cesa-build');
}

export const sha1 = (...parts: (string | Uint8Array)[]): string => {
  // Text alone (a page's key, every page of every build): one call, half the time of a Hash object.
  if (parts.every((part) => typeof part === 'string')) return hash('sha1', `${parts.join('\0')}\0`);
  const hashing = createHash('sha1');
  for (const part of parts) hashing.update(part).update('\0');
  return hashing.digest('hex');
};


/** A hash of the project's code that shapes the output (code.ts): equal fingerprints make equal bundles and equal HTML from equal data. */
export function codeFingerprint(root: string): string {
  const hashing = createHash('sha1').update(`cesa-build ${VERSION} ${process.version}\0`);
  for (const file of codeFiles(root, 'site-output')) hashing.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  return hashing.digest('hex');
}

/** Where a fingerprint's bundles are kept; `complete` once both are written. */
export function bundleDirs(root: string, fingerprint: string): { dir: string; client: string; server: string; complete: boolean } {
  const dir = path.join(buildCacheDir(root), 'bundles', fingerprint);
  return { dir, client: path.join(dir, 'client'), server: path.join(dir, 'server'), complete: existsSync(path.join(dir, 'complete')) };
}

/**
 * Makes a fingerprint's bundles with `make(clientDir, serverDir)` unless they are cached (or `cold`).
 * Written into `temporary` (the build's own folder, removed by the next build if this one is killed)
 * and renamed into the cache, so no half-written bundle is ever there. Older fingerprints are removed
 * (two are kept, and any a build used in the last hour).
 */
export async function cachedBundles(
  root: string,
  fingerprint: string,
  { temporary, cold = false }: { temporary: string; cold?: boolean },
  make: (client: string, server: string) => Promise<void>,
): Promise<{ client: string; server: string; reused: boolean }> {
  const target = bundleDirs(root, fingerprint);
  if (target.complete && !cold) {
    // Used now: the pruning of other builds keeps it a while (below).
    try {
      const now = new Date();
      utimesSync(target.dir, now, now);
    } catch {
      // Removed meanwhile: its files are read below, and a failure says so.
    }
    return { client: target.client, server: target.server, reused: true };
  }
  rmSync(temporary, { recursive: true, force: true });
  await make(path.join(temporary, 'client'), path.join(temporary, 'server'));
  writeFileSync(path.join(temporary, 'complete'), fingerprint);
  rmSync(target.dir, { recursive: true, force: true });
  mkdirSync(path.dirname(target.dir), { recursive: true });
  try {
    renameSync(temporary, target.dir);
  } catch (error) {
    // Another build put the same bundles there first: theirs are as good.
    if (!bundleDirs(root, fingerprint).complete) throw error;
    rmSync(temporary, { recursive: true, force: true });
  }
  pruneBundles(root, fingerprint);
  return { client: target.client, server: target.server, reused: false };
}

/** Bundles used this recently are never removed: a build of another copy of the project sharing node_modules may be reading them. */
const BUNDLE_IN_USE_MS = 60 * 60_000;

function pruneBundles(root: string, keep: string): void {
  const dir = path.join(buildCacheDir(root), 'bundles');
  const others = readdirSync(dir)
    .filter((name) => name !== keep && /^[0-9a-f]{40}$/.test(name))
    .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  // The newest other one stays: switching back and forth between two branches rebuilds nothing.
  const recent = Date.now() - BUNDLE_IN_USE_MS;
  for (const { name, time } of others.slice(1)) if (time < recent) rmSync(path.join(dir, name), { recursive: true, force: true });
}

/** One file of an output folder: what it was made from, and how it looked when it was written. */
export interface OutputRecord {
  key: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

interface Manifest {
  version: number;
  outDir: string;
  files: Record<string, OutputRecord>;
}

function manifestFile(root: string, outDir: string): string {
  return path.join(buildCacheDir(root), 'outputs', `${sha1(path.resolve(outDir))}.json`);
}

/** The previous build's records of an output folder, if they can be trusted at all. */
export function readManifest(root: string, outDir: string): Record<string, OutputRecord> {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile(root, outDir), 'utf8')) as Partial<Manifest>;
    if (manifest.version !== VERSION || manifest.outDir !== path.resolve(outDir) || typeof manifest.files !== 'object' || manifest.files === null) return {};
    return manifest.files;
  } catch {
    return {};
  }
}

export function writeManifest(root: string, outDir: string, files: Record<string, OutputRecord>): void {
  const file = manifestFile(root, outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  const manifest: Manifest = { version: VERSION, outDir: path.resolve(outDir), files };
  writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify(manifest));
  renameSync(`${file}.tmp-${process.pid}`, file);
}

/** Forgets an output folder's records (a failed swap, a build that wrote no manifest). */
export function dropManifest(root: string, outDir: string): void {
  rmSync(manifestFile(root, outDir), { force: true });
}

/** Where and how a writer puts its files. Plain data, so a worker thread gets its own writer. */
export interface WriterOptions {
  /** The staging folder of a fresh output, or the output folder itself when updated in place. */
  target: string;
  /** What every key includes: the code fingerprint (other code, other files). */
  base: string;
  /**
   * In place: only files whose key changed are written, each to a temporary name then renamed over
   * the old one; the rest stay as they are. Fresh: every file is put into staging, unchanged ones
   * hard-linked from `previousDir`.
   */
  inPlace: boolean;
  previousDir?: string | undefined;
  /** Folders of `target` the main thread made (the pages' own, while the pages were validated): a worker's writer makes none of them again. */
  folders?: string[] | undefined;
}

/**
 * Writes the files of a build, reusing the previous output's file wherever its key is unchanged and
 * the file is still exactly what was recorded (same inode, size and time).
 */
export class OutputWriter {
  readonly written: Record<string, OutputRecord> = {};
  reused = 0;
  made = 0;
  readonly target: string;
  readonly base: string;

  /** @param previous the previous output's records (none: make every file) */
  constructor(
    readonly options: WriterOptions,
    private readonly previous: Record<string, OutputRecord> = {},
  ) {
    this.target = options.target;
    this.base = options.base;
    if (options.folders) rememberFolders(options.target, options.folders);
  }

  /** Takes in what a worker thread wrote with its own writer. */
  merge(written: Record<string, OutputRecord>): void {
    Object.assign(this.written, written);
    this.made += Object.keys(written).length;
  }

  /** The file made by `produce` unless the previous output has it for this key. */
  put(relative: string, key: string, produce: () => string | Uint8Array): void {
    if (!this.reuse(relative, key)) this.write(relative, key, produce());
  }

  /** Keeps the previous output's file if it was made from this key; false if not. */
  reuse(relative: string, key: string): boolean {
    const record = this.previous[relative];
    if (record?.key !== key) return false;
    if (!this.options.inPlace) {
      // Fresh: link it into staging, if it is still what was recorded.
      const previous = path.join(this.options.previousDir ?? '', relative);
      try {
        const stat = statSync(previous);
        if (stat.ino !== record.ino || stat.size !== record.size || stat.mtimeMs !== record.mtimeMs) return false;
        const target = path.join(this.target, relative);
        mkdirSync(path.dirname(target), { recursive: true });
        linkSync(previous, target);
      } catch {
        return false;
      }
    }
    this.written[relative] = record;
    this.reused++;
    return true;
  }

  write(relative: string, key: string, data: string | Uint8Array): void {
    this.place(relative, key, (file) => writeFileSync(file, data));
  }

  /**
   * Puts a file made by `make(file)` (a copy, a link) at `relative`: in place, under a temporary name
   * renamed over the old file, so a reader never sees half a file.
   */
  place(relative: string, key: string, make: (file: string) => void): void {
    const file = outputPathOf(this.target, relative);
    if (this.options.inPlace) {
      const temporary = `${file}.tmp-${process.pid}`;
      rmSync(temporary, { force: true });
      make(temporary);
      renameSync(temporary, file);
    } else make(file);
    this.record(relative, key);
  }

  private record(relative: string, key: string): void {
    const { ino, size, mtimeMs } = statSync(path.join(this.target, relative));
    this.written[relative] = { key, size, mtimeMs, ino };
    this.made++;
  }
}

/**
 * The records of the previous output whose files are still exactly as recorded: a file changed or
 * removed by hand since is made again.
 */
export function verifiedRecords(outDir: string, records: Record<string, OutputRecord>): Record<string, OutputRecord> {
  const verified: Record<string, OutputRecord> = {};
  // The records' paths are the output's own (`about/index.html`): joined by hand, as path.join's
  // normalizing was a third of this at 10,000 files.
  const dir = `${path.resolve(outDir)}${path.sep}`;
  for (const [relative, record] of Object.entries(records)) {
    let stat: Stats | undefined;
    try {
      stat = statSync(dir + relative, { throwIfNoEntry: false });
    } catch {
      // Not readable: made again.
    }
    // Gone: made again.
    if (stat && stat.ino === record.ino && stat.size === record.size && stat.mtimeMs === record.mtimeMs) verified[relative] = record;
  }
  return verified;
}

/** Removes the files of an output updated in place that this build did not write or keep, and their emptied folders. */
export function removeStale(outDir: string, previous: Record<string, OutputRecord>, written: Record<string, OutputRecord>): number {
  let removed = 0;
  for (const relative of Object.keys(previous)) {
    if (relative in written) continue;
    rmSync(path.join(outDir, relative), { force: true });
    removed++;
    for (let dir = path.dirname(relative); dir !== '.' && dir !== ''; dir = path.dirname(dir)) {
      try {
        rmdirSync(path.join(outDir, dir));
      } catch {
        break; // not empty
      }
    }
  }
  return removed;
}
