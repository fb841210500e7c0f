/**
 * Generates the placeholder images of the site into public/images/: there are no real photos or
 * logos yet. Each is a light SVG with explicit width/height and a matching viewBox (the build
 * reads the size from the file, so nothing shifts while it loads), a soft colour, a simple shape
 * and its subject as text. Replace a file with the real image under the same name (or change
 * the path in the page's YAML) before launch.
 *
 *   npx tsx scripts/placeholders.ts          write every placeholder image
 *   npx tsx scripts/placeholders.ts --video  also remake the two video clips and their posters (needs ffmpeg)
 *
 * The clips are committed, so --video is only needed to change them. They are made from ffmpeg's
 * lavfi test sources, with no audio track, by the commands in `VIDEO_COMMANDS` below:
 * - public/media/hero.webm + hero.mp4 (4 s, 960×540, 24 fps): a slow navy/teal gradient that plays forward then back, so it loops without a jump for the
 *   home page's full-screen video hero; hero-poster.webp is its first frame.
 * - public/media/autocad.webm (5 s, 960×540): a blueprint grid with a box being drawn across it,
 *   for the AutoCAD page's video section; autocad-poster.webp is a frame of it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertNever } from '../src/lib/assert-never';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

type Shape = 'circle' | 'triangle' | 'diamond' | 'frame' | 'building' | 'person' | 'grid';

interface Placeholder {
  /** Path under public/, e.g. images/heroes/etabs.svg. */
  file: string;
  width: number;
  height: number;
  /** The subject, written on the image (up to two lines). */
  title: string;
  subtitle?: string;
  shape: Shape;
}

/** Soft backgrounds with a darker accent each; text is always dark slate for contrast. */
const PALETTE = [
  { bg: '#e8f1fb', accent: '#7aa7d9' },
  { bg: '#e9f6ef', accent: '#74b894' },
  { bg: '#fdf3e3', accent: '#e0ad5c' },
  { bg: '#f3ecfa', accent: '#a88bd0' },
  { bg: '#fbeaea', accent: '#d99191' },
  { bg: '#e6f5f6', accent: '#6fb5bb' },
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A stable colour per file, so regenerating does not reshuffle them. */
function colourFor(file: string) {
  let hash = 0;
  for (const char of file) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0]!;
}

function shapeMarkup(shape: Shape, cx: number, cy: number, r: number, accent: string): string {
  const n = (value: number) => Math.round(value);
  switch (shape) {
    case 'circle':
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${accent}" opacity=".55"/>`;
    case 'triangle':
      return `<path d="M${n(cx)} ${n(cy - r)}L${n(cx + r)} ${n(cy + r * 0.8)}H${n(cx - r)}Z" fill="${accent}" opacity=".55"/>`;
    case 'diamond':
      return `<path d="M${n(cx)} ${n(cy - r)}L${n(cx + r)} ${n(cy)}L${n(cx)} ${n(cy + r)}L${n(cx - r)} ${n(cy)}Z" fill="${accent}" opacity=".55"/>`;
    case 'frame':
      return `<rect x="${n(cx - r)}" y="${n(cy - r * 0.7)}" width="${n(2 * r)}" height="${n(1.4 * r)}" rx="${n(r / 8)}" fill="none" stroke="${accent}" stroke-width="${n(r / 6)}"/>`;
    case 'building': {
      const w = r * 0.9;
      return (
        `<rect x="${n(cx - w)}" y="${n(cy - r)}" width="${n(w)}" height="${n(2 * r)}" fill="${accent}" opacity=".55"/>` +
        `<rect x="${n(cx + r * 0.1)}" y="${n(cy - r * 0.4)}" width="${n(w)}" height="${n(1.4 * r)}" fill="${accent}" opacity=".8"/>`
      );
    }
    case 'person':
      return (
        `<circle cx="${n(cx)}" cy="${n(cy - r * 0.45)}" r="${n(r * 0.4)}" fill="${accent}" opacity=".7"/>` +
        `<path d="M${n(cx - r * 0.8)} ${n(cy + r)}a${n(r * 0.8)} ${n(r * 0.75)} 0 0 1 ${n(r * 1.6)} 0Z" fill="${accent}" opacity=".7"/>`
      );
    case 'grid': {
      const step = r / 2;
      let lines = '';
      for (let i = -2; i <= 2; i += 1) {
        lines += `M${n(cx + i * step)} ${n(cy - r)}V${n(cy + r)}M${n(cx - r)} ${n(cy + i * step)}H${n(cx + r)}`;
      }
      return `<path d="${lines}" stroke="${accent}" stroke-width="${Math.max(1, n(r / 30))}" fill="none"/>`;
    }
    default:
      return assertNever(shape);
  }
}

