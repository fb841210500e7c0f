// @ts-check
/**
 * The section types are the folders of src/sections/: each holds schema.ts (default export: the zod
 * schema, whose `type` is the folder's name), component.tsx (default export: the React component)
 * and example.yaml (documentation that is also a test fixture). This writes the two modules that list
 * them (src/sections/schemas.gen.ts and components.gen.ts), so nothing else is edited to add a type.
 *
 * Plain JavaScript so that Node runs it before anything else (`node scripts/codegen/section-index.mjs`
 * in the npm scripts): the content checker imports the generated module, so it must be current first.
 * Vite's config (dev server, build, Vitest) runs it too.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SECTIONS_DIR = 'src/sections';
/** Two modules: the schemas (for the content checker, no React) and the components (no zod). */
export const SCHEMAS_FILE = `${SECTIONS_DIR}/schemas.gen.ts`;
export const COMPONENTS_FILE = `${SECTIONS_DIR}/components.gen.ts`;
/** The folders whose parts may ship code to the browser: a section type's, or a layout part's (src/layout/<name>/). */
export const PART_DIRS = [SECTIONS_DIR, 'src/layout'];
/**
 * How a part reaches the browser, by the file it holds beside its component: `behaviour.ts` (plain
 * DOM code on the prerendered markup, no framework) or `island.tsx` (a React island, hydrated on its
 * own root). A part with neither is HTML and CSS only. Both are named after their folder.
 */
export const BEHAVIOUR_FILE = 'behaviour.ts';
export const ISLAND_FILE = 'island.tsx';
/** The two modules that list them: loaders for the browser (no React), the islands for rendering. */
export const PART_LOADERS_FILE = 'src/islands/parts.gen.ts';
export const ISLAND_MODULES_FILE = 'src/islands/islands.gen.ts';
/** Their names only, importing nothing: what the mechanism's own types need (no import of the parts it loads). */
export const PART_NAMES_FILE = 'src/islands/part-names.gen.ts';

/** What a section folder must hold. */
export const SECTION_FILES = ['schema.ts', 'component.tsx', 'example.yaml'];

/** A section type is a folder name: lowercase words joined by dashes, as it is written in `type:`. */
const TYPE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * The section folders, or what is wrong with them: each message names the folder and what to do.
 * @param {string} [root]
 * @returns {{ types: string[]; problems: string[] }}
 */
export function sectionFolders(root = ROOT) {
  const dir = path.join(root, SECTIONS_DIR);
  const types = [];
  const problems = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const folder = `${SECTIONS_DIR}/${entry.name}`;
    const missing = SECTION_FILES.filter((file) => !existsSync(path.join(dir, entry.name, file)));
    if (!TYPE_NAME.test(entry.name)) {
      problems.push(`${folder}: a section folder is named as its type: lowercase letters, digits and dashes (e.g. course-cards).`);
    } else if (missing.length > 0) {
      problems.push(`${folder}: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. A section type is a folder with ${SECTION_FILES.join(', ')} (copy an existing one).`);
    } else {
      const schema = readFileSync(path.join(dir, entry.name, 'schema.ts'), 'utf8');
      const literal = /type:\s*z\.literal\(\s*['"]([^'"]+)['"]\s*\)/.exec(schema)?.[1];
      if (literal !== entry.name) {
        problems.push(
          literal
            ? `${folder}/schema.ts: the type is "${literal}" but the folder is ${entry.name}: rename one so they are the same.`
            : `${folder}/schema.ts: no \`type: z.literal('${entry.name}')\` found: the schema names its type.`,
        );
      } else types.push(entry.name);
    }
  }
  if (types.length === 0 && problems.length === 0) problems.push(`${SECTIONS_DIR}: no section folders.`);
  return { types, problems };
}

/**
 * The parts with a behaviour or an island, each `{ name, dir }` (dir relative to the root, e.g.
 * src/layout/header). A name is unique across the part folders: the page's HTML names a part by it.
 * @param {string} [root]
 * @returns {{ behaviours: { name: string; dir: string }[]; islands: { name: string; dir: string }[]; problems: string[] }}
 */
export function partFolders(root = ROOT) {
  /** @type {{ name: string; dir: string }[]} */
  const behaviours = [];
  /** @type {{ name: string; dir: string }[]} */
  const islands = [];
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const parent of PART_DIRS) {
    const dir = path.join(root, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
      const folder = `${parent}/${entry.name}`;
      const hasBehaviour = existsSync(path.join(dir, entry.name, BEHAVIOUR_FILE));
      const hasIsland = existsSync(path.join(dir, entry.name, ISLAND_FILE));
      if (!hasBehaviour && !hasIsland) continue;
      if (!TYPE_NAME.test(entry.name)) {
        problems.push(`${folder}: a part's folder names it in the page's HTML: lowercase letters, digits and dashes.`);
        continue;
      }
      const other = seen.get(entry.name);
      if (other) {
        problems.push(`${folder}: ${other} has the same name; the page's HTML names a part by its folder, so rename one.`);
        continue;
      }
      seen.set(entry.name, folder);
      if (hasBehaviour && hasIsland) {
        problems.push(`${folder}: holds both ${BEHAVIOUR_FILE} and ${ISLAND_FILE}; a part is one or the other (an island can do what a behaviour does).`);
        continue;
      }
      (hasBehaviour ? behaviours : islands).push({ name: entry.name, dir: folder });
    }
  }
  return { behaviours, islands, problems };
}

