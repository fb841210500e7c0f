/**
 * Draws the example pictures of the site into public/images/: there are no real photos or logos yet,
 * so each is an illustration in the site's colours that reads as designed, not as a gap. Courses and
 * pages get a line drawing of their subject (a building frame, a drafting set, a Gantt chart…) and a
 * short mark (ETABS, CAD, BIM) on the brand gradient over a blueprint grid; seminars, trainings and the
 * centres a scene (a lecture, a classroom, a facade); people a portrait silhouette; partner institutes
 * and companies their name typeset as a wordmark (read from the pages that show them). Each file is
 * a light SVG with explicit width/height and a matching viewBox (the build reads the size from the
 * file, so nothing shifts while it loads), and carries `EXAMPLE_PICTURE_MARK`, by which `npm run check`
 * lists it among what a launch replaces. Replace a file with the real image under the same name (or
 * change the path in the page's YAML) before launch. `heroes/course.svg` is the picture of the course
 * template (`npm run new -- /x --from course`): a course nobody has drawn yet has a designed one too.
 *
 *   npx tsx commands/placeholders.ts          draw every example picture
 *   npx tsx commands/placeholders.ts --video  also remake the two video clips and their posters (needs ffmpeg)
 *
 * The clips are committed, so --video is only needed to change them. They are made from ffmpeg's
 * lavfi test sources, with no audio track, by the commands in `VIDEO_COMMANDS` below:
 * - public/media/hero.webm + hero.mp4 (4 s, 960×540, 24 fps): a slow navy/teal gradient that plays forward then back, so it loops without a jump for the
 *   home page's full-screen video hero; hero-poster.webp is its first frame.
 * - public/media/autocad.webm (5 s, 960×540): a blueprint grid with a box being drawn across it,
 *   for the AutoCAD page's video section; autocad-poster.webp is a frame of it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { EXAMPLE_PICTURE_MARK } from '../src/content/example-values';
import { assertNever } from '../src/lib/assert-never';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = join(ROOT, 'public');

/** What a picture shows: the line drawing of its subject. */
type Motif = 'frame' | 'slab' | 'drafting' | 'house' | 'cube' | 'truss' | 'gantt' | 'chart' | 'cap' | 'people' | 'pin' | 'rings' | 'ducts' | 'briefcase';

