/**
 * An animated PNG (APNG) without its metadata. sharp reads only an APNG's first frame and writes no
 * APNG, so an animated photo encoded again would be committed as a still: instead the file is kept
 * as it is, chunk by chunk, with only the chunks that draw it (the image, its colours, its frames).
 * Everything else goes: EXIF (eXIf: the GPS position, the phone), text (tEXt, zTXt, iTXt: XMP,
 * comments), the time, and any private chunk, whatever it may hold.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The chunks that make the picture and its animation (PNG 3rd edition), and nothing that describes it. */
const DRAWING_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'mDCV', 'cLLI', 'sBIT', 'bKGD', 'acTL', 'fcTL', 'fdAT']);

interface Chunk {
  type: string;
  /** The whole chunk: length, type, data and CRC, as the file has it. */
  bytes: Buffer;
}

/** The chunks of a PNG file, or undefined when it is not one or is cut short. */
function chunksOf(png: Buffer): Chunk[] | undefined {
  if (png.length < SIGNATURE.length || !png.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return undefined;
  const chunks: Chunk[] = [];
  for (let at = SIGNATURE.length; at < png.length; ) {
    if (at + 12 > png.length) return undefined;
    const end = at + 12 + png.readUInt32BE(at);
    if (end > png.length) return undefined;
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), bytes: png.subarray(at, end) });
    at = end;
  }
  return chunks;
}

/** Whether the PNG is animated: an acTL chunk announces the frames before the image. */
export function isAnimatedPng(png: Buffer): boolean {
  return chunksOf(png)?.some((chunk) => chunk.type === 'acTL') ?? false;
}

/** The PNG with only its drawing chunks, every frame kept byte for byte; undefined when it is not a whole PNG. */
export function pngWithoutMetadata(png: Buffer): Buffer | undefined {
  const chunks = chunksOf(png);
  if (!chunks) return undefined;
  return Buffer.concat([SIGNATURE, ...chunks.filter((chunk) => DRAWING_CHUNKS.has(chunk.type)).map((chunk) => chunk.bytes)]);
}