/** @param {string} from @param {string} to */
const importPath = (from, to) => {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

/**
 * @param {{ behaviours: { name: string; dir: string }[]; islands: { name: string; dir: string }[] }} parts
 * @returns {Record<string, string>}
 */
export function partIndexSources({ behaviours, islands }) {
  const loader = (/** @type {{ name: string; dir: string }} */ part, /** @type {string} */ file) =>
    `  ${key(part.name)}: () => import('${importPath(PART_LOADERS_FILE, `${part.dir}/${file.replace(/\.tsx?$/, '')}`)}'),`;
  return {
    [PART_LOADERS_FILE]: [
      ...HEADER_PARTS,
      '/** Each behaviour (plain DOM code, `behaviour.ts`), loaded when the page holds its part: `data-behaviour="<name>"`. */',
      'export const behaviourLoaders = {',
      ...behaviours.map((part) => loader(part, BEHAVIOUR_FILE)),
      '};',
      '',
      '/** Each React island (`island.tsx`), loaded when a visitor reaches for it: `<cesa-island data-island="<name>">`. */',
      'export const islandLoaders = {',
      ...islands.map((part) => loader(part, ISLAND_FILE)),
      '};',
      '',
    ].join('\n'),
    [PART_NAMES_FILE]: [
      ...HEADER_PARTS,
      '/** The parts with a behaviour, as `data-behaviour` names them. */',
      `export type BehaviourName = ${behaviours.map((part) => `'${part.name}'`).join(' | ') || 'never'};`,
      '/** The parts that are React islands, as `data-island` names them. */',
      `export type IslandName = ${islands.map((part) => `'${part.name}'`).join(' | ') || 'never'};`,
      '',
    ].join('\n'),
    [ISLAND_MODULES_FILE]: [
      ...HEADER_PARTS,
      ...islands.map((part) => `import ${identifier(part.name).replace(/Section$/, 'Island')} from '${importPath(ISLAND_MODULES_FILE, `${part.dir}/island`)}';`),
      '',
      '/** Every island, for rendering it (the prerenderer, the dev server, the editor\'s preview); never in the site\'s browser code. */',
      `export const islandModules = { ${islands.map((part) => `${key(part.name)}: ${identifier(part.name).replace(/Section$/, 'Island')}`).join(', ')} };`,
      '',
    ].join('\n'),
  };
}

/** @param {string} type */
const identifier = (type) => `${type.replace(/-([a-z0-9])/g, (_, /** @type {string} */ letter) => letter.toUpperCase())}Section`;
/** @param {string} type */
const key = (type) => (/-/.test(type) ? `'${type}'` : type);

const HEADER_PARTS = [
  '// Generated from the part folders (src/sections/*/, src/layout/*/) by scripts/codegen/section-index.mjs.',
  '// Do not edit: add a behaviour.ts or an island.tsx beside a component instead.',
];

const HEADER = [
  '// Generated from the folders of src/sections/ by scripts/codegen/section-index.mjs (npm run check, build,',
  '// dev, typecheck and the tests write it). Do not edit: add a folder instead.',
];

/**
 * The generated modules' text: file → source.
 * @param {readonly string[]} types
 * @returns {Record<string, string>}
 */
export function sectionIndexSources(types) {
  return {
    [SCHEMAS_FILE]: [
      ...HEADER,
      ...types.map((type) => `import ${identifier(type)} from './${type}/schema';`),
      '',
      "/** Every section type's schema, in the order of the folders. */",
      `export const sectionSchemas = [${types.map(identifier).join(', ')}] as const;`,
      '',
    ].join('\n'),
    [COMPONENTS_FILE]: [
      ...HEADER,
      ...types.map((type) => `import ${identifier(type)} from './${type}/component';`),
      '',
      "/** Every section type's component: rendered at build time (and in the editor's preview), never shipped to the browser. */",
      `export const sectionComponents = { ${types.map((type) => `${key(type)}: ${identifier(type)}`).join(', ')} };`,
      '',
    ].join('\n'),
  };
}

/**
 * Writes the generated modules where they differ; throws with every folder's problem.
 * @param {string} [root]
 * @returns {string[]} the section types
 */
export function writeSectionIndex(root = ROOT) {
  const { types, problems } = sectionFolders(root);
  const parts = partFolders(root);
  problems.push(...parts.problems);
  if (problems.length > 0) throw new SectionFolderError(problems);
  for (const [name, source] of Object.entries({ ...sectionIndexSources(types), ...partIndexSources(parts) })) {
    const file = path.join(root, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== source) writeFileSync(file, source);
  }
  return types;
}

export class SectionFolderError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`The section and part folders are not complete:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'SectionFolderError';
    this.problems = problems;
  }
}

// `node scripts/codegen/section-index.mjs`: before the content checker, the build or the typecheck.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    writeSectionIndex();
  } catch (error) {
    if (!(error instanceof SectionFolderError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
