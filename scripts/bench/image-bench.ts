/**
 * Photos for measuring and testing the image step (scripts/images/images.ts): camera-like JPEGs, and
 * the step timed on N of them, cold (empty cache) and cached (every file already made).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadContent } from '../../src/content/load';
import { processImages, type ImageStats } from '../images/images';
import { writeSyntheticProject } from './synthetic';

/**
 * A camera-like photo: smooth gradients (their colours turned by `variant`), texture at several
 * scales (noise enlarged from 1/100, 1/25 and 1/6 of the size) and a sensor's grain at full size,
 * saved at JPEG quality 96. At 4000 × 3000 it weighs about 9 MB and compresses like a photo, not like
 * a flat colour. The noise is random: every call gives other bytes.
 */
export async function cameraPhoto(width: number, height: number, variant = 0): Promise<Buffer> {
  const noise = (scale: number, sigma: number) =>
    sharp({ create: { width: Math.ceil(width / scale), height: Math.ceil(height / scale), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
  const [coarse, middle, fine, grain] = await Promise.all([noise(100, 45), noise(25, 25), noise(6, 12), noise(1, 20)]);
  const turn = (variant * 47) % 360;
  const base = [70 + 60 * Math.cos((turn * Math.PI) / 180), 90 + 40 * Math.sin((turn * Math.PI) / 180), 150 - turn / 6];
  const pixels = new Uint8ClampedArray(width * height * 3); // clamps to 0–255 as it is written
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      const gradient = [(120 * x) / width, (70 * y) / height, (-60 * y) / height];
      for (let c = 0; c < 3; c++) pixels[i + c] = base[c]! + gradient[c]! + coarse[i + c]! + middle[i + c]! + fine[i + c]! + grain[i + c]! - 512;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } }).jpeg({ quality: 96 }).toBuffer();
}

/** `count` camera photos of 4000 × 3000, made once and kept (making 50 takes a few minutes). */
async function benchPhotos(count: number, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const files = Array.from({ length: count }, (_, index) => path.join(dir, `photo-${String(index + 1).padStart(3, '0')}.jpg`));
  for (const [index, file] of files.entries()) {
    if (existsSync(file)) continue;
    writeFileSync(`${file}.tmp`, await cameraPhoto(4000, 3000, index));
    writeFileSync(file, readFileSync(`${file}.tmp`));
    rmSync(`${file}.tmp`);
  }
  return files;
}

export interface PhotoFigures {
  photos: number;
  megabytesIn: number;
  files: number;
  megabytesOut: number;
  cold: ImageStats;
  cached: ImageStats;
  /** CPU time of the cold run over its wall time: the cores it kept busy. */
  coldCores: number;
  /** The machine's one-minute load average just before the cold run (other work slows it). */
  loadBefore: number;
  peakMb: number;
}

/**
 * The image step on `count` course pages, each with its own camera photo as hero image (the widest
 * slot: eight files a photo), timed cold (an empty image cache) and again with every file cached.
 */
export async function measurePhotos(project: string, count: number): Promise<PhotoFigures> {
  const photos = await benchPhotos(count, path.join(project, 'node_modules/.cache/cesa-bench-photos'));
  const work = mkdtempSync(path.join(tmpdir(), 'cesa-bench-photos-'));
  try {
    writeSyntheticProject(work, count);
    mkdirSync(path.join(work, 'public/photos'), { recursive: true });
    for (const [index, photo] of photos.entries()) {
      writeFileSync(path.join(work, 'public/photos', path.basename(photo)), readFileSync(photo));
      const page = path.join(work, 'pages', `course-${index}.yaml`);
      writeFileSync(page, readFileSync(page, 'utf8').replace('image: { src: /images/logo.svg, alt: Course illustration }', () => `image: { src: /photos/${path.basename(photo)}, alt: Course photo }`));
    }
    const content = loadContent({ root: work });
    if (content.errors.length > 0) throw new Error(`the photo pages are invalid: ${JSON.stringify(content.errors[0])}`);
    const cacheDir = path.join(work, 'image-cache');
    const run = async () => {
      const result = await processImages({ contentRoot: work, content, cacheDir });
      const end = result.ok ? await result.finished : result;
      if (!result.ok || !end.ok) throw new Error(`the image step failed: ${JSON.stringify(end.ok ? null : end.errors[0])}`);
      return { files: result.files, stats: end.stats };
    };
    const loadBefore = loadavg()[0]!;
    const cpu = process.cpuUsage();
    const cold = await run();
    const { user, system } = process.cpuUsage(cpu);
    const cached = await run();
    return {
      photos: count,
      megabytesIn: photos.reduce((sum, photo) => sum + statSync(photo).size, 0) / 1024 / 1024,
      files: cold.files.size,
      megabytesOut: cold.stats.bytesOut / 1024 / 1024,
      cold: cold.stats,
      cached: cached.stats,
      coldCores: (user + system) / 1e6 / cold.stats.seconds,
      loadBefore,
      peakMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
