// @ts-check
/**
 * `node commands/engine.mjs <command> [args…]`: runs commands/<command>.ts (build, check, phases) compiled once
 * to plain JavaScript, instead of compiling the engine's TypeScript on every run as `tsx` does.
 *
 * Why: under tsx every module of the engine goes through its loader thread on every run: 0.35 s of a
 * build's start-up, and as much again in each of the build's worker threads (README, "Speed").
 * Here esbuild bundles the command (and the build's worker thread) into node_modules/.cache/cesa-engine/,
 * with the list of the source files it was made from and their sizes and times; the next run checks
 * those (a few milliseconds) and runs the bundle, or bundles again (about 0.3 s) when one changed.
 * Packages stay outside the bundle (loaded from node_modules as usual). Each module sees its own
 * `import.meta.url`, `import.meta.dirname` and `import.meta.filename` as if it ran from its source file.
 *
 * First it updates the generated section index (scripts/codegen/section-index.mjs), as the npm scripts
 * did before calling tsx.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SectionFolderError, writeSectionIndex } from '../scripts/codegen/section-index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERSION = 3;

/** The commands that run compiled, and the extra entry points each needs (worker threads). */
const COMMANDS = {
  build: { 'build-worker': 'scripts/builder/build-worker.ts', 'brochure-worker': 'scripts/builder/brochure-worker.ts' },
  check: {},
  // For the benchmark (npm run bench): what each phase costs a page, with the build's own code.
  phases: {},
};

/** Environment variable naming the compiled build worker, for scripts/builder/parallel.ts. */
export const WORKER_VARIABLE = 'CESA_BUILD_WORKER';

/**
 * The folder of the compiled command, compiled now if its sources changed. Each compilation goes to a
 * folder of its own (named by the hash of its sources' sizes and times) and `current.json` names the
 * latest: builds running side by side (tests, two terminals) never remove each other's code.
 * @param {string} command
 * @returns {Promise<string>}
 */
async function compiled(command) {
  const home = path.join(ROOT, 'node_modules/.cache/cesa-engine', command);
  const current = path.join(home, 'current.json');
  const known = upToDate(current);
  if (known) return path.join(home, known);
  const { build } = await import('esbuild');
  const staging = path.join(home, `tmp-${process.pid}-${Date.now()}`);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { [command]: `commands/${command}.ts`, ...COMMANDS[/** @type {keyof typeof COMMANDS} */ (command)] },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    jsx: 'automatic',
    plugins: [ownLocation, lazyYaml, bundledZod],
  });
  /** @type {Record<string, [number, number]>} */
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs).sort()) {
    // A module the compilation made itself (lazy-yaml:yaml) is no file: this file's version names it.
    if (input.startsWith('lazy-yaml:')) continue;
    const file = path.resolve(ROOT, input);
    const { size, mtimeMs } = statSync(file);
    inputs[path.relative(ROOT, file)] = [size, mtimeMs];
  }
  const key = createHash('sha1').update(JSON.stringify([VERSION, process.version, ROOT, inputs])).digest('hex').slice(0, 16);
  const dir = path.join(home, key);
  if (existsSync(dir)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, dir);
  writeFileSync(`${current}.tmp-${process.pid}`, JSON.stringify({ version: VERSION, node: process.version, root: ROOT, key, inputs }));
  renameSync(`${current}.tmp-${process.pid}`, current);
  prune(home, key);
  return dir;
}

/**
 * Removes compilations and leftovers older than a day (one still running is never that old).
 * @param {string} home
 * @param {string} keep
 */
function prune(home, keep) {
  const day = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(home)) {
    if (name === keep || name === 'current.json') continue;
    const file = path.join(home, name);
    if (statSync(file).mtimeMs < day) rmSync(file, { recursive: true, force: true });
  }
}

/**
 * The compilation `current.json` names, if none of its sources changed since.
 * @param {string} current
 * @returns {string | undefined}
 */
