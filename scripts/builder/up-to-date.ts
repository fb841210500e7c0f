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
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCacheDir, codeFingerprint, readManifest, sha1, verifiedRecords } from './build-cache';
import type { FileStamp } from './page-work';
import type { HostingRules } from '../hosting/firebase-json';

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
    for (const name of readdirSync(base, { recursive: true, encoding: 'utf8' }).sort()) {
      const { size, mtimeMs, ctimeMs, ino, mode } = statSync(path.join(base, name));
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

function recordFile(root: string, outDir: string): string {
  return path.join(buildCacheDir(root), 'outputs', `${sha1(path.resolve(outDir))}.inputs`);
}

/** What the last build of an output folder made of its inputs. */
export interface BuiltFrom {
  inputs: string;
  pages: number;
  /** What the content decided in firebase.json: a build that finds nothing changed still writes it right. */
  hosting: HostingRules;
}

/**
 * The last build of `outDir`, if it was built from exactly these inputs and every file it wrote is
 * untouched since (a build under way has dropped its manifest: not up to date); else undefined.
 */
export function upToDate(root: string, outDir: string, inputs: string): (BuiltFrom & { files: number }) | undefined {
  let built: BuiltFrom;
  try {
    built = JSON.parse(readFileSync(recordFile(root, outDir), 'utf8')) as BuiltFrom;
  } catch {
    return undefined;
  }
  if (built.inputs !== inputs || !built.hosting) return undefined;
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
