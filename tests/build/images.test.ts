/**
 * Photos, end to end with the real `npm run build` on a throwaway content root: a 4000 × 3000 camera
 * JPEG of about 9 MB as a course's hero image is served as AVIF and WebP through srcset, no file over
 * 250 KB, with width and height; the original is neither in the output nor named by any page; SVG
 * passes through; a rebuild takes the photo's files from the cache; a photo that turns out damaged
 * stops the build with a located error and leaves the previous output as it was.
 */
// @tier slow: builds the site in a child process
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VARIANT_BYTES } from '../../src/content/images';
import { cameraPhoto } from '../../scripts/bench/image-bench';
import { imageCacheDir } from '../../scripts/images/images';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-photos-'));
const content = path.join(work, 'content');
const outDir = path.join(work, 'dist');
const photoFile = path.join(content, 'public/images/etabs-hero.jpg');
const pageFile = path.join(content, 'pages/etabs.yaml');

function build() {
  return spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--content', content, '--out', outDir], { cwd: root, encoding: 'utf8' });
}

const sha1 = (data: Uint8Array) => createHash('sha1').update(data).digest('hex');

/** Path → sha1 of every file under a folder. */
function fingerprint(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files.set(name, sha1(readFileSync(file)));
  }
  return files;
}

/** The page's HTML without its islands' props (data blocks, which may name files as the content does). */
const markupOf = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/g, '');

/** Every URL an element's src, srcset, poster, href or content attribute makes the browser fetch. */
function urlsIn(html: string): string[] {
  return [...markupOf(html).matchAll(/\s(?:src|srcset|poster|href|content)="([^"]*)"/gi)].flatMap((match) =>
    match[1]!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!).filter((url) => url.startsWith('/')),
  );
}

/** The files the hero's <picture> names. */
function heroFiles(): string[] {
  const picture = /<picture[\s\S]*?<\/picture>/.exec(markupOf(readFileSync(path.join(outDir, 'etabs/index.html'), 'utf8')))![0];
  return [...new Set(urlsIn(picture))];
}

let original: Buffer;

