/**
 * Validated pages of unchanged files, kept between runs (rebuilds, the dev server, the bench).
 * Keyed by the file's text and the schema code, so a changed file or a changed schema is validated
 * again. Node only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFile } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from './page-schema';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Fingerprint of everything that decides what a file validates to: the schemas' source code. */
function schemaFingerprint(): string {
  const hash = createHash('sha1');
  const sources = [
    ...readdirSync(here).filter((file) => file.endsWith('.ts')).map((file) => path.join(here, file)),
    ...readdirSync(path.join(here, '../sections'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(here, '../sections', entry.name, 'schema.ts')),
  ].sort();
  for (const file of sources) hash.update(readFileSync(file));
  return hash.digest('hex');
}

export class ContentCache {
  private readonly fingerprint = schemaFingerprint();
  hits = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  private fileOf(source: string): string {
    return path.join(this.dir, `${createHash('sha1').update(this.fingerprint).update(source).digest('hex')}.json`);
  }

  get(source: string): Page | undefined {
    try {
      const page = JSON.parse(readFileSync(this.fileOf(source), 'utf8')) as Page;
      this.hits++;
      return page;
    } catch {
      return undefined;
    }
  }

  /** Written in the background (libuv's threads): a cold run does not wait for the cache. */
  set(source: string, page: Page): void {
    writeFile(this.fileOf(source), JSON.stringify(page), () => {
      // A cache entry that could not be written is only a slower next run.
    });
  }
}

/** The cache folder of a project. */
export function defaultCacheDir(root: string): string {
  return path.join(root, 'node_modules/.cache/cesa-content');
}
