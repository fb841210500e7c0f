/**
 * Photos in the content check: any weight up to 50 MB (the build resizes them), measured the way
 * they are shown (EXIF orientation), refused only when they cannot be served well: unreadable, too
 * narrow for where they are shown, over 50 MB. Each refusal is located at the field that names the file.
 */
// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { stringContaining } from '../helpers/matchers';
import { errorsWhereShown, loadContent, photosShown } from '../../src/content/load';
import { IMAGE_SLOTS, MAX_PHOTO_BYTES, singleSrc, sizesOf, srcSetOf, tintClasses, tintOf, variantWidths } from '../../src/content/images';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A throwaway project: the fixture site document, its logo, the given pages and public files. */
function project(pages: Record<string, string>, files: Record<string, Uint8Array | string> = {}): string {
  root = mkdtempSync(path.join(tmpdir(), 'cesa-images-'));
  mkdirSync(path.join(root, 'pages'), { recursive: true });
  mkdirSync(path.join(root, 'public/images'), { recursive: true });
  writeFileSync(path.join(root, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  writeFileSync(path.join(root, 'pages/_site.yaml'), readFileSync(path.join(fixtures, 'site.yaml'), 'utf8'));
  for (const [file, text] of Object.entries(pages)) writeFileSync(path.join(root, 'pages', file), text);
  for (const [file, data] of Object.entries(files)) writeFileSync(path.join(root, 'public', file), data);
  return root;
}

const page = (sections: string) => `meta:\n  title: Home\n  description: d\n  keywords: [k]\nsections:\n  - type: hero\n    title: Home\n${sections}`;

/** A JPEG with a photo's texture (noise over a gradient), so it weighs what a photo weighs. */
async function photo(width: number, height: number, options: { orientation?: number; quality?: number } = {}): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).raw().toBuffer();
  const image = sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: options.quality ?? 90 });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

describe('photos in the content check', () => {
  it('a camera photo of megabytes is accepted (the build resizes it) and measured', async () => {
    const camera = await photo(2400, 1600, { quality: 98 });
    expect(camera.length).toBeGreaterThan(1024 * 1024);
    const content = loadContent({ root: project({ 'index.yaml': page('    image: /images/camera.jpg\n') }, { 'images/camera.jpg': camera }) });
    expect(content.errors).toEqual([]);
    expect(content.images.get('/images/camera.jpg')).toEqual({ width: 2400, height: 1600 });
  });

  it('a photo turned by its EXIF orientation is measured as it is shown', async () => {
    // Stored 1200 × 900, shown a quarter turned: 900 × 1200.
    const turned = await photo(1200, 900, { orientation: 6 });
    const content = loadContent({ root: project({ 'index.yaml': page('    image: /images/turned.jpg\n') }, { 'images/turned.jpg': turned }) });
    expect(content.errors).toEqual([]);
    expect(content.images.get('/images/turned.jpg')).toEqual({ width: 900, height: 1200 });
  });

  it('a photo over 50 MB is refused where it is named', () => {
    root = project({ 'index.yaml': page('    image: { src: /images/huge.jpg, alt: A huge photo }\n') }, { 'images/huge.jpg': '' });
    truncateSync(path.join(root, 'public/images/huge.jpg'), MAX_PHOTO_BYTES + 1);
    const content = loadContent({ root });
    expect(content.errors).toMatchObject([
      { code: 'image-too-heavy', file: 'pages/index.yaml', path: 'sections[0].image.src', line: 8, column: 14, message: stringContaining('/images/huge.jpg weighs 50 MB: a photo may weigh at most 50 MB') },
    ]);
  });

  it('a file that is not an image is refused as unreadable, with what to do', () => {
    const content = loadContent({ root: project({ 'index.yaml': page('    image: /images/notes.jpg\n') }, { 'images/notes.jpg': 'these are my notes, not a photo' }) });
    expect(content.errors).toMatchObject([
      { code: 'image-unreadable', path: 'sections[0].image', line: 8, column: 5, message: stringContaining('/images/notes.jpg cannot be read as an image'), hint: stringContaining('save it again') },
    ]);
  });

  it('a photo too narrow for its slot is refused at that use only', async () => {
    const small = await photo(300, 300);
    const content = loadContent({
      root: project(
        {
          'index.yaml':
            page('    image: /images/small.jpg\n') +
            '  - type: testimonials\n    items:\n      - { name: A, quote: Good., photo: /images/small.jpg }\n',
        },
        { 'images/small.jpg': small },
      ),
    });
    // As a hero banner it would be enlarged (800 px needed); as a 3.5rem testimonial photo it is plenty.
    expect(content.errors).toMatchObject([
      {
        code: 'image-too-small',
        path: 'sections[0].image',
        line: 8,
        message: '/images/small.jpg is 300 × 300 px: a hero banner needs a photo at least 800 px wide, or it shows blurred',
        hint: stringContaining('larger original'),
      },
    ]);
  });

  it('SVG is served as it is: any width, no size needed, at most 400 KB', () => {
    const content = loadContent({
      root: project({ 'index.yaml': page('    image: /images/drawing.svg\n') }, { 'images/drawing.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"/>' }),
    });
    expect(content.errors).toEqual([]);
  });

  it('lists each photo shown with its slots (what the build processes), and locates every use of one', async () => {
    const wide = await photo(1700, 1000);
    const content = loadContent({
      root: project(
        {
          'index.yaml':
            page('    image: /images/wide.jpg\n') +
            '  - type: gallery\n    images:\n      - { src: /images/wide.jpg, alt: Wide }\n      - { src: /images/logo.svg, alt: Logo }\n',
        },
        { 'images/wide.jpg': wide },
      ),
    });
    expect(content.errors).toEqual([]);
    expect(photosShown(content)).toEqual(new Map([['/images/wide.jpg', new Set(['hero', 'gallery'])]]));
    const errors = errorsWhereShown({ root }, content, '/images/wide.jpg', { code: 'image-unreadable', message: 'broken', hint: 'fix it' });
    expect(errors.map(({ file, path, line, column }) => ({ file, path, line, column }))).toEqual([
      { file: 'pages/index.yaml', path: 'sections[0].image', line: 8, column: 5 },
      { file: 'pages/index.yaml', path: 'sections[1].images[0].src', line: 11, column: 11 },
    ]);
  });
});

