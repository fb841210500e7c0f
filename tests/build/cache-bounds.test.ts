/**
 * The caches a long-running server keeps hold no more bytes than their bound, whatever their keys
 * (issue 41, R5): the social cards' frames (2.2 MB each), one per site address ever drawn until now;
 * a draft's validated pages, one per version of a page it was ever saved as.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentCache } from '../../src/content/cache';
import type { Page } from '../../src/content/page-schema';
import { BytesLru } from '../../src/lib/bytes-lru';
import { frameCache, MAX_FRAME_CACHE_BYTES, siteColours, titleCard } from '../../scripts/builder/social';

const root = path.resolve(import.meta.dirname, '../..');

describe('a cache bounded by bytes', () => {
  it('lets the least recently used go first, and never keeps an entry heavier than the bound', () => {
    const cache = new BytesLru<string, string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 4);
    // b was used longest ago.
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.bytes).toBe(8);
    cache.set('huge', 'H', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(8);
    cache.set('a', 'A again', 2);
    expect(cache.bytes).toBe(6);
  });
});

describe("the social cards' frames", () => {
  it('twelve site addresses drawn in turn: the frames kept stay within their bound, and each card is still drawn', async () => {
    const colours = siteColours(root);
    const logo = { data: Buffer.alloc(40 * 20 * 4, 255), width: 40, height: 20 };
    for (let index = 0; index < 12; index++) {
      const card = await titleCard({ kind: 'title', title: `Course ${index}`, alt: `Course ${index}` }, { colours, host: `site-${index}.example.org`, logo });
      expect(card.length).toBeGreaterThan(0);
      expect(frameCache.bytes).toBeLessThanOrEqual(MAX_FRAME_CACHE_BYTES);
    }
    expect(frameCache.size).toBeLessThan(12);
  });
});

describe("a draft's validated pages", () => {
  it('a page saved in a hundred versions: once the content is loaded again, only the version on disk is kept', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cesa-cache-bounds-'));
    try {
      const cache = new ContentCache(path.join(dir, 'cache'));
      const file = path.join(dir, 'a.yaml');
      writeFileSync(file, 'a');
      const stat = statSync(file);
      const page = (title: string) => ({ meta: { title } }) as unknown as Page;
      for (let version = 0; version < 100; version++) cache.set(dir, 'a.yaml', stat, `version ${version}`, page(`v${version}`));
      // Before the load ends, any version is still found by its text (a file switched back and forth).
      expect(cache.get(dir, 'a.yaml', stat, 'version 3')).toBeDefined();
      cache.set(dir, 'a.yaml', stat, 'version 99', page('v99'));
      cache.save(dir, ['a.yaml']);
      expect(cache.get(dir, 'a.yaml', stat, 'version 3')).toBeUndefined();
      expect(cache.get(dir, 'a.yaml', stat, 'version 99')).toEqual(page('v99'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
