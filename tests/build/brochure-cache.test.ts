/**
 * The kept brochures (scripts/builder/brochure-cache.ts): a few, the most recently used, so a site
 * rebuilt for months does not fill the disk with old brochures; a hint is only a hint; a cache that
 * cannot be written stops nothing. The builds that use it: tests/build/incremental.test.ts.
 */
// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrochureCache } from '../../scripts/builder/brochure-cache';

let root = '';
const dir = () => path.join(root, 'node_modules/.cache/cesa-build/brochures');
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cesa-brochures-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Stores brochures a, b, c… one second apart, the first the oldest. */
function storeInTurn(cache: BrochureCache, keys: string[]): void {
  const start = Date.now() / 1000 - keys.length - 10;
  keys.forEach((key, index) => {
    cache.store(key, pdf(key));
    utimesSync(path.join(dir(), `${key}.pdf`), start + index, start + index);
  });
}

describe('the kept brochures', () => {
  it('gives back the bytes stored under a key, and nothing for a key never stored', () => {
    const cache = new BrochureCache(root);
    cache.store('a1', pdf('first'));
    expect(cache.file('a1')).toBeDefined();
    expect(readFileSync(cache.file('a1')!, 'utf8')).toBe('%PDF-1.7 first');
    expect(cache.file('b2')).toBeUndefined();
  });

  it('keeps the six most recently used: one used again lately outlives newer ones', () => {
    const cache = new BrochureCache(root);
    storeInTurn(cache, ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']);
    // k1, the oldest, is used by a build now: it counts as the newest.
    expect(cache.file('k1')).toBeDefined();
    cache.store('k7', pdf('k7'));
    cache.store('k8', pdf('k8'));
    expect(readdirSync(dir()).filter((name) => name.endsWith('.pdf')).sort()).toEqual(['k1.pdf', 'k4.pdf', 'k5.pdf', 'k6.pdf', 'k7.pdf', 'k8.pdf']);
  });

  it('hints that the inputs of the last build ended with a kept brochure, until that brochure is let go', () => {
    const cache = new BrochureCache(root);
    expect(cache.likelyKept('inputs-1')).toBe(false);
    cache.store('k1', pdf('k1'));
    cache.remember('inputs-1', 'k1');
    expect(new BrochureCache(root).likelyKept('inputs-1')).toBe(true);
    expect(new BrochureCache(root).likelyKept('inputs-2')).toBe(false);
    rmSync(path.join(dir(), 'k1.pdf'));
    expect(new BrochureCache(root).likelyKept('inputs-1')).toBe(false);
  });

  it('where its folder cannot be made, stores and remembers nothing and throws nothing: the build goes on without it', () => {
    // A file where the cache's folders would go: no folder can be made under it, whoever runs the build.
    writeFileSync(path.join(root, 'node_modules'), 'not a folder');
    const cache = new BrochureCache(root);
    expect(() => cache.store('k1', pdf('k1'))).not.toThrow();
    expect(() => cache.remember('inputs-1', 'k1')).not.toThrow();
    expect(cache.file('k1')).toBeUndefined();
    expect(cache.likelyKept('inputs-1')).toBe(false);
  });
});