function svg({ file, width, height, title, subtitle, shape }: Placeholder): string {
  const { bg, accent } = colourFor(file);
  const r = Math.min(width, height) * (subtitle ? 0.2 : 0.22);
  const cy = height * 0.38;
  // Fit the text in 85% of the width, guessing an average glyph at 0.6 em.
  const fit = (text: string, most: number) => Math.max(10, Math.round(Math.min(most, (width * 0.85) / (text.length * 0.6))));
  const size = fit(title, height / 8);
  const small = subtitle ? fit(subtitle, size * 0.55) : 0;
  const textY = Math.round(height * 0.78);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<rect width="${width}" height="${height}" fill="${bg}"/>` +
    shapeMarkup(shape, width / 2, cy, r, accent) +
    `<g font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" fill="#1f2937" text-anchor="middle">` +
    `<text x="${width / 2}" y="${textY}" font-size="${size}" font-weight="600">${escape(title)}</text>` +
    (subtitle ? `<text x="${width / 2}" y="${textY + Math.round(size * 0.95)}" font-size="${small}">${escape(subtitle)}</text>` : '') +
    `</g></svg>\n`
  );
}

const pad = (value: number) => String(value).padStart(2, '0');
const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** Page banners beside the hero text (3:2). */
const HEROES: Array<[slug: string, title: string, shape: Shape]> = [
  ['home', 'Civil Engineering Software Academy', 'building'],
  ['about', 'About CESA', 'building'],
  ['mou', 'MoU institutes', 'diamond'],
  ['seminar', 'Seminars', 'person'],
  ['consulting', 'Structural consulting', 'building'],
  ['faculty', 'Our faculty', 'person'],
  ['fdp', 'Faculty development', 'person'],
  ['companies', 'Associated companies', 'diamond'],
  ['autocad', 'AutoCAD', 'grid'],
  ['architectural-autocad', 'Architectural AutoCAD', 'grid'],
  ['revit', 'Revit Architecture', 'building'],
  ['revit-structure', 'Revit Structure', 'building'],
  ['revit-mep', 'Revit MEP', 'frame'],
  ['bim-revit', 'BIM using Revit', 'frame'],
  ['sketchup', 'SketchUp', 'triangle'],
  ['staad', 'STAAD.Pro Connect', 'triangle'],
  ['staad-foundation', 'STAAD Foundation', 'frame'],
  ['rcdc', 'RCDC', 'grid'],
  ['etabs', 'ETABS V-22', 'building'],
  ['safe', 'SAFE V22', 'frame'],
  ['sap', 'SAP 2000', 'triangle'],
  ['excel', 'Advanced Excel', 'grid'],
  ['manual', 'Manual analysis and design', 'triangle'],
  ['multistorey', 'Multistorey buildings', 'building'],
  ['peb', 'PEB steel structures', 'triangle'],
  ['residential', 'Residential construction', 'building'],
  ['project-management', 'Project management', 'diamond'],
  ['project-control', 'Project control', 'diamond'],
  ['diploma', 'Advance diploma', 'circle'],
  ['ms-project', 'MS Project', 'grid'],
  ['primavera', 'Primavera', 'grid'],
  ['estimation', 'Estimation and costing', 'grid'],
  ['bim', 'BIM', 'frame'],
  ['bim-tekla', 'BIM and Tekla', 'frame'],
  ['tekla', 'Tekla Structures', 'triangle'],
  ['gate', 'GATE and ESE', 'circle'],
  ['placement', 'Placement', 'person'],
  ['jobs', 'We are hiring', 'person'],
  ['contact', 'Contact us', 'circle'],
];