/** The brand's blues (src/styles/base.css), a teal and a warm accent; gradients pair a dark and a lighter one. */
const BRAND = { dark: '#083a66', blue: '#0b4f8a', teal: '#1d6f73', sea: '#2a7f86', accent: '#e07a3f', light: '#f2f5f9', ink: '#1b1f24' };
const GRADIENTS: Array<[string, string]> = [
  [BRAND.dark, BRAND.teal],
  [BRAND.dark, BRAND.blue],
  ['#0a2f55', BRAND.sea],
  ['#102a4c', '#1f5f9e'],
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const n = (value: number) => Math.round(value * 10) / 10;
const FONT = `font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"`;

/** A stable number per name, so drawing again does not reshuffle colours and variants. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** The file's first line: marks it as an example picture (src/content/example-values.ts). */
const open = (width: number, height: number, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(label)}">` +
  `<!--${EXAMPLE_PICTURE_MARK}-->`;

/** The brand gradient with a faint blueprint grid over it. */
function backdrop(id: string, width: number, height: number, variant: number, step = 32): string {
  const [from, to] = GRADIENTS[variant % GRADIENTS.length]!;
  return (
    `<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<pattern id="${id}p" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><path d="M${step} 0H0V${step}" fill="none" stroke="#fff" stroke-opacity=".08"/></pattern></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id}g)"/><rect width="${width}" height="${height}" fill="url(#${id}p)"/>`
  );
}

/** The line drawing of a subject, in a square of side `s` at (x, y): white strokes, one warm accent. */
function motif(kind: Motif, x: number, y: number, s: number): string {
  const w = Math.max(2, s / 60);
  const line = `fill="none" stroke="#fff" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"`;
  const soft = `fill="#fff" fill-opacity=".12"`;
  const accent = `fill="none" stroke="${BRAND.accent}" stroke-width="${n(w * 1.3)}" stroke-linecap="round"`;
  const X = (f: number) => n(x + f * s);
  const Y = (f: number) => n(y + f * s);
  switch (kind) {
    case 'frame': {
      // A multistorey frame: three bays, four storeys, a braced bay.
      let d = '';
      for (let c = 0; c <= 3; c += 1) d += `M${X(0.15 + c * 0.23)} ${Y(0.95)}V${Y(0.12)}`;
      for (let f = 0; f <= 4; f += 1) d += `M${X(0.1)} ${Y(0.12 + f * 0.2075)}H${X(0.9)}`;
      return `<rect x="${X(0.15)}" y="${Y(0.12)}" width="${n(s * 0.69)}" height="${n(s * 0.83)}" ${soft}/><path d="${d}" ${line}/><path d="M${X(0.38)} ${Y(0.95)}L${X(0.61)} ${Y(0.7375)}M${X(0.38)} ${Y(0.7375)}L${X(0.61)} ${Y(0.95)}" ${accent}/>`;
    }
    case 'slab': {
      // A slab in plan: column grid, panels, one panel's strip.
      let d = '';
      for (let i = 0; i <= 3; i += 1) d += `M${X(0.1 + i * 0.267)} ${Y(0.1)}V${Y(0.9)}M${X(0.1)} ${Y(0.1 + i * 0.267)}H${X(0.9)}`;
      let dots = '';
      for (let i = 0; i <= 3; i += 1) for (let j = 0; j <= 3; j += 1) dots += `<rect x="${n(x + (0.1 + i * 0.267) * s - s * 0.03)}" y="${n(y + (0.1 + j * 0.267) * s - s * 0.03)}" width="${n(s * 0.06)}" height="${n(s * 0.06)}" fill="#fff"/>`;
      return `<rect x="${X(0.1)}" y="${Y(0.1)}" width="${n(s * 0.8)}" height="${n(s * 0.8)}" ${soft}/><path d="${d}" ${line} stroke-opacity=".7"/>${dots}<path d="M${X(0.367)} ${Y(0.45)}H${X(0.633)}M${X(0.367)} ${Y(0.5)}H${X(0.633)}" ${accent}/>`;
    }
    case 'drafting':
      // A set square, a compass arc and a dimension line.
      return (
        `<path d="M${X(0.12)} ${Y(0.88)}V${Y(0.2)}L${X(0.8)} ${Y(0.88)}Z" ${soft}/><path d="M${X(0.12)} ${Y(0.88)}V${Y(0.2)}L${X(0.8)} ${Y(0.88)}ZM${X(0.24)} ${Y(0.76)}V${Y(0.5)}L${X(0.5)} ${Y(0.76)}Z" ${line}/>` +
        `<path d="M${X(0.55)} ${Y(0.15)}L${X(0.45)} ${Y(0.55)}M${X(0.55)} ${Y(0.15)}L${X(0.72)} ${Y(0.52)}M${X(0.4)} ${Y(0.45)}A${n(s * 0.38)} ${n(s * 0.38)} 0 0 0 ${X(0.78)} ${Y(0.42)}" ${line}/>` +
        `<path d="M${X(0.12)} ${Y(0.96)}H${X(0.8)}M${X(0.12)} ${Y(0.93)}V${Y(0.99)}M${X(0.8)} ${Y(0.93)}V${Y(0.99)}" ${accent}/>`
      );
    case 'house':
      // A house in two-point perspective.
      return (
        `<path d="M${X(0.1)} ${Y(0.5)}L${X(0.45)} ${Y(0.3)}L${X(0.9)} ${Y(0.45)}V${Y(0.85)}L${X(0.45)} ${Y(0.95)}L${X(0.1)} ${Y(0.85)}Z" ${soft}/>` +
        `<path d="M${X(0.1)} ${Y(0.5)}L${X(0.45)} ${Y(0.3)}L${X(0.9)} ${Y(0.45)}V${Y(0.85)}L${X(0.45)} ${Y(0.95)}L${X(0.1)} ${Y(0.85)}ZM${X(0.45)} ${Y(0.3)}V${Y(0.95)}M${X(0.1)} ${Y(0.5)}L${X(0.3)} ${Y(0.12)}L${X(0.45)} ${Y(0.3)}M${X(0.3)} ${Y(0.12)}L${X(0.72)} ${Y(0.22)}L${X(0.9)} ${Y(0.45)}" ${line}/>` +
        `<path d="M${X(0.2)} ${Y(0.62)}V${Y(0.8)}M${X(0.32)} ${Y(0.6)}V${Y(0.84)}M${X(0.55)} ${Y(0.6)}L${X(0.8)} ${Y(0.56)}M${X(0.55)} ${Y(0.75)}L${X(0.8)} ${Y(0.7)}" ${accent}/>`
      );
    case 'cube': {
      // An isometric model of three layers: the building's information, stacked.
      const layer = (dy: number, fill: boolean) =>
        `<path d="M${X(0.5)} ${Y(0.15 + dy)}L${X(0.88)} ${Y(0.35 + dy)}L${X(0.5)} ${Y(0.55 + dy)}L${X(0.12)} ${Y(0.35 + dy)}Z" ${fill ? soft : 'fill="none"'} ${fill ? '' : line}/>`;
      return `${layer(0.3, true)}${layer(0, true)}<path d="M${X(0.5)} ${Y(0.15)}L${X(0.88)} ${Y(0.35)}L${X(0.5)} ${Y(0.55)}L${X(0.12)} ${Y(0.35)}ZM${X(0.12)} ${Y(0.35)}V${Y(0.65)}L${X(0.5)} ${Y(0.85)}L${X(0.88)} ${Y(0.65)}V${Y(0.35)}M${X(0.5)} ${Y(0.55)}V${Y(0.85)}" ${line}/><path d="M${X(0.12)} ${Y(0.5)}L${X(0.5)} ${Y(0.7)}L${X(0.88)} ${Y(0.5)}" ${accent}/>`;
    }
    case 'truss': {
      // A portal frame of steel with a roof truss.
      let d = `M${X(0.08)} ${Y(0.9)}V${Y(0.5)}L${X(0.5)} ${Y(0.2)}L${X(0.92)} ${Y(0.5)}V${Y(0.9)}M${X(0.08)} ${Y(0.5)}H${X(0.92)}`;
      for (let i = 1; i < 6; i += 1) {
        const px = 0.08 + i * 0.14;
        const top = px <= 0.5 ? 0.5 - (px - 0.08) * (0.3 / 0.42) : 0.5 - (0.92 - px) * (0.3 / 0.42);
        d += `M${X(px)} ${Y(0.5)}V${Y(top)}`;
        if (i < 5) d += `M${X(px)} ${Y(0.5)}L${X(px + 0.14)} ${Y(px + 0.14 <= 0.5 ? 0.5 - (px + 0.06) * (0.3 / 0.42) : 0.5 - (0.92 - px - 0.14) * (0.3 / 0.42))}`;
      }
      return `<path d="M${X(0.08)} ${Y(0.5)}L${X(0.5)} ${Y(0.2)}L${X(0.92)} ${Y(0.5)}Z" ${soft}/><path d="${d}" ${line}/><path d="M${X(0.04)} ${Y(0.92)}H${X(0.96)}" ${accent}/>`;
    }
    case 'gantt': {
      // A schedule: task bars on a time grid, the critical path in the accent.
      const bars: Array<[number, number, boolean]> = [[0.1, 0.3, true], [0.25, 0.25, false], [0.35, 0.35, true], [0.5, 0.2, false], [0.62, 0.28, true]];
      let out = `<rect x="${X(0.06)}" y="${Y(0.1)}" width="${n(s * 0.88)}" height="${n(s * 0.8)}" rx="${n(s * 0.03)}" ${soft}/>`;
      let grid = '';
      for (let i = 1; i < 6; i += 1) grid += `M${X(0.06 + i * 0.147)} ${Y(0.14)}V${Y(0.86)}`;
      out += `<path d="${grid}" ${line} stroke-opacity=".35"/>`;
      bars.forEach(([start, length, critical], i) => {
        out += `<rect x="${X(start)}" y="${Y(0.18 + i * 0.14)}" width="${n(length * s)}" height="${n(s * 0.07)}" rx="${n(s * 0.02)}" fill="${critical ? BRAND.accent : '#fff'}" fill-opacity="${critical ? 1 : 0.85}"/>`;
      });
      return out;
    }
    case 'chart': {
      // A sheet with a bar chart and a trend line.
      const heights = [0.25, 0.4, 0.33, 0.55, 0.62];
      let out = `<rect x="${X(0.08)}" y="${Y(0.1)}" width="${n(s * 0.84)}" height="${n(s * 0.8)}" rx="${n(s * 0.03)}" ${soft}/><path d="M${X(0.15)} ${Y(0.15)}V${Y(0.82)}H${X(0.88)}" ${line}/>`;
      heights.forEach((h, i) => {
        out += `<rect x="${X(0.22 + i * 0.13)}" y="${Y(0.82 - h)}" width="${n(s * 0.08)}" height="${n(h * s)}" fill="#fff" fill-opacity=".85"/>`;
      });
      out += `<path d="M${X(0.26)} ${Y(0.5)}L${X(0.39)} ${Y(0.38)}L${X(0.52)} ${Y(0.42)}L${X(0.65)} ${Y(0.24)}L${X(0.78)} ${Y(0.16)}" ${accent}/>`;
      return out;
    }
    case 'cap':
      // A mortarboard over an open book.
      return (
        `<path d="M${X(0.5)} ${Y(0.12)}L${X(0.92)} ${Y(0.3)}L${X(0.5)} ${Y(0.48)}L${X(0.08)} ${Y(0.3)}Z" ${soft}/><path d="M${X(0.5)} ${Y(0.12)}L${X(0.92)} ${Y(0.3)}L${X(0.5)} ${Y(0.48)}L${X(0.08)} ${Y(0.3)}ZM${X(0.25)} ${Y(0.38)}V${Y(0.55)}Q${X(0.5)} ${Y(0.68)} ${X(0.75)} ${Y(0.55)}V${Y(0.38)}" ${line}/>` +
        `<path d="M${X(0.92)} ${Y(0.3)}V${Y(0.52)}" ${accent}/><path d="M${X(0.1)} ${Y(0.75)}Q${X(0.3)} ${Y(0.7)} ${X(0.5)} ${Y(0.8)}Q${X(0.7)} ${Y(0.7)} ${X(0.9)} ${Y(0.75)}V${Y(0.92)}Q${X(0.7)} ${Y(0.87)} ${X(0.5)} ${Y(0.95)}Q${X(0.3)} ${Y(0.87)} ${X(0.1)} ${Y(0.92)}ZM${X(0.5)} ${Y(0.8)}V${Y(0.95)}" ${line}/>`
      );
    case 'people': {
      // Three people: a team, a class, a faculty.
      const person = (cx: number, scale: number, colour: string) =>
        `<circle cx="${X(cx)}" cy="${Y(0.42 - 0.1 * scale)}" r="${n(s * 0.1 * scale)}" fill="${colour}"/>` +
        `<path d="M${X(cx - 0.17 * scale)} ${Y(0.92)}V${Y(0.8 - 0.08 * scale)}A${n(s * 0.17 * scale)} ${n(s * 0.17 * scale)} 0 0 1 ${X(cx + 0.17 * scale)} ${Y(0.8 - 0.08 * scale)}V${Y(0.92)}Z" fill="${colour}"/>`;
      return `${person(0.24, 0.8, 'rgba(255,255,255,.55)')}${person(0.76, 0.8, 'rgba(255,255,255,.55)')}${person(0.5, 1, '#fff')}<path d="M${X(0.1)} ${Y(0.95)}H${X(0.9)}" ${accent}/>`;
    }
    case 'pin':
      // A map pin over a street grid.
      return (
        `<path d="M${X(0.05)} ${Y(0.7)}L${X(0.95)} ${Y(0.55)}M${X(0.2)} ${Y(0.95)}L${X(0.35)} ${Y(0.1)}M${X(0.6)} ${Y(0.95)}L${X(0.75)} ${Y(0.1)}M${X(0.05)} ${Y(0.35)}L${X(0.95)} ${Y(0.25)}" ${line} stroke-opacity=".35"/>` +
        `<path d="M${X(0.5)} ${Y(0.85)}C${X(0.35)} ${Y(0.62)} ${X(0.28)} ${Y(0.5)} ${X(0.28)} ${Y(0.38)}A${n(s * 0.22)} ${n(s * 0.22)} 0 0 1 ${X(0.72)} ${Y(0.38)}C${X(0.72)} ${Y(0.5)} ${X(0.65)} ${Y(0.62)} ${X(0.5)} ${Y(0.85)}Z" fill="${BRAND.accent}"/><circle cx="${X(0.5)}" cy="${Y(0.38)}" r="${n(s * 0.08)}" fill="#fff"/>`
      );
    case 'rings':
      // Two linked rings: an agreement, a partnership.
      return `<circle cx="${X(0.38)}" cy="${Y(0.5)}" r="${n(s * 0.26)}" ${soft}/><circle cx="${X(0.38)}" cy="${Y(0.5)}" r="${n(s * 0.26)}" ${line}/><circle cx="${X(0.62)}" cy="${Y(0.5)}" r="${n(s * 0.26)}" fill="none" stroke="${BRAND.accent}" stroke-width="${n(w * 1.3)}"/>`;
    case 'ducts':
      // Building services: a duct run, a pipe and a fitting, in section through a floor.
      return (
        `<path d="M${X(0.05)} ${Y(0.2)}H${X(0.95)}M${X(0.05)} ${Y(0.85)}H${X(0.95)}" ${line} stroke-opacity=".5"/>` +
        `<rect x="${X(0.1)}" y="${Y(0.3)}" width="${n(s * 0.55)}" height="${n(s * 0.16)}" ${soft}/><path d="M${X(0.1)} ${Y(0.3)}H${X(0.65)}V${Y(0.46)}H${X(0.1)}ZM${X(0.65)} ${Y(0.38)}H${X(0.8)}V${Y(0.85)}" ${line}/>` +
        `<path d="M${X(0.1)} ${Y(0.62)}H${X(0.55)}Q${X(0.62)} ${Y(0.62)} ${X(0.62)} ${Y(0.7)}V${Y(0.85)}" ${accent}/>`
      );
    case 'briefcase':
      return (
        `<rect x="${X(0.12)}" y="${Y(0.32)}" width="${n(s * 0.76)}" height="${n(s * 0.52)}" rx="${n(s * 0.05)}" ${soft}/><rect x="${X(0.12)}" y="${Y(0.32)}" width="${n(s * 0.76)}" height="${n(s * 0.52)}" rx="${n(s * 0.05)}" ${line}/>` +
        `<path d="M${X(0.38)} ${Y(0.32)}V${Y(0.22)}H${X(0.62)}V${Y(0.32)}M${X(0.12)} ${Y(0.54)}H${X(0.88)}" ${line}/><path d="M${X(0.46)} ${Y(0.54)}H${X(0.54)}" ${accent}/>`
      );
    default:
      return assertNever(kind);
  }
}

/**
 * A subject picture: the gradient, the short mark on the left and the drawing on the right, both in
 * the middle 64% of the width, so a card that crops the picture to another shape keeps them whole.
 */
function subjectPicture(file: string, width: number, height: number, mark: string, kind: Motif, label: string): string {
  const id = `s${hashOf(file).toString(36)}`;
  const variant = hashOf(mark);
  const size = Math.min(height * 0.66, width * 0.3);
  const markSize = n(Math.min(height * 0.17, (width * 0.28) / (Math.max(mark.length, 3) * 0.66)));
  const left = width * 0.18;
  return (
    open(width, height, label) +
    backdrop(id, width, height, variant) +
    motif(kind, width * 0.82 - size, (height - size) / 2, size) +
    `<path d="M${n(left)} ${n(height * 0.5 + markSize * 0.55)}h${n(width * 0.07)}" stroke="${BRAND.accent}" stroke-width="${n(Math.max(3, height / 90))}" stroke-linecap="round"/>` +
    `<text x="${n(left)}" y="${n(height * 0.5 + markSize * 0.2)}" ${FONT} font-size="${markSize}" font-weight="800" fill="#fff">${escape(mark)}</text>` +
    `</svg>\n`
  );
}

/** Page banners beside the hero text (3:2): file, mark, drawing, what it shows. */
const HEROES: Array<[slug: string, mark: string, motif: Motif]> = [
  ['home', 'CESA', 'frame'],
  ['about', 'CESA', 'people'],
  ['mou', 'MoU', 'rings'],
  ['seminar', 'Talks', 'people'],
  ['consulting', 'HLA', 'frame'],
  ['faculty', 'Team', 'people'],
  ['fdp', 'FDP', 'cap'],
  ['companies', 'Partners', 'rings'],
  ['autocad', 'CAD', 'drafting'],
  ['architectural-autocad', 'CAD', 'house'],
  ['revit', 'RVT', 'house'],
  ['revit-structure', 'RST', 'frame'],
  ['revit-mep', 'MEP', 'ducts'],
  ['bim-revit', 'BIM', 'cube'],
  ['sketchup', 'SKP', 'house'],
  ['staad', 'STAAD', 'frame'],
  ['staad-foundation', 'FDN', 'slab'],
  ['rcdc', 'RCDC', 'slab'],
  ['etabs', 'ETABS', 'frame'],
  ['safe', 'SAFE', 'slab'],
  ['sap', 'SAP', 'truss'],
  ['excel', 'XLS', 'chart'],
  ['manual', 'RCC', 'truss'],
  ['multistorey', 'G+12', 'frame'],
  ['peb', 'PEB', 'truss'],
  ['residential', 'Home', 'house'],
  ['project-management', 'PM', 'gantt'],
  ['project-control', 'PC', 'gantt'],
  ['diploma', 'Dip.', 'cap'],
  ['ms-project', 'MSP', 'gantt'],
  ['primavera', 'P6', 'gantt'],
  ['estimation', 'BOQ', 'chart'],
  ['bim', 'BIM', 'cube'],
  ['bim-tekla', 'BIM', 'cube'],
  ['tekla', 'TEKLA', 'truss'],
  ['gate', 'GATE', 'cap'],
  ['placement', 'Jobs', 'briefcase'],
  ['jobs', 'Hiring', 'briefcase'],
  ['contact', 'Visit', 'pin'],
  // The course template's picture (pages/_templates/course.yaml): any course without its own.
  ['course', 'CESA', 'frame'],
];

/** Course, package and programme card images (16:10). */
const CARDS: Array<[file: string, mark: string, motif: Motif]> = [
  ['courses/autocad', 'CAD', 'drafting'],
  ['courses/staad', 'STAAD', 'frame'],
  ['courses/etabs', 'ETABS', 'frame'],
  ['courses/revit', 'RVT', 'house'],
  ['courses/staad-revit', 'S+R', 'cube'],
  ['courses/safe', 'SAFE', 'slab'],
  ['courses/staad-basic', 'Basic', 'frame'],
  ['courses/staad-intermediate', 'Inter.', 'frame'],
  ['courses/staad-advance', 'Adv.', 'truss'],
  ['courses/staad-foundation', 'FDN', 'slab'],
  ['courses/staad-complete', 'Pro', 'frame'],
  ['courses/etabs-basic', 'Basic', 'frame'],
  ['courses/etabs-advance-safe', 'Adv.', 'slab'],
  ['courses/etabs-programme', 'E+S+R', 'cube'],
  ['roles/telecaller', 'Call', 'people'],
  ['roles/counselor', 'Guide', 'people'],
  ['roles/design-engineer-trainee', 'DET', 'frame'],
  ['roles/web-development', 'Web', 'chart'],
  ['roles/data-science', 'Data', 'chart'],
  ['roles/mobile-app-development', 'App', 'cube'],
  ['roles/ui-ux-design', 'UX', 'drafting'],
];

const INFRASTRUCTURE: Array<[city: string, count: number]> = [
  ['pune', 1],
  ['aurangabad', 3],
  ['belgavi', 3],
  ['jaipur', 3],
];

/** What the seminar and training pictures show on the screen before the room, in turn. */
const SCREEN_MOTIFS: Motif[] = ['frame', 'drafting', 'slab', 'truss', 'cube', 'gantt', 'chart', 'house'];

/** A lecture: a screen with a drawing, a speaker, rows of listeners. */
function seminarPicture(file: string, index: number, label: string): string {
  const width = 480;
  const height = 360;
  const id = `m${hashOf(file).toString(36)}`;
  let heads = '';
  for (let row = 0; row < 2; row += 1) {
    for (let seat = 0; seat < 7; seat += 1) {
      const cx = 40 + seat * 67 + (row % 2) * 30 + ((index * 7 + seat) % 3) * 3;
      const cy = 300 + row * 34;
      heads += `<circle cx="${cx}" cy="${cy - 18}" r="13" fill="#fff" fill-opacity="${row === 1 ? 0.9 : 0.55}"/><path d="M${cx - 24} ${cy + 30}V${cy + 12}a24 22 0 0 1 48 0V${cy + 30}Z" fill="#fff" fill-opacity="${row === 1 ? 0.9 : 0.55}"/>`;
    }
  }
  return (
    open(width, height, label) +
    backdrop(id, width, height, index, 24) +
    `<rect x="110" y="34" width="260" height="170" rx="6" fill="${BRAND.light}" fill-opacity=".95"/><rect x="110" y="34" width="260" height="170" rx="6" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<g transform="translate(0 0)">${motif(SCREEN_MOTIFS[index % SCREEN_MOTIFS.length]!, 180, 44, 150).replaceAll('#fff', () => BRAND.blue)}</g>` +
    `<circle cx="${index % 2 ? 410 : 70}" cy="170" r="14" fill="${BRAND.accent}"/><path d="M${index % 2 ? 390 : 50} 250V214a20 20 0 0 1 40 0V250Z" fill="${BRAND.accent}"/>` +
    heads +
    `</svg>\n`
  );
}

/** A training: a classroom of laptops seen from behind, a board with a drawing. */
function trainingPicture(file: string, index: number, label: string): string {
  const width = 480;
  const height = 360;
  const id = `t${hashOf(file).toString(36)}`;
  let desks = '';
  for (let row = 0; row < 2; row += 1) {
    for (let seat = 0; seat < 4; seat += 1) {
      const x = 30 + seat * 110 + row * 20;
      const y = 210 + row * 70;
      desks += `<rect x="${x}" y="${y}" width="90" height="52" rx="4" fill="#fff" fill-opacity="${row ? 0.92 : 0.6}"/><rect x="${x + 6}" y="${y + 6}" width="78" height="36" fill="${BRAND.teal}" fill-opacity=".6"/><path d="M${x - 8} ${y + 56}H${x + 98}" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-opacity="${row ? 0.92 : 0.6}"/>`;
    }
  }
  return (
    open(width, height, label) +
    backdrop(id, width, height, index + 1, 24) +
    `<rect x="70" y="24" width="340" height="150" rx="6" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="3"/>` +
    motif(SCREEN_MOTIFS[(index + 3) % SCREEN_MOTIFS.length]!, 175, 30, 135) +
    desks +
    `</svg>\n`
  );
}

/** A centre: its facade (1), a classroom (2), a computer lab (3), with the city's name on the sign. */
function centrePicture(file: string, city: string, index: number, label: string): string {
  const width = 480;
  const height = 360;
  const id = `c${hashOf(file).toString(36)}`;
  let scene = '';
  if (index === 1) {
    let windows = '';
    for (let floor = 0; floor < 3; floor += 1) for (let bay = 0; bay < 5; bay += 1) windows += `<rect x="${108 + bay * 56}" y="${120 + floor * 54}" width="36" height="34" fill="${BRAND.light}" fill-opacity="${(floor + bay) % 3 ? 0.85 : 0.5}"/>`;
    scene = `<rect x="90" y="100" width="300" height="230" fill="#fff" fill-opacity=".14" stroke="#fff" stroke-width="3"/>${windows}<rect x="120" y="66" width="240" height="34" rx="4" fill="${BRAND.accent}"/><text x="240" y="90" ${FONT} font-size="20" font-weight="700" fill="#fff" text-anchor="middle">CESA ${escape(city)}</text><path d="M30 330H450" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`;
  } else if (index === 2) {
    let chairs = '';
    for (let row = 0; row < 3; row += 1) for (let seat = 0; seat < 5; seat += 1) chairs += `<rect x="${70 + seat * 70 + row * 8}" y="${200 + row * 44}" width="54" height="22" rx="4" fill="#fff" fill-opacity="${0.45 + row * 0.2}"/>`;
    scene = `<rect x="90" y="40" width="300" height="130" rx="6" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-width="3"/>${motif('frame', 190, 45, 120)}${chairs}<text x="240" y="34" ${FONT} font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${escape(city)}</text>`;
  } else {
    let screens = '';
    for (let row = 0; row < 2; row += 1) for (let seat = 0; seat < 4; seat += 1) screens += `<rect x="${50 + seat * 100}" y="${110 + row * 110}" width="80" height="56" rx="4" fill="#fff" fill-opacity=".9"/><rect x="${56 + seat * 100}" y="${116 + row * 110}" width="68" height="44" fill="${(seat + row) % 2 ? BRAND.teal : BRAND.blue}"/><path d="M${90 + seat * 100} ${166 + row * 110}V${180 + row * 110}M${70 + seat * 100} ${182 + row * 110}H${110 + seat * 100}" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`;
    scene = `${screens}<text x="240" y="70" ${FONT} font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${escape(city)} lab</text><path d="M200 80H280" stroke="${BRAND.accent}" stroke-width="4" stroke-linecap="round"/>`;
  }
  return open(width, height, label) + backdrop(id, width, height, hashOf(city) + index, 24) + scene + `</svg>\n`;
}

/** A portrait: head and shoulders on the gradient, in a ring. */
function portraitPicture(file: string, width: number, height: number, index: number, label: string): string {
  const id = `p${hashOf(file).toString(36)}`;
  const cx = width / 2;
  const r = Math.min(width, height) * 0.18;
  const top = height * 0.42;
  return (
    open(width, height, label) +
    backdrop(id, width, height, index, Math.round(width / 10)) +
    `<circle cx="${n(cx)}" cy="${n(top)}" r="${n(r * 1.9)}" fill="none" stroke="${BRAND.accent}" stroke-width="${n(Math.max(2, width / 80))}" stroke-opacity=".9"/>` +
    `<circle cx="${n(cx)}" cy="${n(top - r * 0.2)}" r="${n(r)}" fill="#fff" fill-opacity=".92"/>` +
    `<path d="M${n(cx - r * 2.1)} ${height}V${n(top + r * 2.4)}a${n(r * 2.1)} ${n(r * 1.5)} 0 0 1 ${n(r * 4.2)} 0V${height}Z" fill="#fff" fill-opacity=".92"/>` +
    `</svg>\n`
  );
}

/** The initials of a name, for a wordmark's emblem: "Example Builders A" → "EB". */
function initialsOf(name: string): string {
  const words = name.replace(/[^A-Za-z0-9 ]/g, ' ').split(/\s+/).filter((word) => word.length > 1 && !/^(of|and|the|pvt|ltd)$/i.test(word));
  return words.slice(0, 2).map((word) => word[0]!.toUpperCase()).join('') || name.slice(0, 1).toUpperCase();
}

/** Breaks a name into at most `lines` lines of about `width` characters. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  if (out.length <= lines) return out;
  return [...out.slice(0, lines - 1), out.slice(lines - 1).join(' ')];
}

/** A partner's logo as a typeset wordmark: an emblem with its initials, its name in two or three lines. */
function wordmarkPicture(file: string, name: string): string {
  const width = 240;
  const height = 120;
  const variant = hashOf(name + file);
  const colour = [BRAND.dark, BRAND.teal, BRAND.blue, '#5a3e1b'][variant % 4]!;
  const lines = wrap(name, 16, 3);
  const size = lines.length === 3 ? 14 : 16;
  const longest = Math.max(...lines.map((line) => line.length));
  const fitted = n(Math.min(size, 150 / (longest * 0.56)));
  const top = height / 2 - ((lines.length - 1) * fitted * 1.2) / 2 + fitted * 0.35;
  const emblem =
    variant % 2
      ? `<circle cx="44" cy="60" r="28" fill="${colour}"/>`
      : `<path d="M20 36H68V66Q68 84 44 92Q20 84 20 66Z" fill="${colour}"/>`;
  return (
    open(width, height, name) +
    `<rect width="${width}" height="${height}" fill="#fff"/>` +
    emblem +
    `<text x="44" y="${variant % 2 ? 66 : 68}" ${FONT} font-size="17" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".5">${escape(initialsOf(name))}</text>` +
    `<g ${FONT} font-weight="600" fill="${BRAND.ink}" font-size="${fitted}">` +
    lines.map((line, i) => `<text x="84" y="${n(top + i * fitted * 1.2)}">${escape(line)}</text>`).join('') +
    `</g></svg>\n`
  );
}

/** The reach: the academy's cities as pins joined to Pune, placed roughly as on a map of India. */
function reachPicture(): string {
  const width = 800;
  const height = 600;
  const cities: Array<[string, number, number]> = [
    ['Jaipur', 330, 150],
    ['Nagpur', 520, 300],
    ['Aurangabad', 380, 330],
    ['Pune', 300, 400],
    ['Belgavi', 310, 500],
  ];
  const [, px, py] = cities[3]!;
  const links = cities.map(([, x, y]) => `M${px} ${py}L${x} ${y}`).join('');
  const pins = cities
    .map(
      ([city, x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${city === 'Pune' ? 16 : 11}" fill="${city === 'Pune' ? BRAND.accent : '#fff'}"/>` +
        `<text x="${x + 22}" y="${y + 8}" ${FONT} font-size="24" font-weight="700" fill="#fff">${city}</text>`,
    )
    .join('');
  return (
    open(width, height, 'Map of the CESA centres: Pune, Aurangabad, Jaipur, Belgavi and Nagpur') +
    backdrop('reach', width, height, 0, 40) +
    `<path d="${links}" stroke="#fff" stroke-opacity=".6" stroke-width="3" stroke-dasharray="10 8" fill="none"/>${pins}</svg>\n`
  );
}

/** Names of the logos the pages show, by file: a wordmark is typeset from the name beside it. */
function logoNames(): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string' && typeof record.logo === 'string' && !names.has(record.logo)) names.set(record.logo, record.name);
    Object.values(record).forEach(visit);
  };
  for (const file of readdirSync(join(ROOT, 'pages'))) {
    if (file.endsWith('.yaml')) visit(parse(readFileSync(join(ROOT, 'pages', file), 'utf8')));
  }
  return names;
}

interface Picture {
  /** Path under public/, e.g. images/heroes/etabs.svg. */
  file: string;
  svg: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function pictures(): Picture[] {
  const list: Picture[] = [{ file: 'images/map-reach.svg', svg: reachPicture() }];
  for (const [slug, mark, kind] of HEROES) {
    const file = `images/heroes/${slug}.svg`;
    list.push({ file, svg: subjectPicture(file, 960, 640, mark, kind, `Illustration: ${mark}`) });
  }
  for (const [name, mark, kind] of CARDS) {
    const file = `images/${name}.svg`;
    list.push({ file, svg: subjectPicture(file, 640, 400, mark, kind, `Illustration: ${mark}`) });
  }
  const names = logoNames();
  const logo = (file: string, fallback: string) => list.push({ file, svg: wordmarkPicture(file, names.get(`/${file}`) ?? fallback) });
  for (const i of range(60)) logo(`images/institutes/institute-${pad(i)}.svg`, `Institute ${pad(i)}`);
  for (const i of range(34)) logo(`images/companies/company-${pad(i)}.svg`, `Company ${pad(i)}`);
  for (const i of range(6)) logo(`images/companies/associated-${pad(i)}.svg`, `Associate ${pad(i)}`);
  for (const i of range(73)) {
    const file = `images/seminars/seminar-${pad(i)}.svg`;
    list.push({ file, svg: seminarPicture(file, i, 'A CESA seminar') });
  }
  for (const i of range(8)) {
    const file = `images/trainings/training-${pad(i)}.svg`;
    list.push({ file, svg: trainingPicture(file, i, 'A CESA training') });
  }
  for (const i of range(6)) {
    const file = `images/faculty/faculty-${i}.svg`;
    list.push({ file, svg: portraitPicture(file, 320, 400, i, 'A faculty member') });
  }
  for (const i of range(3)) {
    const file = `images/testimonials/student-${i}.svg`;
    list.push({ file, svg: portraitPicture(file, 160, 160, i + 1, 'A student') });
  }
  for (const [city, count] of INFRASTRUCTURE) {
    for (const i of range(count)) {
      const file = `images/infrastructure/${city}-${i}.svg`;
      list.push({ file, svg: centrePicture(file, capitalised(city), i, `The CESA centre in ${capitalised(city)}`) });
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
  `<!--${EXAMPLE_PICTURE_MARK}-->` +
  '<rect x="6" y="10" width="20" height="46" fill="#1d4e89"/><rect x="30" y="24" width="20" height="32" fill="#2a7f86"/>' +
  '<path d="M6 58H50" stroke="#1f2937" stroke-width="3"/>' +
  '<text x="62" y="46" font-family="system-ui,-apple-system,\'Segoe UI\',Roboto,sans-serif" font-size="36" font-weight="700" fill="#1f2937">CESA</text>' +
  '</svg>\n';

function main() {
  mkdirSync(join(PUBLIC, 'images'), { recursive: true });
  writeFileSync(join(PUBLIC, 'images/logo.svg'), LOGO);
  const list = pictures();
  for (const item of list) {
    const path = join(PUBLIC, item.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, item.svg);
  }
  console.log(`drew ${list.length} example pictures and the logo under public/images/`);
  if (process.argv.includes('--video')) {
    makeVideos();
    console.log('remade the clips under public/media/');
  }
}

main();
