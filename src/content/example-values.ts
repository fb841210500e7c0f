/**
 * What a launch must replace: the example values of the content and the example pictures of
 * public/, each with the file and line that uses it. `npm run check` lists them after its verdict, as
 * a reminder, never as an error (README, "Replace before launch"). Node only; no React.
 *
 * A value is an example when its line
 * - ends with a `# example` comment (on a line that opens a block, the whole block: `firebase: # example`);
 * - or holds a name reserved for examples: an example domain (`example.com`, `cesa.example.com`,
 *   RFC 2606), an `Example …` name ("Example Building", "Example College A"), an `example-…` handle,
 *   a number of zeros (`+91 00000 00001`).
 * A picture is an example when its file carries `EXAMPLE_PICTURE_MARK` (the SVGs that
 * commands/placeholders.ts draws) or is one of `EXAMPLE_FILES` (the clips and posters, which cannot
 * carry a mark), known by their contents: a real file put in its place is no longer listed.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';

/** Written in every picture commands/placeholders.ts draws (an XML comment at the start of the SVG). */
export const EXAMPLE_PICTURE_MARK = 'Example picture: replace it before launch (README, "Replace before launch").';

/** The example files that cannot carry the mark, by path under public/ and the SHA-256 of their contents. */
export const EXAMPLE_FILES: Readonly<Record<string, string>> = {
  'media/hero.webm': 'c1a63f98279b62ec64d35de97dc2d1b2631c5d5fe5231e6efd6dd81cc346d327',
  'media/hero.mp4': '50b483f021498a10b52178b95a38edb17bdcd1af5870997a4f91334bd2d34638',
  'media/hero-poster.webp': '83049f9dd40e6c0e58213b6abe7d66dd494e930419a0ab67e887fa70e027b36b',
  'media/autocad.webm': 'd201c41a774159a6ecd8e29e8258a94bb1588f6d41da2ea49ff49ac00f589149',
  'media/autocad-poster.webp': '02fccaf5ec56bed3ae7cf29e8bc52b9c84eaad672690e3303e5b7fece339ea28',
};

const EXAMPLE_COMMENT = /\s#\s*example\b[^\n]*$/i;
/** Names reserved for examples (see the module's comment). */
const EXAMPLE_NAME = /\bexample\.(?:com|org|net)\b|\.example\b|\bExample\b|\bexample-[a-z]|0{5}/;
/** How far into a file the mark is looked for: it is at the start. */
const MARK_WITHIN_BYTES = 600;

export interface ExampleUse {
  /** Relative to the project root, e.g. pages/_site.yaml. */
  file: string;
  line: number;
  /** The line as written, without its comment and indentation. */
  text: string;
  /** The example picture the line names (its path on the site), for a picture. */
  picture?: string;
}

function filesUnder(folder: string, keep: (name: string) => boolean, relative = ''): string[] {
  const here = path.join(folder, relative);
  if (!existsSync(here)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(here, { withFileTypes: true })) {
    const name = path.posix.join(relative, entry.name);
    // Templates are for pages yet to be written; `_` folders are no pages (routes.ts).
    if (entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.')) found.push(...filesUnder(folder, keep, name));
    else if (entry.isFile() && keep(entry.name)) found.push(name);
  }
  return found.sort();
}

function startOf(file: string): string {
  const descriptor = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(MARK_WITHIN_BYTES);
    return buffer.toString('utf8', 0, readSync(descriptor, buffer, 0, MARK_WITHIN_BYTES, 0));
  } finally {
    closeSync(descriptor);
  }
}

