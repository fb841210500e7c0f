/**
 * sharp (libvips), loaded when a picture is to be made: loading it costs 80 ms, and a build whose
 * photos, cards and icons are all in their caches makes none. One libvips thread per operation (the
 * steps run one operation per core: both cores busy, none oversubscribed; sharp's default on glibc is
 * already 1), and nothing kept in libvips' own cache: each file is read once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Sharp from 'sharp';

export type SharpModule = typeof Sharp;

let loading: Promise<SharpModule> | undefined;

export function loadSharp(): Promise<SharpModule> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}

/** sharp's version without loading it (its package.json, found from its entry): part of what names a cached picture. */
export const SHARP_VERSION = ((): string => {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve('sharp')); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const found = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (found.name === 'sharp' && found.version) return found.version;
    } catch {
      // Not this folder.
    }
  }
  throw new Error("sharp's package.json was not found beside its code: reinstall with npm ci");
})();