/** Course, package and programme card images (16:10). */
const CARDS: Array<[file: string, title: string, shape: Shape]> = [
  ['courses/autocad', 'AutoCAD', 'grid'],
  ['courses/staad', 'STAAD.Pro Connect Edition', 'triangle'],
  ['courses/etabs', 'ETABS', 'building'],
  ['courses/revit', 'Revit Architecture', 'building'],
  ['courses/staad-revit', 'STAAD.Pro + Revit', 'frame'],
  ['courses/safe', 'SAFE', 'frame'],
  ['courses/staad-basic', 'STAAD.Pro Basic', 'triangle'],
  ['courses/staad-intermediate', 'STAAD.Pro Intermediate', 'triangle'],
  ['courses/staad-advance', 'STAAD.Pro Advance', 'triangle'],
  ['courses/staad-foundation', 'STAAD Foundation', 'frame'],
  ['courses/staad-complete', 'STAAD.Pro complete', 'building'],
  ['courses/etabs-basic', 'ETABS Basic', 'building'],
  ['courses/etabs-advance-safe', 'ETABS Advance + SAFE', 'frame'],
  ['courses/etabs-programme', 'ETABS + SAFE + RCDC', 'grid'],
  ['roles/telecaller', 'Telecaller', 'person'],
  ['roles/counselor', 'Counselor', 'person'],
  ['roles/design-engineer-trainee', 'Design Engineer Trainee', 'building'],
  ['roles/web-development', 'Web Development', 'frame'],
  ['roles/data-science', 'Data Science', 'grid'],
  ['roles/mobile-app-development', 'Mobile App Development', 'frame'],
  ['roles/ui-ux-design', 'UI/UX Design', 'diamond'],
];

const INFRASTRUCTURE: Array<[city: string, count: number]> = [
  ['pune', 1],
  ['aurangabad', 3],
  ['belgavi', 3],
  ['jaipur', 3],
];

const SHAPES: Shape[] = ['circle', 'triangle', 'diamond', 'frame'];

function placeholders(): Placeholder[] {
  const list: Placeholder[] = [
    { file: 'images/map-reach.svg', width: 800, height: 600, title: 'Our reach', subtitle: 'Pune · Aurangabad · Jaipur · Belgavi · Nagpur', shape: 'circle' },
  ];
  for (const [slug, title, shape] of HEROES) {
    list.push({ file: `images/heroes/${slug}.svg`, width: 960, height: 640, title, shape });
  }
  for (const [file, title, shape] of CARDS) {
    list.push({ file: `images/${file}.svg`, width: 640, height: 400, title, shape });
  }
  for (const n of range(60)) {
    list.push({ file: `images/institutes/institute-${pad(n)}.svg`, width: 240, height: 120, title: `Institute ${pad(n)}`, subtitle: 'logo placeholder', shape: SHAPES[n % 4]! });
  }
  for (const n of range(34)) {
    list.push({ file: `images/companies/company-${pad(n)}.svg`, width: 240, height: 120, title: `Company ${pad(n)}`, subtitle: 'logo placeholder', shape: SHAPES[n % 4]! });
  }
  for (const n of range(6)) {
    list.push({ file: `images/companies/associated-${pad(n)}.svg`, width: 240, height: 120, title: `Associate ${pad(n)}`, subtitle: 'logo placeholder', shape: SHAPES[n % 4]! });
  }
  for (const n of range(73)) {
    list.push({ file: `images/seminars/seminar-${pad(n)}.svg`, width: 480, height: 360, title: `Seminar ${pad(n)}`, subtitle: 'photo placeholder', shape: 'person' });
  }
  for (const n of range(8)) {
    list.push({ file: `images/trainings/training-${pad(n)}.svg`, width: 480, height: 360, title: `Training ${pad(n)}`, subtitle: 'photo placeholder', shape: 'person' });
  }
  for (const n of range(6)) {
    list.push({ file: `images/faculty/faculty-${n}.svg`, width: 320, height: 400, title: `Faculty ${n}`, subtitle: 'photo placeholder', shape: 'person' });
  }
  for (const n of range(3)) {
    list.push({ file: `images/testimonials/student-${n}.svg`, width: 160, height: 160, title: `Student ${n}`, shape: 'person' });
  }
  for (const [city, count] of INFRASTRUCTURE) {
    const name = city.charAt(0).toUpperCase() + city.slice(1);
    for (const n of range(count)) {
      list.push({ file: `images/infrastructure/${city}-${n}.svg`, width: 480, height: 360, title: `${name} centre`, subtitle: `photo ${n} placeholder`, shape: 'building' });
    }
  }
  return list;
}

