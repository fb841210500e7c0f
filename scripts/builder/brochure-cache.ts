/**
 * Brochures kept by what they are made from, as photos and link cards are (scripts/images,
 * social.ts): the key is a hash of the code, the site document, the courses' summaries and the date
 * (site-build.ts, startBrochure), so equal keys make equal bytes. A build whose brochure is here
 * copies it instead of drawing it again: drawing the real site's brochure costs its thread about
 * 0.7 s of CPU (loading pdf-lib, laying out, compressing), on the core that renders the pages
 * otherwise (README, "Speed"). Every build of the same content then pays nothing for it: a cold
 * build, a publish into a new folder, a preview.
 *
 * Beside the files, a few hints: which brochure the last builds of a given set of inputs (the hash of
 * every file a build reads, up-to-date.ts) ended with. They are known before a page is validated, so
 * a build whose brochure is almost certainly here does not start the brochure's thread ahead of time
 * for nothing. A wrong hint costs only time: the key decides.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '../images/images';
import { buildCacheDir } from './build-cache';

/** Brochures kept: the most recently used (one per version of the content a build went back and forth between). */
const KEPT = 6;
/** Hints kept, the most recent first. */
const HINTS = 16;

export class BrochureCache {
  private readonly dir: string;

  constructor(root: string) {
    this.dir = path.join(buildCacheDir(root), 'brochures');
  }

  /** The kept brochure of `key` (marked as used now), or undefined. */
  file(key: string): string | undefined {
    const file = this.fileOf(key);
    try {
      const now = new Date();
      utimesSync(file, now, now);
      return file;
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps the brochure of `key`, and lets go of the least recently used beyond KEPT. A cache that cannot
   * be written (a read-only or full disk) is no reason to stop a build: the next one draws it again.
   */
  store(key: string, bytes: Uint8Array): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      writeAtomically(this.fileOf(key), bytes);
      const kept = readdirSync(this.dir)
        .filter((name) => name.endsWith('.pdf'))
        .map((name) => {
          try {
            return { name, used: statSync(path.join(this.dir, name)).mtimeMs };
          } catch {
            return { name, used: 0 }; // removed meanwhile by another build
          }
        })
        .sort((a, b) => b.used - a.used);
      for (const { name } of kept.slice(KEPT)) rmSync(path.join(this.dir, name), { force: true });
    } catch {
      // Not kept this time.
    }
  }

  /** Whether the last build from `inputs` ended with a brochure that is still kept here. */
  likelyKept(inputs: string): boolean {
    const key = this.hints().find(([known]) => known === inputs)?.[1];
    return key !== undefined && existsSync(this.fileOf(key));
  }

  /** A build from `inputs` ended with the brochure of `key` (unless the cache cannot be written: then no hint). */
  remember(inputs: string, key: string): void {
    const hints = [[inputs, key] as [string, string], ...this.hints().filter(([known]) => known !== inputs)].slice(0, HINTS);
    try {
      mkdirSync(this.dir, { recursive: true });
      writeAtomically(path.join(this.dir, 'hints.json'), JSON.stringify(hints));
    } catch {
      // A hint only saves time.
    }
  }

  private hints(): [string, string][] {
    try {
      const hints: unknown = JSON.parse(readFileSync(path.join(this.dir, 'hints.json'), 'utf8'));
      return Array.isArray(hints) ? hints.filter((hint): hint is [string, string] => Array.isArray(hint) && typeof hint[0] === 'string' && typeof hint[1] === 'string') : [];
    } catch {
      return [];
    }
  }

  private fileOf(key: string): string {
    return path.join(this.dir, `${key}.pdf`);
  }
}