beforeAll(async () => {
  cpSync(path.join(root, 'pages'), path.join(content, 'pages'), { recursive: true });
  cpSync(path.join(root, 'public'), path.join(content, 'public'), { recursive: true });
  original = await cameraPhoto(4000, 3000);
  writeFileSync(photoFile, original);
  // ETABS, a course page: its hero banner becomes the camera photo.
  const page = readFileSync(pageFile, 'utf8');
  expect(page).toContain('src: /images/heroes/etabs.svg');
  writeFileSync(pageFile, page.replace('src: /images/heroes/etabs.svg', 'src: /images/etabs-hero.jpg'));
  const result = build();
  if (result.status !== 0) throw new Error(`the content does not build:\n${result.stderr}`);
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a 9 MB camera photo as a course hero image', () => {
  it('is a camera-sized JPEG of about 9 MB', async () => {
    expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: 4000, height: 3000 });
    expect(original.length).toBeGreaterThan(7 * 1024 * 1024);
    expect(original.length).toBeLessThan(12 * 1024 * 1024);
  });

  it('is served as AVIF and WebP through srcset, with sizes, width and height, first and at once', () => {
    const html = readFileSync(path.join(outDir, 'etabs/index.html'), 'utf8');
    const picture = /<picture[^>]*>([\s\S]*?)<\/picture>/.exec(markupOf(html))?.[1];
    expect(picture).toBeDefined();
    const source = /<source ([^>]*)\/?>/.exec(picture!)![1]!;
    const image = /<img ([^>]*)\/?>/.exec(picture!)![1]!;
    const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    expect(attribute(source, 'type')).toBe('image/avif');
    expect(attribute(source, 'srcset')).toMatch(/^\/_img\/[0-9a-f]{20}-480\.avif 480w, \S+-800\.avif 800w, \S+-1200\.avif 1200w, \S+-1600\.avif 1600w$/);
    expect(attribute(image, 'srcset')).toMatch(/^\/_img\/[0-9a-f]{20}-480\.webp 480w, \S+-800\.webp 800w, \S+-1200\.webp 1200w, \S+-1600\.webp 1600w$/);
    expect(attribute(source, 'sizes')).toBe(attribute(image, 'sizes'));
    expect(attribute(image, 'sizes')).toMatch(/100vw$/);
    expect(attribute(image, 'width')).toBe('1600');
    expect(attribute(image, 'height')).toBe('1200');
    expect(attribute(image, 'fetchpriority')).toBe('high');
    expect(attribute(image, 'loading')).toBe('eager');
    expect(attribute(image, 'class')).toMatch(/\btint tr\d tg\d tb\d\b/);
  });

  it('has files of the widths the srcset says, never wider than 1600 px, none over 250 KB', async () => {
    const files = heroFiles();
    expect(files).toHaveLength(8);
    const weights: Record<string, number> = {};
    for (const url of files) {
      const file = path.join(outDir, url);
      const { width, height, format } = await sharp(file).metadata();
      const [, named, extension] = /-(\d+)\.(avif|webp)$/.exec(url)!;
      expect({ width, height, format: format === 'heif' ? 'avif' : format }).toEqual({ width: Number(named), height: (Number(named) * 3) / 4, format: extension });
      weights[`${named}.${extension}`] = statSync(file).size;
    }
    console.log(`${(original.length / 1024 / 1024).toFixed(1)} MB camera JPEG, 4000 × 3000 → processed files (bytes):`, weights);
    for (const [name, bytes] of Object.entries(weights)) expect(bytes, name).toBeLessThanOrEqual(MAX_VARIANT_BYTES);
  });

  it('leaves the original out of the site, and no page names it', () => {
    expect(existsSync(path.join(outDir, 'images/etabs-hero.jpg'))).toBe(false);
    const originalHash = sha1(original);
    const all = fingerprint(outDir);
    expect([...all.values()]).not.toContain(originalHash);
    for (const name of all.keys()) {
      if (!name.endsWith('.html')) continue;
      const html = readFileSync(path.join(outDir, name), 'utf8');
      expect(markupOf(html), name).not.toContain('etabs-hero.jpg');
      // Every image a page points to is in the site.
      for (const url of urlsIn(html).filter((candidate) => /\.(avif|webp|jpe?g|png|svg|gif)$/i.test(candidate))) expect(existsSync(path.join(outDir, url)), `${name}: ${url}`).toBe(true);
    }
  });

  it('passes SVG through as it is', () => {
    expect(readFileSync(path.join(outDir, 'images/logo.svg'))).toEqual(readFileSync(path.join(content, 'public/images/logo.svg')));
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).toMatch(/<img src="\/images\/logo\.svg"/);
  });

  it('takes the processed files from the cache on a rebuild', () => {
    const cached = (name: string) => path.join(imageCacheDir(root), name.replace(/^.*\/_img\//, '').replace(/-(\d+)\.(avif|webp)$/, '/$1.$2'));
    const files = heroFiles();
    const before = files.map((url) => statSync(cached(url)).mtimeMs);
    const output = files.map((url) => sha1(readFileSync(path.join(outDir, url))));
    expect(build().status).toBe(0);
    expect(files.map((url) => statSync(cached(url)).mtimeMs)).toEqual(before);
    expect(files.map((url) => sha1(readFileSync(path.join(outDir, url))))).toEqual(output);
  }, 300_000);

  it('stops at a photo that cannot be decoded, located, and leaves the previous output as it was', () => {
    const before = fingerprint(outDir);
    // A readable header, then the data stops half way: only decoding the photo finds out.
    writeFileSync(photoFile, original.subarray(0, Math.floor(original.length / 2)));
    try {
      const result = build();
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^pages\/etabs\.yaml:\d+:\d+ {2}sections\[0\]\.image\.src {2}\[image-unreadable\]$/m);
      expect(result.stderr).toContain('/images/etabs-hero.jpg cannot be read as an image');
      expect(result.stderr).toContain('The build stopped: the previous output was left as it was.');
      expect(fingerprint(outDir)).toEqual(before);
    } finally {
      writeFileSync(photoFile, original);
    }
  }, 300_000);
});
