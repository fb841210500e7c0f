/**
 * "Nothing changed" without building: after a build succeeds, what it read is recorded beside its
 * output's manifest (every file of pages/ and public/ by size, times and inode, the code fingerprint,
 * the repository's last commit, which dates the sitemap, SOURCE_DATE_EPOCH). The next build compares
 * first; when all is the same and every file of the output is still exactly what was recorded, it
 * stops there, before loading the engine's heavier parts (the validators, the renderer, sharp).
 * Like make, but by content identity rather than by time alone. Light on purpose: imported first.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { buildCacheDir, codeFingerprint, readManifest, sha1, verifiedRecords } from './build-cache';
import type { FileStamp } from './page-work';
import type { HostingRules } from '../hosting/firebase-json';
import type { IsoDate } from '../../src/content/calendar';

/** What a build of a content folder reads: its hash, and each file's identity as it was taken. */
export interface BuildInputs {
  hash: string;
  /** By path relative to the content folder (`pages/etabs.yaml`): the build looks no file up twice. */
  stamps: ReadonlyMap<string, FileStamp>;
  /** The code's fingerprint (build-cache.ts) as it was taken: the build's bundles are those of this code. */
  code: string;
}

/** Everything a build of `contentRoot` reads: every file of pages/ and public/, the code, the last commit, the epoch. */
export function buildInputs(root: string, contentRoot: string): BuildInputs {
  const hash = createHash('sha1');
  const stamps = new Map<string, FileStamp>();
  for (const dir of ['pages', 'public']) {
    const base = path.join(contentRoot, dir);
    if (!existsSync(base)) continue;
    for (const [name, { size, mtimeMs, ctimeMs, ino, mode }] of entriesUnder(base)) {
      hash.update(`${dir}/${name}\0${size} ${mtimeMs} ${ctimeMs} ${ino} ${mode}\n`);
      stamps.set(`${dir}/${name.split(path.sep).join('/')}`, { size, mtimeMs, ctimeMs, ino });
    }
  }
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: contentRoot, encoding: 'utf8' });
  hash.update(`head ${head.status === 0 ? head.stdout.trim() : 'none'}\n`);
  hash.update(`epoch ${process.env.SOURCE_DATE_EPOCH ?? ''}\n`);
  const code = codeFingerprint(root);
  hash.update(`code ${code}\n`);
  return { hash: hash.digest('hex'), stamps, code };
}

/**
 * Every entry under `base`, folders included, by its path relative to it (sorted), with what it is: a
 * link as what it points to, and a folder it points to walked too, but never a folder again inside
 * itself (a link back up); a link that points nowhere as the link itself (the content check says what
 * is wrong with it: a stack trace here said nothing). Read by entry types, not by Node's recursive list
 * of names, which looks at every entry once more to find the folders (0.25 s of 0.55–0.76 s at 50,000 pages).
 */
function entriesUnder(base: string): [string, Stats][] {
  const found: [string, Stats][] = [];
  const walking = new Set<string>();
  const walk = (dir: string, prefix: string, identity: string) => {
    walking.add(identity);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = prefix === '' ? entry.name : `${prefix}${path.sep}${entry.name}`;
      // `dir` is normalized (path.join), and an entry's name holds no separator: no path.join needed (a third of the walk).
      const full = `${dir}${path.sep}${entry.name}`;
      const stat = statOrLink(full);
      found.push([name, stat]);
      if (!stat.isDirectory()) continue;
      const inside = `${stat.dev}:${stat.ino}`;
      if (!walking.has(inside)) walk(full, name, inside);
    }
    walking.delete(identity);
  };
  const top = statSync(base);
  walk(base, '', `${top.dev}:${top.ino}`);
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What `file` is, through a link; a link that points nowhere (or in a circle), the link itself. */
function statOrLink(file: string): Stats {
  try {
    return statSync(file);
  } catch {
    return lstatSync(file);
  }
}

function recordFile(root: string, outDir: string): string {
  return path.join(buildCacheDir(root), 'outputs', `${sha1(path.resolve(outDir))}.inputs`);
}

/** What the last build of an output folder made of its inputs. */
export interface BuiltFrom {
  inputs: string;
  pages: number;
  /** What the content decided in firebase.json: a build that finds nothing changed still writes it right. */
  hosting: HostingRules;
  /** The dates for which this output is what a build would make (the output changes with the date outside it). */
  dates: DateWindow;
}

/** Days from `from` up to, not including, `until` (`YYYY-MM-DD`). */
export interface DateWindow {
  from: IsoDate;
  until: IsoDate;
}

/**
 * The last build of `outDir`, if it was built from exactly these inputs, for a date whose output is the
 * same as `today`'s, and every file it wrote is untouched since (a build under way has dropped its manifest:
 * not up to date); else undefined.
 */
export function upToDate(root: string, outDir: string, inputs: string, today: IsoDate): (BuiltFrom & { files: number }) | undefined {
  let built: BuiltFrom;
  try {
    built = JSON.parse(readFileSync(recordFile(root, outDir), 'utf8')) as BuiltFrom;
  } catch {
    return undefined;
  }
  if (built.inputs !== inputs || !built.hosting || !built.dates || today < built.dates.from || today >= built.dates.until) return undefined;
  const records = readManifest(root, outDir);
  const files = Object.keys(records).length;
  return files > 0 && Object.keys(verifiedRecords(outDir, records)).length === files ? { ...built, files } : undefined;
}

/** Records what the build that just succeeded read (after its manifest is written). */
export function recordInputs(root: string, outDir: string, built: BuiltFrom): void {
  const file = recordFile(root, outDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify(built));
  renameSync(`${file}.tmp-${process.pid}`, file);
}