describe('what a slot makes of a photo', () => {
  it('its slot widths narrower than the photo, and the photo itself up to the largest: never enlarged', () => {
    expect(variantWidths(4000, ['hero'])).toEqual([480, 800, 1200, 1600]);
    expect(variantWidths(1000, ['hero'])).toEqual([480, 800, 1000]);
    expect(variantWidths(960, ['cover'])).toEqual([960]);
    expect(variantWidths(4000, ['hero', 'avatar'])).toEqual([112, 168, 480, 800, 1200, 1600]);
    // Every slot shown in pages gets at least one width at its minimum; one only the build reads (a shared link's picture, the site icon) none.
    for (const [slot, spec] of Object.entries(IMAGE_SLOTS)) {
      const widths = variantWidths(spec.minWidth, [slot as keyof typeof IMAGE_SLOTS]);
      if (spec.widths.length > 0) expect(widths.length, slot).toBeGreaterThan(0);
      else expect(widths, slot).toEqual([]);
    }
  });

  it('URLs under /_img/, by id and width; one URL where no srcset can be', () => {
    const variants = { id: 'abc', widths: [480, 800], tint: '534' };
    expect(srcSetOf(variants, 'avif')).toBe('/_img/abc-480.avif 480w, /_img/abc-800.avif 800w');
    expect(singleSrc('/images/poster.jpg', variants)).toBe('/_img/abc-800.webp');
    expect(singleSrc('/images/logo.svg', undefined)).toBe('/images/logo.svg');
    expect(sizesOf('logo', 3)).toBe('15rem');
    expect(tintOf([158, 128, 108])).toBe('443');
    expect(tintClasses('534')).toBe('tint tr5 tg3 tb4');
    expect(tintClasses(undefined)).toBeUndefined();
  });
});

describe('the picture a page names for its shared link (meta.social.image)', () => {
  const shared = (image: string) => `meta:\n  title: Home\n  description: d\n  keywords: [k]\n  social:\n    image: ${image}\nsections:\n  - type: hero\n    title: Home\n`;

  it('must exist in public/', () => {
    const content = loadContent({ root: project({ 'index.yaml': shared('{ src: /images/missing.jpg, alt: Students }') }) });
    expect(content.errors).toMatchObject([{ code: 'missing-file', path: 'meta.social.image.src', line: 6, message: '/images/missing.jpg is not in public/' }]);
  });

  it('must be wide enough for the 1200 px card, and is made into no page width (only the card is made of it)', async () => {
    const narrow = loadContent({ root: project({ 'index.yaml': shared('/images/narrow.jpg') }, { 'images/narrow.jpg': await photo(900, 500) }) });
    expect(narrow.errors).toMatchObject([{ code: 'image-too-small', path: 'meta.social.image', message: stringContaining('the picture of a shared link needs a photo at least 1200 px wide') }]);
    rmSync(root, { recursive: true, force: true });
    const wide = loadContent({ root: project({ 'index.yaml': shared('/images/wide.jpg') }, { 'images/wide.jpg': await photo(1600, 900) }) });
    expect(wide.errors).toEqual([]);
    expect(photosShown(wide).get('/images/wide.jpg')).toEqual(new Set(['social']));
    expect(variantWidths(1600, ['social'])).toEqual([]);
  });
});
