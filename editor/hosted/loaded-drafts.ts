/**
 * The drafts' content as the API reads it (every page, validated), kept in memory for the drafts used
 * most recently only: each holds the whole site, so a server with many editors would otherwise keep
 * one copy per editor for good. A draft let go is read again at its next request, from its content
 * cache on disk (src/content/cache.ts).
 */
import path from 'node:path';
import { ContentCache } from '../../src/content/cache';
import { loadContent, type Content } from '../../src/content/load';

/** Drafts whose content stays loaded: the editors at work at the same time on a small team. */
export const LOADED_DRAFTS = 8;

interface Loaded {
  cache: ContentCache;
  content: Content | undefined;
}

export class LoadedDrafts {
  /** By draft id; a Map keeps insertion order, so the first is the draft used longest ago. */
  private readonly drafts = new Map<string, Loaded>();

  constructor(
    /** The state folder's caches: `<cacheDir>/<id>`. */
    private readonly cacheDir: string,
    private readonly keep = LOADED_DRAFTS,
  ) {}

  /** The draft's content as its work tree `dir` has it (loaded when forgotten or let go). */
  content(id: string, dir: string): Content {
    let loaded = this.drafts.get(id);
    if (loaded) this.drafts.delete(id);
    loaded ??= { cache: new ContentCache(path.join(this.cacheDir, id)), content: undefined };
    this.drafts.set(id, loaded);
    for (const oldest of this.drafts.keys()) {
      if (this.drafts.size <= this.keep) break;
      this.drafts.delete(oldest);
    }
    return (loaded.content ??= loadContent({ root: dir, cache: loaded.cache }));
  }

  /** After a write: the next content() reads the files again (unchanged pages from the cache). */
  forget(id: string): void {
    const loaded = this.drafts.get(id);
    if (loaded) loaded.content = undefined;
  }

  /** Drafts whose content is in memory now (tests). */
  get size(): number {
    return [...this.drafts.values()].filter((loaded) => loaded.content !== undefined).length;
  }
}