function upToDate(current) {
  try {
    // A record this file wrote; anything else fails a comparison below or throws, and compiles again.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- JSDoc casts do not reach the linter in .mjs
    const { version, node, root, key, inputs } = /** @type {{ version: number; node: string; root: string; key: string; inputs: Record<string, [number, number]> }} */ (JSON.parse(readFileSync(current, 'utf8')));
    // A copy of the project sharing node_modules compiles its own: its modules name its own files.
    if (version !== VERSION || node !== process.version || root !== ROOT || !existsSync(path.join(path.dirname(current), key))) return undefined;
    for (const [file, [size, mtimeMs]] of Object.entries(inputs)) {
      const stat = statSync(path.join(ROOT, file));
      if (stat.size !== size || stat.mtimeMs !== mtimeMs) return undefined;
    }
    return key;
  } catch {
    return undefined;
  }
}

/**
 * Gives each of the project's modules its own location: `import.meta.url` and friends name the source
 * file, not the bundle, so files found next to the code are found as before.
 * @type {import('esbuild').Plugin}
 */
const ownLocation = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', () => JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', () => JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', () => JSON.stringify(args.path));
      return { contents, loader: /** @type {'ts' | 'tsx' | 'js'} */ (args.path.endsWith('.mjs') ? 'js' : args.path.slice(args.path.lastIndexOf('.') + 1)) };
    });
  },
};

/**
 * `yaml` (the parser with positions, src/content/locate.ts and validate.ts) loaded on first use in the
 * compiled engine: valid files, nearly all of them, take js-yaml's fast path and never need it, and
 * loading it cost each of the build's threads about as much as loading zod. Only the names those files
 * import are here: a new one fails this compilation ("No matching export"), never a build.
 */
const LAZY_YAML = `
import { createRequire } from 'node:module';
let loaded;
const yaml = () => (loaded ??= createRequire(${JSON.stringify(pathToFileURL(path.join(ROOT, 'package.json')).href)})('yaml'));
export const isMap = (node) => yaml().isMap(node);
export const isPair = (node) => yaml().isPair(node);
export const isScalar = (node) => yaml().isScalar(node);
export const isSeq = (node) => yaml().isSeq(node);
export const parseDocument = (...args) => yaml().parseDocument(...args);
export function LineCounter() {
  return new (yaml().LineCounter)();
}
export const visit = Object.defineProperties((...args) => yaml().visit(...args), {
  BREAK: { get: () => yaml().visit.BREAK },
  SKIP: { get: () => yaml().visit.SKIP },
  REMOVE: { get: () => yaml().visit.REMOVE },
});
`;

/** @type {import('esbuild').Plugin} */
const lazyYaml = {
  name: 'lazy-yaml',
  setup(build) {
    const content = `${path.sep}src${path.sep}content${path.sep}`;
    build.onResolve({ filter: /^yaml$/ }, (args) => (args.importer.includes(content) ? { path: 'yaml', namespace: 'lazy-yaml' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'lazy-yaml' }, () => ({ contents: LAZY_YAML, loader: 'js', resolveDir: ROOT }));
  },
};

/**
 * zod compiled into the engine, not loaded from node_modules: its ESM build is some 70 modules, each
 * resolved, read and compiled on its own by every thread of the build; bundled, the engine's own
 * chunk holds it (README, "Speed", for the figures). Nothing else in a build's threads loads zod (the
 * server bundle has no schema: scripts/builder/prerender.ts), so there is one zod, and its classes
 * (`instanceof z.ZodType`) are the engine's own.
 * @type {import('esbuild').Plugin}
 */
const bundledZod = {
  name: 'bundled-zod',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: fileURLToPath(import.meta.resolve('zod')) }));
  },
};

const [command, ...args] = process.argv.slice(2);
if (!command || !(command in COMMANDS)) {
  console.error(`node commands/engine.mjs <${Object.keys(COMMANDS).join('|')}> [options]`);
  process.exit(2);
}
try {
  writeSectionIndex(ROOT);
} catch (error) {
  if (!(error instanceof SectionFolderError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const dir = await compiled(command);
if (existsSync(path.join(dir, 'build-worker.mjs'))) process.env[WORKER_VARIABLE] = path.join(dir, 'build-worker.mjs');
process.argv = [process.argv[0] ?? 'node', path.join(ROOT, 'commands', `${command}.ts`), ...args];
await import(pathToFileURL(path.join(dir, `${command}.mjs`)).href);
