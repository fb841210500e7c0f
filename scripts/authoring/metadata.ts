/**
 * A picture's bytes without what describes it: where and when it was taken, the camera, comments,
 * an editing program's notes. Whatever the kind of metadata, not only the EXIF a decoder reports:
 * - PNG: every chunk but those that draw it (png-chunks.ts: tEXt, zTXt, iTXt, eXIf, tIME… go);
 * - JPEG: every APPn segment but the JFIF header (APP0), the colour profile (APP2 ICC_PROFILE) and
 *   Adobe's colour transform (APP14), which change how it looks; every comment (COM);
 * - GIF: comments and application extensions, but the loop count (NETSCAPE2.0 / ANIMEXTS1.0);
 * - WebP: the EXIF and XMP chunks (and their flags);
 * - SVG: `<metadata>`, RDF and comments.
 * The drawing itself is kept byte for byte; undefined for bytes that are not a whole file of the kind.
 */
import { pngWithoutMetadata } from './png-chunks';

export type PictureFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';

/** JPEG markers without a length: TEM, RST0–7, SOI, EOI. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/** The APPn segments that change how a JPEG looks. */
function keptAppSegment(marker: number, data: Buffer): boolean {
  if (marker === 0xe0) return data.subarray(0, 5).toString('latin1') === 'JFIF\0';
  if (marker === 0xe2) return data.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
  if (marker === 0xee) return data.subarray(0, 5).toString('latin1') === 'Adobe';
  return false;
}

export function jpegWithoutMetadata(jpeg: Buffer): Buffer | undefined {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at < jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    // Fill bytes before a marker.
    while (jpeg[at + 1] === 0xff) at++;
    const marker = jpeg[at + 1];
    if (marker === undefined) return undefined;
    if (marker === 0xd9) {
      kept.push(jpeg.subarray(at, at + 2));
      return Buffer.concat(kept);
    }
    if (STANDALONE(marker)) {
      kept.push(jpeg.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > jpeg.length) return undefined;
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) return undefined;
    const data = jpeg.subarray(at + 4, end);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && !keptAppSegment(marker, data)) && marker !== 0xfe) kept.push(jpeg.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // The scan's coded data runs to the next marker that is no restart (RSTn) nor an escaped 0xFF.
      let scan = at;
      while (scan + 1 < jpeg.length && !(jpeg[scan] === 0xff && jpeg[scan + 1] !== 0x00 && !(jpeg[scan + 1]! >= 0xd0 && jpeg[scan + 1]! <= 0xd7))) scan++;
      if (scan + 1 >= jpeg.length) return undefined;
      kept.push(jpeg.subarray(at, scan));
      at = scan;
    }
  }
  return undefined;
}

/** The application extensions a GIF needs to play as it should: how often it loops. */
const LOOP_EXTENSIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** The end of the data sub-blocks starting at `at` (after their 0 terminator), or -1 when cut short. */
function subBlocksEnd(gif: Buffer, at: number): number {
  while (at < gif.length) {
    const size = gif[at]!;
    if (size === 0) return at + 1;
    at += size + 1;
  }
  return -1;
}

export function gifWithoutMetadata(gif: Buffer): Buffer | undefined {
  if (gif.length < 13 || !/^GIF8[79]a$/.test(gif.subarray(0, 6).toString('latin1'))) return undefined;
  const packed = gif[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  if (at > gif.length) return undefined;
  const kept: Buffer[] = [gif.subarray(0, at)];
  while (at < gif.length) {
    const introducer = gif[at];
    if (introducer === 0x3b) {
      kept.push(gif.subarray(at, at + 1));
      return Buffer.concat(kept);
    }
    if (introducer === 0x2c) {
      // An image: its descriptor, its colour table, the LZW code size, then its data.
      if (at + 10 > gif.length) return undefined;
      const local = gif[at + 9]!;
      const dataStart = at + 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      const end = subBlocksEnd(gif, dataStart);
      if (end < 0) return undefined;
      kept.push(gif.subarray(at, end));
      at = end;
    } else if (introducer === 0x21) {
      const label = gif[at + 1];
      const end = subBlocksEnd(gif, at + 2);
      if (end < 0 || label === undefined) return undefined;
      // Comments (0xFE) go; an application extension goes unless it is the loop count.
      const application = label === 0xff && gif[at + 2] === 11 ? gif.subarray(at + 3, at + 14).toString('latin1') : null;
      if (label !== 0xfe && (label !== 0xff || (application !== null && LOOP_EXTENSIONS.has(application)))) kept.push(gif.subarray(at, end));
      at = end;
    } else {
      return undefined;
    }
  }
  return undefined;
}

export function webpWithoutMetadata(webp: Buffer): Buffer | undefined {
  if (webp.length < 12 || webp.toString('latin1', 0, 4) !== 'RIFF' || webp.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunks: Buffer[] = [];
  let at = 12;
  const end = Math.min(webp.length, 8 + webp.readUInt32LE(4));
  while (at < end) {
    if (at + 8 > end) return undefined;
    const type = webp.toString('latin1', at, at + 4);
    const size = webp.readUInt32LE(at + 4);
    const next = at + 8 + size + (size % 2);
    if (at + 8 + size > end) return undefined;
    if (type === 'VP8X') {
      const header = Buffer.from(webp.subarray(at, Math.min(next, end)));
      // The flags byte: the EXIF (0x08) and XMP (0x04) chunks are gone.
      header[8] = header[8]! & ~0x0c;
      chunks.push(header);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      chunks.push(webp.subarray(at, Math.min(next, end)));
    }
    at = next;
  }
  const body = Buffer.concat(chunks);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}

/** An SVG drawing without its `<metadata>`, its RDF and its comments (what a drawing program writes about who, where and when). */
export function svgWithoutMetadata(svg: Buffer): Buffer | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(svg);
  } catch {
    return undefined;
  }
  const stripped = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<((?:[\w.-]+:)?metadata)\b[^>]*\/>/gi, '')
    .replace(/<((?:[\w.-]+:)?metadata)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(rdf:RDF)\b[^>]*\/>/g, '')
    .replace(/<(rdf:RDF)\b[^>]*>[\s\S]*?<\/\1\s*>/g, '');
  return Buffer.from(stripped, 'utf8');
}

/** Each format's stripper. AVIF is encoded again by sharp beforehand (upload.ts), which writes no metadata into it. */
const STRIPPERS: Record<PictureFormat, (bytes: Buffer) => Buffer | undefined> = {
  png: pngWithoutMetadata,
  jpg: jpegWithoutMetadata,
  gif: gifWithoutMetadata,
  webp: webpWithoutMetadata,
  svg: svgWithoutMetadata,
  avif: (bytes) => bytes,
};

/** `bytes` of a picture in `format` without any metadata; undefined when they are not a whole file of that format. */
export function withoutAnyMetadata(bytes: Buffer, format: PictureFormat): Buffer | undefined {
  return STRIPPERS[format](bytes);
}
