/**
 * POST /_editor/api/upload?name=<the file's name>: an image from the editor's computer, saved into
 * public/images/uploads/ under a name links can use (lowercase letters, digits and dashes), never
 * over another file. Only images the site can show are kept: photos (JPEG, PNG, WebP, AVIF) that
 * decode, up to 50 MB (the build resizes them); SVG drawings and GIFs up to 400 KB (served as they are).
 * Hosted, every upload is committed without its metadata, whatever its kind (scripts/authoring/metadata.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { MAX_PHOTO_BYTES, MAX_SERVED_AS_IS_BYTES } from '../../src/content/images';
import type { UploadResponse } from '../protocol/api';
import { statWithoutLinks } from '../../scripts/authoring/no-links';
import { isAnimatedPng, pngWithoutMetadata } from '../../scripts/authoring/png-chunks';
import { withoutAnyMetadata } from '../../scripts/authoring/metadata';
import { createAtomically, type ContentPaths } from '../../scripts/authoring/page-files';
import { EDITOR } from '../errors';

/** Where uploads go, inside public/. */
export const UPLOAD_FOLDER = ['images', 'uploads'] as const;

export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES;

/**
 * The hosted editor's photos (editor/hosted/): at most 20 MB (a phone's photo is 3–12 MB;
 * the request must also fit the host's limits, 32 MiB on Cloud Run), and without the camera's metadata
 * (EXIF, XMP, IPTC: where the photo was taken, the phone, the time) before they are committed.
 */
export const HOSTED_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export interface UploadRules {
  /** Remove EXIF, XMP and IPTC metadata (GPS position above all) from photos, keeping how they look. */
  stripMetadata: boolean;
}

type Format = 'jpg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';

/** The formats a damaged upload is asked again in. */
const ACCEPTED_FORMATS = 'JPEG, PNG, WebP, AVIF, GIF or SVG';

const EXTENSIONS: Record<string, Format> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif', svg: 'svg' };

/** `Site Plan (Final).JPG` → `site-plan-final`: lowercase letters, digits and dashes only. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'image';
}


/** What sharp calls the formats the site shows, in the editor's terms (AVIF is HEIF with AV1 inside). */
const FORMATS: Partial<Record<string, Format>> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', svg: 'svg' };

/** The format sharp reads in the bytes, or undefined for one the site does not show. */
function formatOf(meta: Metadata): Format | undefined {
  // An iPhone's HEIC is HEIF with HEVC inside, which browsers do not show.
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : undefined;
  return FORMATS[meta.format];
}

const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]/i;

function looksLikeSvg(bytes: Buffer): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return SVG_START.test(text.replace(/^\uFEFF/, ''));
  } catch {
    return false;
  }
}

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;

/** Makes `folder` (its parent is there), unless another upload just did. */
function makeFolder(folder: string): void {
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * public/images/uploads/, made step by step where missing; refused when any step from the content
 * root down (public/ itself included) is a link, which could lead anywhere on the disk.
 */
function uploadFolder(paths: ContentPaths): string {
  const steps = ['public', ...UPLOAD_FOLDER];
  for (let length = 1; length <= steps.length; length++) {
    const relative = steps.slice(0, length).join('/');
    const stat = statWithoutLinks(paths.contentRoot, relative, 'folder');
    if (!stat) makeFolder(path.join(paths.contentRoot, relative));
  }
  // Made or not, looked at again: a link put in the way meanwhile is refused too.
  statWithoutLinks(paths.contentRoot, steps.join('/'), 'folder');
  return path.join(paths.contentRoot, ...steps);
}

/** Width and height as shown (a camera's rotated photo as its EXIF orientation turns it), after checking that the image decodes. */
async function measure(bytes: Buffer, name: string): Promise<{ format: Format; width: number; height: number; metadata: boolean; animated: boolean }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw EDITOR.refusal('EDITOR_UPLOAD_NOT_AN_IMAGE', { name });
  }
  const format = formatOf(meta);
  if (!format) {
    throw EDITOR.refusal(meta.format === 'heif' ? 'EDITOR_UPLOAD_HEIC' : 'EDITOR_UPLOAD_NOT_AN_IMAGE', { name });
  }
  if (format !== 'svg' && format !== 'gif') {
    try {
      // The header can be whole and the rest damaged (a photo cut short in a copy): decoded, small, to be sure.
      await sharp(bytes, { failOn: 'error' }).resize({ width: 32 }).toBuffer();
    } catch {
      throw EDITOR.refusal('EDITOR_UPLOAD_DAMAGED', { name, formats: 'JPEG, PNG, WebP or AVIF' });
    }
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height) {
    throw EDITOR.refusal(format === 'svg' ? 'EDITOR_UPLOAD_SVG_NO_SIZE' : 'EDITOR_UPLOAD_NO_SIZE', { name });
  }
  // sharp sees an APNG's first frame only (no `pages`): its chunks say it is animated.
  const animated = (meta.pages ?? 1) > 1 || (format === 'png' && isAnimatedPng(bytes));
  return { format, width, height, metadata: meta.exif !== undefined || meta.xmp !== undefined || meta.iptc !== undefined, animated };
}

