/**
 * The hosted editor commits an uploaded picture without what describes it, whatever the kind of
 * metadata and not only the EXIF a decoder reports: text chunks of a PNG, comments and APPn segments
 * of a JPEG, comments and application extensions of a GIF (its loop kept), EXIF and XMP chunks of a
 * WebP, `<metadata>`, RDF and comments of an SVG. Each crafted file says where it was taken; the file
 * saved no longer does, and still decodes to the same size.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPaths } from '../../scripts/authoring/page-files';
import { saveUpload } from '../../editor/server/upload';

const WHERE = 'Taken at 18.5204 N 73.8567 E, Example Road, Pune';
const where = Buffer.from(WHERE, 'latin1');

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cesa-upload-metadata-'));
  mkdirSync(path.join(root, 'public'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Saved as the hosted editor saves an upload: the bytes committed. */
async function saved(name: string, bytes: Buffer): Promise<Buffer> {
  const { src } = await saveUpload(contentPaths(root), name, bytes, { stripMetadata: true });
  return readFileSync(path.join(root, 'public', src));
}

const picture = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } });

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const [length, crc] = [Buffer.alloc(4), Buffer.alloc(4)];
  length.writeUInt32BE(data.length);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A JPEG segment: marker, length, data. */
function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** A RIFF chunk of a WebP: type, little-endian size, data, padding. */
function riffChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

async function expectDecodes(file: Buffer, width = 40, height = 30): Promise<void> {
  const meta = await sharp(file).metadata();
  expect([meta.width, meta.pageHeight ?? meta.height]).toEqual([width, height]);
  await sharp(file).raw().toBuffer();
}

describe('an uploaded picture loses its metadata, whatever its kind', () => {
  it('a PNG: its text (tEXt, zTXt, iTXt) and time chunks', async () => {
    const png = await picture().png().toBuffer();
    const ihdrEnd = 8 + 12 + png.readUInt32BE(8);
    const crafted = Buffer.concat([
      png.subarray(0, ihdrEnd),
      pngChunk('tEXt', Buffer.concat([Buffer.from('Location\0', 'latin1'), where])),
      pngChunk('iTXt', Buffer.concat([Buffer.from('Comment\0\0\0\0\0', 'latin1'), where])),
      pngChunk('tIME', Buffer.from([7, 234, 12, 8, 0, 0, 0])),
      png.subarray(ihdrEnd),
    ]);
    expect(crafted.includes(where)).toBe(true);
    const file = await saved('site.png', crafted);
    expect(file.includes(where)).toBe(false);
    expect(file.includes(Buffer.from('tIME'))).toBe(false);
    await expectDecodes(file);
  });

  it('a JPEG: its comments and its APPn segments, its colour profile kept', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    // Comments and segments of programs a decoder does not report as EXIF, XMP or IPTC.
    const crafted = Buffer.concat([jpeg.subarray(0, 2), jpegSegment(0xfe, where), jpegSegment(0xeb, where), jpegSegment(0xe5, where), jpeg.subarray(2)]);
    expect(crafted.includes(where)).toBe(true);
    const file = await saved('site.jpg', crafted);
    expect(file.includes(where)).toBe(false);
    await expectDecodes(file);
  });

  it('a GIF: its comments and application extensions, its loop kept', async () => {
    // Two frames of different colours.
    const raw = Buffer.concat([Buffer.alloc(20 * 20 * 3, 200), Buffer.alloc(20 * 20 * 3, 40)]);
    const gif = await sharp(raw, { raw: { width: 20, height: 40, channels: 3, pageHeight: 20 } }).gif({ loop: 0, delay: [100, 100] }).toBuffer();
    const packed = gif[10]!;
    const headerEnd = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, where.length]), where, Buffer.from([0])]);
    const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP', 'latin1'), Buffer.from([where.length]), where, Buffer.from([0])]);
    const crafted = Buffer.concat([gif.subarray(0, headerEnd), comment, xmp, gif.subarray(headerEnd)]);
    expect(crafted.includes(where)).toBe(true);
    expect((await sharp(crafted).metadata()).pages).toBe(2);
    const file = await saved('spinner.gif', crafted);
    expect(file.includes(where)).toBe(false);
    expect(file.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    const meta = await sharp(file).metadata();
    expect([meta.pages, meta.loop]).toEqual([2, 0]);
    await expectDecodes(file, 20, 20);
  });

  it('a WebP: its EXIF and XMP chunks', async () => {
    const webp = await picture().webp().toBuffer();
    // A simple WebP (VP8) made extended (VP8X) with EXIF and XMP chunks beside its image, its flags not saying so (a decoder reports none).
    const image = webp.subarray(12);
    const vp8x = Buffer.alloc(10);
    vp8x.writeUIntLE(40 - 1, 4, 3);
    vp8x.writeUIntLE(30 - 1, 7, 3);
    const body = Buffer.concat([riffChunk('VP8X', vp8x), image, riffChunk('EXIF', where), riffChunk('XMP ', where)]);
    const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
    head.writeUInt32LE(4 + body.length, 4);
    const crafted = Buffer.concat([head, body]);
    expect(crafted.includes(where)).toBe(true);
    await expectDecodes(crafted);
    const file = await saved('site.webp', crafted);
    expect(file.includes(where)).toBe(false);
    await expectDecodes(file);
  });

  it('an SVG: its metadata, RDF and comments, the drawing kept', async () => {
    const svg = Buffer.from(
      `<?xml version="1.0"?>\n<!-- ${WHERE} -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" width="40" height="30">` +
        `<metadata><rdf:RDF><rdf:Description>${WHERE}</rdf:Description></rdf:RDF></metadata><rdf:RDF>${WHERE}</rdf:RDF>` +
        '<title>A blue box</title><rect width="40" height="30" fill="#3366aa"/></svg>',
    );
    const file = await saved('plan.svg', svg);
    expect(file.includes(where)).toBe(false);
    expect(file.toString()).toContain('<title>A blue box</title><rect width="40" height="30" fill="#3366aa"/>');
    await expectDecodes(file);
  });
});