/** The site paths (`/images/heroes/etabs.svg`) of the example pictures in `public/`. */
export function examplePictures(publicDir: string): Set<string> {
  const pictures = new Set<string>();
  for (const file of filesUnder(publicDir, (name) => name.endsWith('.svg'))) {
    if (startOf(path.join(publicDir, file)).includes(EXAMPLE_PICTURE_MARK)) pictures.add(`/${file}`);
  }
  for (const [file, sha256] of Object.entries(EXAMPLE_FILES)) {
    const full = path.join(publicDir, file);
    if (existsSync(full) && createHash('sha256').update(readFileSync(full)).digest('hex') === sha256) pictures.add(`/${file}`);
  }
  return pictures;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The example values and pictures one YAML text uses, line by line. */
export function exampleUsesIn(file: string, source: string, pictures: ReadonlySet<string>): ExampleUse[] {
  const uses: ExampleUse[] = [];
  const lines = source.split(/\r?\n/);
  /** The indentation of the block a `# example` line opened, while inside it. */
  let blockIndent: number | null = null;
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (blockIndent !== null && indentOf(raw) <= blockIndent) blockIndent = null;
    const marked = EXAMPLE_COMMENT.test(raw);
    const text = raw.replace(EXAMPLE_COMMENT, '').replace(/\s+#.*$/, '').trim();
    const picture = [...text.matchAll(/\/[\w./-]+\.\w+/g)].map((match) => match[0]).find((candidate) => pictures.has(candidate));
    if (picture) uses.push({ file, line: index + 1, text, picture });
    else if (marked || blockIndent !== null || EXAMPLE_NAME.test(text)) uses.push({ file, line: index + 1, text });
    // A marked line that opens a block (`key:` with nothing after it) marks the block.
    if (marked && /:\s*$/.test(text)) blockIndent = indentOf(raw);
  });
  return uses;
}

/** Every example value and picture the content uses: pages/**\/*.yaml (not the templates), in file order. */
export function findExampleUses(root: string): ExampleUse[] {
  const pictures = examplePictures(path.join(root, 'public'));
  const pagesDir = path.join(root, 'pages');
  // The site document first: what every page shows.
  const files = filesUnder(pagesDir, (name) => name.endsWith('.yaml') || name.endsWith('.yml')).sort((a, b) => Number(b.startsWith('_')) - Number(a.startsWith('_')));
  return files.flatMap((file) =>
    exampleUsesIn(`pages/${file}`, readFileSync(path.join(pagesDir, file), 'utf8'), pictures),
  );
}

/** Consecutive line numbers as ranges: 3, 4, 5, 9 → "3–5, 9". */
function ranges(numbers: number[]): string {
  const parts: string[] = [];
  let start = numbers[0]!;
  let previous = start;
  for (const value of [...numbers.slice(1), Number.NaN]) {
    if (value === previous + 1) {
      previous = value;
      continue;
    }
    parts.push(start === previous ? String(start) : `${start}–${previous}`);
    start = value;
    previous = value;
  }
  return parts.join(', ');
}

/**
 * The reminder `npm run check` prints: per file, its example values line by line (up to `shown`,
 * then the lines of the rest), then the lines naming example pictures.
 */
export function formatExampleUses(uses: ExampleUse[], shown = 4): string {
  if (uses.length === 0) return 'No example values or pictures left: nothing to replace before launch.';
  const files = [...new Set(uses.map((use) => use.file))];
  const pictureCount = new Set(uses.flatMap((use) => (use.picture ? [use.picture] : []))).size;
  const out = [
    `To replace before launch: ${uses.length - uses.filter((use) => use.picture).length} example values and ${pictureCount} example pictures, ` +
      `in ${files.length} files (README, "Replace before launch"; a reminder, not an error):`,
  ];
  for (const file of files) {
    const values = uses.filter((use) => use.file === file && !use.picture);
    const pictures = uses.filter((use) => use.file === file && use.picture);
    for (const use of values.slice(0, shown)) out.push(`  ${file}:${use.line}  ${use.text}`);
    if (values.length > shown) out.push(`  ${file}: ${values.length - shown} more example values, lines ${ranges(values.slice(shown).map((use) => use.line))}`);
    if (pictures.length === 1) out.push(`  ${file}:${pictures[0]!.line}  example picture ${pictures[0]!.picture}`);
    else if (pictures.length > 1) {
      const folders = [...new Set(pictures.map((use) => path.posix.dirname(use.picture!)))].join(', ');
      out.push(`  ${file}: ${pictures.length} example pictures (${folders}), lines ${ranges(pictures.map((use) => use.line))}`);
    }
  }
  return out.join('\n');
}
