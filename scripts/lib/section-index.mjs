// @ts-check
/**
 * The section types are the folders of src/sections/: each holds schema.ts (default export: the zod
 * schema, whose `type` is the folder's name), component.tsx (default export: the React component)
 * and example.yaml (documentation that is also a test fixture). This writes the two modules that list
 * them (src/sections/schemas.gen.ts and components.gen.ts), so nothing else is edited to add a type.
 *
 * Plain JavaScript so that Node runs it before anything else (`node scripts/lib/section-index.mjs`
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

/** @param {string} type */
const identifier = (type) => `${type.replace(/-([a-z0-9])/g, (_, /** @type {string} */ letter) => letter.toUpperCase())}Section`;
/** @param {string} type */
const key = (type) => (/-/.test(type) ? `'${type}'` : type);

const HEADER = [
  '// Generated from the folders of src/sections/ by scripts/lib/section-index.mjs (npm run check, build,',
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
      "/** Every section type's component, loaded on demand (its own chunk in the browser). */",
      'export const sectionComponents = {',
      ...types.map((type) => `  ${key(type)}: () => import('./${type}/component'),`),
      '};',
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
  if (problems.length > 0) throw new SectionFolderError(problems);
  for (const [name, source] of Object.entries(sectionIndexSources(types))) {
    const file = path.join(root, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== source) writeFileSync(file, source);
  }
  return types;
}

export class SectionFolderError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`The section folders are not complete:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'SectionFolderError';
    this.problems = problems;
  }
}

// `node scripts/lib/section-index.mjs`: before the content checker, the build or the typecheck.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    writeSectionIndex();
  } catch (error) {
    if (!(error instanceof SectionFolderError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