/** ffmpeg commands for the clips; each runs from public/media. */
const VIDEO_COMMANDS: string[][] = [
  // Hero: two slowly rotating gradients, soft enough that white text over a dark overlay stays readable.
  // Two seconds forward then the same reversed, so the loop has no jump.
  ['-y', '-f', 'lavfi', '-i', 'gradients=s=960x540:r=24:d=2:c0=0x0b2545:c1=0x13315c:c2=0x1d6f73:c3=0x0b2545:nb_colors=4:speed=0.02',
    '-filter_complex', '[0]split[a][b];[b]reverse[r];[a][r]concat', '-an', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-row-mt', '1', '-pix_fmt', 'yuv420p', 'hero.webm'],
  ['-y', '-i', 'hero.webm', '-an', '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '32', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'hero.mp4'],
  ['-y', '-i', 'hero.webm', '-frames:v', '1', '-c:v', 'libwebp', '-quality', '80', 'hero-poster.webp'],
  // AutoCAD: a blueprint grid with a rectangle being drawn across it.
  ['-y', '-f', 'lavfi', '-i', 'color=c=0x16324f:s=960x540:r=24:d=5',
    '-vf', "drawgrid=w=40:h=40:t=1:c=0x5f88b0@0.6,drawbox=x=160:y=120:w='min(640,t*200)':h=300:c=0xf2f5f8:t=3",
    '-an', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-row-mt', '1', '-pix_fmt', 'yuv420p', 'autocad.webm'],
  ['-y', '-ss', '4.5', '-i', 'autocad.webm', '-frames:v', '1', '-c:v', 'libwebp', '-quality', '80', 'autocad-poster.webp'],
];

function makeVideos() {
  const media = join(PUBLIC, 'media');
  mkdirSync(media, { recursive: true });
  for (const args of VIDEO_COMMANDS) execFileSync('ffmpeg', ['-loglevel', 'error', ...args], { cwd: media, stdio: 'inherit' });
}

/** The site logo: a building mark and the short name, side by side. */
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img">' +
  '<rect x="6" y="10" width="20" height="46" fill="#1d4e89"/><rect x="30" y="24" width="20" height="32" fill="#2a7f86"/>' +
  '<path d="M6 58H50" stroke="#1f2937" stroke-width="3"/>' +
  '<text x="62" y="46" font-family="system-ui,-apple-system,\'Segoe UI\',Roboto,sans-serif" font-size="36" font-weight="700" fill="#1f2937">CESA</text>' +
  '</svg>\n';

/** A QR-code stand-in: the three finder squares and a label. It does not scan; replace it with the real code. */
function qrPlaceholder(size: number): string {
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="56" height="56" fill="#1f2937"/><rect x="${x + 8}" y="${y + 8}" width="40" height="40" fill="#fff"/><rect x="${x + 16}" y="${y + 16}" width="24" height="24" fill="#1f2937"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 240 240" role="img">` +
    `<rect width="240" height="240" fill="#fff"/>${finder(16, 16)}${finder(168, 16)}${finder(16, 168)}` +
    `<g font-family="system-ui,sans-serif" fill="#1f2937" text-anchor="middle"><text x="120" y="118" font-size="22" font-weight="600">QR code</text>` +
    `<text x="120" y="142" font-size="14">placeholder</text></g></svg>\n`
  );
}

function main() {
  mkdirSync(join(PUBLIC, 'images'), { recursive: true });
  writeFileSync(join(PUBLIC, 'images/logo.svg'), LOGO);
  writeFileSync(join(PUBLIC, 'images/qr-enquiry.svg'), qrPlaceholder(240));
  const list = placeholders();
  for (const item of list) {
    const path = join(PUBLIC, item.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, svg(item));
  }
  console.log(`wrote ${list.length + 2} placeholder images under public/images/`);
  if (process.argv.includes('--video')) {
    makeVideos();
    console.log('remade the clips under public/media/');
  }
}

main();