/**
 * The photo without its metadata: turned as its EXIF orientation says (that tag goes too), its colour
 * profile kept, encoded again in its own format at a quality the eye does not tell from the original
 * (the build makes the sizes the site serves from this file anyway); PNG stays lossless. An animated
 * photo keeps every frame, with its timing and its loops: a WebP is encoded again frame by frame
 * (not turned: its frames are shown as they are stored), an APNG, which sharp cannot write, keeps its
 * bytes and loses only its metadata chunks (png-chunks.ts).
 */
async function withoutMetadata(bytes: Buffer, name: string, format: Format, animated: boolean): Promise<Buffer> {
  if (animated && format === 'png') {
    const stripped = pngWithoutMetadata(bytes);
    if (!stripped) throw EDITOR.refusal('EDITOR_UPLOAD_DAMAGED', { name, formats: 'PNG, WebP or GIF' });
    return stripped;
  }
  const image = animated ? sharp(bytes, { failOn: 'error', animated: true }).keepIccProfile() : sharp(bytes, { failOn: 'error' }).rotate().keepIccProfile();
  if (format === 'jpg') return image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  if (format === 'png') return image.png({ compressionLevel: 9 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 92 }).toBuffer();
  return image.avif({ quality: 80 }).toBuffer();
}

/**
 * Saves the upload, or refuses it in words. `mayKeep` is asked about the file's name (`public/images/uploads/a.jpg`)
 * before it is written, and refuses one the site's repository would not keep (api.ts).
 */
export async function saveUpload(paths: ContentPaths, name: string, bytes: Buffer, { stripMetadata }: UploadRules = { stripMetadata: false }, mayKeep?: (file: string) => Promise<void>): Promise<UploadResponse> {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (!EXTENSIONS[extension]) throw EDITOR.refusal('EDITOR_UPLOAD_NOT_AN_IMAGE', { name });
  if (bytes.length === 0) throw EDITOR.refusal('EDITOR_UPLOAD_EMPTY', { name });
  const claimed = EXTENSIONS[extension];
  if (claimed === 'svg' && !looksLikeSvg(bytes)) throw EDITOR.refusal('EDITOR_UPLOAD_NOT_SVG', { name });
  const { format, width, height, metadata, animated } = await measure(bytes, name);
  if ((format === 'svg' || format === 'gif') && bytes.length > MAX_SERVED_AS_IS_BYTES) {
    throw EDITOR.refusal('EDITOR_UPLOAD_TOO_HEAVY', { name, size: kilobytes(bytes.length), maxSize: kilobytes(MAX_SERVED_AS_IS_BYTES) });
  }
  // Encoded again when a decoder reports EXIF, XMP or IPTC (the photo turned as its EXIF says), and an AVIF always
  // (its container's metadata items are not taken apart here); then, whatever the kind of metadata, its bytes without it.
  const stripped = stripMetadata && (metadata || format === 'avif') && format !== 'svg' && format !== 'gif';
  const encoded = stripped ? await withoutMetadata(bytes, name, format, animated) : bytes;
  const kept = stripMetadata ? withoutAnyMetadata(encoded, format) : encoded;
  if (!kept) throw EDITOR.refusal('EDITOR_UPLOAD_DAMAGED', { name, formats: ACCEPTED_FORMATS });
  // An animated photo is not turned when stripped, and its orientation tag is gone: its size as it is now shown.
  const shown = stripped && animated ? await sizeOf(kept) : { width, height };
  const folder = uploadFolder(paths);
  // The extension says what the file is: a JPEG named .png is saved as .jpg.
  const base = slugify(name.replace(/\.[A-Za-z0-9]+$/, ''));
  for (let count = 1; ; count++) {
    const fileName = `${count === 1 ? base : `${base}-${count}`}.${format}`;
    const src = `/${[...UPLOAD_FOLDER, fileName].join('/')}`;
    await mayKeep?.(`public${src}`);
    if (createAtomically(path.join(folder, fileName), kept)) return { src, ...shown };
  }
}

/** Width and height of one frame, as stored. */
async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.pageHeight ?? meta.height };
}
