// @ts-check
/**
 * ESLint (flat config), run by `npm run lint` and so by `npm test` and CI: typescript-eslint's
 * type-checked rules (through the TypeScript projects of tsconfig.json: the browser's code, Node's
 * code and the tests), the Rules of React, and the layers of src/.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Static parts: every .tsx of the sections, the layout, ui/, page/ and app/ but the islands is rendered to
 * HTML once at build time and never hydrated, so state, effects, refs and event handlers in it would
 * be dead code on the page. Browser behaviour lives beside the component, in behaviour.ts (plain DOM
 * code on the prerendered markup) or island.tsx (a React island, with what it imports from src/auth/
 * and src/islands/). See src/islands/behaviour.ts and src/islands/define.ts.
 */
const STATIC_COMPONENTS = ['src/sections/**/*.tsx', 'src/layout/**/*.tsx', 'src/ui/**/*.tsx', 'src/page/**/*.tsx', 'src/app/**/*.tsx'];
const ISLANDS = ['**/island.tsx'];

/** The hooks that hold state or run effects (React's, react-dom's and react-intersection-observer's). */
const STATEFUL_HOOKS = new Set([
  'useState',
  'useReducer',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useRef',
  'useCallback',
  'useImperativeHandle',
  'useSyncExternalStore',
  'useTransition',
  'useDeferredValue',
  'useOptimistic',
  'useActionState',
  'useEffectEvent',
  'useFormStatus',
  'useInView',
]);

/** Why src/ never reads the clock, and what to do instead. */
const NO_CLOCK =
  'src/ never reads the clock: a page is the same for the same date. Take the date it is made for as it comes in (useToday() in a component, RenderData.today, a `today` parameter); the command or the server reads the clock once (--today) and passes it down.';

const AUTH_DIR = path.join(import.meta.dirname, 'src/auth');

/** What to do, said once for every message: the part is HTML, its behaviour goes in one of two files. */
const MOVE_IT = 'a static component is rendered to HTML once and never runs in the browser: move this behaviour to behaviour.ts beside it (plain DOM code) or to island.tsx (a React island)';

/**
 * The modules a static component may not import (`import type` is fine: it leaves nothing in the
 * code), each with why. src/auth/ is matched by where a relative import leads, not by its spelling.
 * @type {{ test: (source: string, importer: string) => boolean; why: string }[]}
 */
const BROWSER_MODULES = [
  {
    test: (source) => /^react-intersection-observer(\/|$)/.test(source),
    why: 'watches the screen from React state, and',
  },
  { test: (source) => source === 'react-dom/client', why: 'hydrates and renders in the browser, and' },
  {
    test: (source) => /^(firebase|@firebase\/[^/]+)(\/|$)/.test(source),
    why: 'is sign-in, which only an island loads, and',
  },
  {
    test: (source, importer) => {
      if (!source.startsWith('.')) return false;
      const fromAuth = path.relative(AUTH_DIR, path.resolve(path.dirname(importer), source));
      return !fromAuth.startsWith('..') && !path.isAbsolute(fromAuth);
    },
    why: 'is sign-in (src/auth/), which only an island loads, and',
  },
];

/**
 * @typedef {{ type: string; name?: unknown; importKind?: string; exportKind?: string }} SyntaxNode
 */

/** @type {import('eslint').Rule.RuleModule} */
const staticComponent = {
  meta: {
    type: 'problem',
    docs: { description: 'Static components (prerendered, never hydrated) hold no state, effects, refs or event handlers.' },
    schema: [],
    messages: {
      hook: `{{hook}} holds state or runs effects, but ${MOVE_IT}. useId, useContext, useMemo, use and the context readers (useSite, useRoute…) are fine here.`,
      handler: `{{attribute}} is an event handler, but ${MOVE_IT}.`,
      ref: `ref on <{{element}}> is never set: ${MOVE_IT} (find the element there by a class or a data- attribute the component writes).`,
      import: `'{{source}}' {{why}} ${MOVE_IT}.`,
    },
  },
  create(context) {
    /** @type {Map<string, string>} The stateful hooks imported under another name (`import { useState as useS }`), by local name. */
    const aliases = new Map();
    /** @param {import('estree').Node} node @param {string | number | boolean | bigint | RegExp | null | undefined} source */
    const checkSource = (node, source) => {
      if (typeof source !== 'string') return;
      const withType = /** @type {SyntaxNode} */ (node);
      if (withType.importKind === 'type' || withType.exportKind === 'type') return;
      const problem = BROWSER_MODULES.find((module) => module.test(source, context.filename));
      if (problem) context.report({ node, messageId: 'import', data: { source, why: problem.why } });
    };
    return {
      ImportDeclaration(node) {
        const typeOnly = node.specifiers.length > 0 && node.specifiers.every((specifier) => /** @type {SyntaxNode} */ (specifier).importKind === 'type');
        if (!typeOnly) checkSource(node, node.source.value);
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.imported.type !== 'Identifier') continue;
          if (STATEFUL_HOOKS.has(specifier.imported.name)) aliases.set(specifier.local.name, specifier.imported.name);
        }
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSource(node, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) checkSource(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        checkSource(node, node.source.value);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type === 'Identifier') {
          const hook = aliases.get(callee.name) ?? callee.name;
          if (STATEFUL_HOOKS.has(hook)) context.report({ node, messageId: 'hook', data: { hook } });
        } else if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
          // React.useState(…), or any namespace's.
          if (STATEFUL_HOOKS.has(callee.property.name)) {
            context.report({ node, messageId: 'hook', data: { hook: context.sourceCode.getText(callee) } });
          }
        }
      },
      /** @param {import('estree').Node} node */
      JSXAttribute(node) {
        const attribute = /** @type {SyntaxNode} */ (/** @type {SyntaxNode} */ (node).name);
        if (attribute.type !== 'JSXIdentifier' || typeof attribute.name !== 'string') return;
        if (/^on[A-Z]/.test(attribute.name)) {
          context.report({ node, messageId: 'handler', data: { attribute: attribute.name } });
          return;
        }
        if (attribute.name !== 'ref') return;
        // An intrinsic element: a lowercase name (`div`, `cesa-island`), not a component's.
        const element = /** @type {SyntaxNode} */ (/** @type {{ parent: { name: SyntaxNode } }} */ (/** @type {unknown} */ (node)).parent.name);
        if (element.type === 'JSXIdentifier' && typeof element.name === 'string' && /^[a-z]/.test(element.name)) {
          context.report({ node, messageId: 'ref', data: { element: element.name } });
        }
      },
    };
  },
};

/**
 * The layers of src/, from the ground up: a file imports from its own layer and from the floors
 * below it, never from a floor above, and never from the other layer of its own floor. Type-only
 * imports count too: a type is a piece of another layer's design all the same.
 * @type {string[][]}
 */
const FLOORS = [
  // Helpers with no knowledge of the site.
  ['lib'],
  // Loading and validating pages/: zod schemas, routes, images, errors. Node (the build, the
  // editor's server) and the browser (the editor) both run it; it knows nothing of React or sign-in.
  ['content'],
  // What the page being rendered knows (site, route, image sizes); how islands and behaviours load
  // in the browser; sign-in, which only an island loads.
  ['page', 'islands', 'auth'],
  // Small shared components: images, links, the section shell.
  ['ui'],
  ['sections', 'layout'],
  // The page shell and the entry points (src/site.ts, src/entry-server.tsx).
  ['app'],
];
const LAYER_ORDER = FLOORS.map((floor) => floor.join(', ')).join(' → ');
/** @type {Map<string, number>} */
const FLOOR_OF = new Map(FLOORS.flatMap((floor, index) => floor.map((layer) => [layer, index])));

/**
 * The layer of a file (a path from the repository's root, with forward slashes), or null when it
 * is outside src/. A section's schema.ts is content (zod only: the loader validates pages with it);
 * the files at the top of src/ and the shared styles are the app's.
 * @param {string} file
 */
function layerOf(file) {
  if (!file.startsWith('src/')) return null;
  if (/^src\/sections\/([^/]+\/schema|schemas\.gen)(\.ts)?$/.test(file)) return 'content';
  const [folder = '', ...rest] = file.slice('src/'.length).split('/');
  // A file at the top of src/ (an import may leave out its extension), or the shared styles.
  if ((rest.length === 0 && !FLOOR_OF.has(folder)) || folder === 'styles') return 'app';
  return folder;
}

/**
 * Files of src/ that only Node runs, never the browser: they read pages/ from disk for the build,
 * the dev server and the editor's server. Every other file of src/ is browser code (the site's
 * parts or the editor) and imports none of Node's modules.
 */
const NODE_ONLY = ['src/content/load.ts', 'src/content/cache.ts', 'src/content/example-values.ts', 'src/islands/render.tsx', 'src/entry-server.tsx'];

const NODE_MODULES = new Set(builtinModules);
/** @param {string} source */
const isNodeModule = (source) => source.startsWith('node:') || NODE_MODULES.has(source) || NODE_MODULES.has(source.split('/')[0] ?? '');

/** Packages the content layer does not import, each with why. */
const NOT_CONTENT = [
  { test: /^react(-dom)?(\/|$)/, why: 'is React' },
  { test: /^(firebase|@firebase\/[^/]+)(\/|$)/, why: 'is sign-in' },
];

const ROOT = import.meta.dirname;

/**
 * The visitors that hand `check` every module a file imports or re-exports (static and dynamic), with
 * the node to report at: shared by the rules that judge imports by where they lead.
 * @param {(node: import('estree').Node, source: unknown) => void} check
 * @returns {import('eslint').Rule.RuleListener}
 */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => {
      if (node.source.type === 'Literal') check(node, node.source.value);
    },
    ExportNamedDeclaration: (node) => {
      if (node.source) check(node, node.source.value);
    },
    ExportAllDeclaration: (node) => check(node, node.source.value),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The layers of src/ import one way only; content knows nothing of React or sign-in; browser code imports no Node module.' },
    schema: [],
    messages: {
      up: `'{{source}}' is in src/{{target}}/, a layer above {{layer}}: src/ imports one way only, ${LAYER_ORDER}. Move what both need down into {{layer}} or a layer below it, or have the layer above pass it in (a prop, a context).`,
      beside: `'{{source}}' is in src/{{target}}/, beside {{layer}} on the same floor: src/ imports one way only, ${LAYER_ORDER}, and layers of one floor do not import each other. Move what both need down to a layer below both.`,
      unknown: `{{what}} is in no layer of src/ (${LAYER_ORDER}): put it in one of their folders, or give its folder a floor in FLOORS (eslint.config.js).`,
      outside: `'{{source}}' is outside src/: the site's code imports nothing of scripts/ or tests/. Move what it needs into src/ (scripts/ may import src/, not the other way).`,
      auth: `'{{source}}' is sign-in (src/auth/), which only an island loads: import it from the island.tsx that needs it (see src/islands/define.ts), not from {{layer}}.`,
      content: `'{{source}}' {{why}}, and the content layer (src/content/, the sections' schema.ts) knows nothing of React, sign-in or the page: the build reads it in Node. Keep it to zod and data, and put this code in src/page/, src/ui/ or an island.`,
      firebase: `'{{source}}' is Firebase, which only the sign-in code imports: put this in src/auth/ and call it from an island.`,
      node: `'{{source}}' is a Node module, but this file runs in the browser: read files in scripts/ (the build, the dev server) and pass the result in. A file of src/ that only Node runs goes in NODE_ONLY (eslint.config.js).`,
    },
  },
  create(context) {
    const importer = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const layer = layerOf(importer);
    if (layer === null) return {};
    const nodeOnly = NODE_ONLY.includes(importer);
    const island = path.basename(importer) === 'island.tsx';
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (isNodeModule(source)) {
          if (!nodeOnly) context.report({ node, messageId: 'node', data: { source } });
          return;
        }
        const notContent = NOT_CONTENT.find((rule) => rule.test.test(source));
        if (layer === 'content' && notContent) context.report({ node, messageId: 'content', data: { source, why: notContent.why } });
        else if (layer !== 'auth' && /^(firebase|@firebase\/[^/]+)(\/|$)/.test(source)) context.report({ node, messageId: 'firebase', data: { source } });
        return;
      }
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      const targetLayer = layerOf(target);
      if (targetLayer === null) {
        context.report({ node, messageId: 'outside', data: { source } });
        return;
      }
      if (targetLayer === layer) return;
      const from = FLOOR_OF.get(layer);
      const to = FLOOR_OF.get(targetLayer);
      const data = { source, target: targetLayer, layer: `src/${layer}/` };
      if (from === undefined) context.report({ node, messageId: 'unknown', data: { what: `This file (${importer})` } });
      else if (to === undefined) context.report({ node, messageId: 'unknown', data: { what: `'${source}'` } });
      else if (to > from) context.report({ node, messageId: 'up', data });
      else if (to === from) context.report({ node, messageId: 'beside', data });
      else if (targetLayer === 'auth' && !island) context.report({ node, messageId: 'auth', data });
    };
    return importVisitors(check);
  },
};

/**
 * The two wings of the project: the engine (src/ and the libraries of scripts/: the build, the dev
 * server, hosting) and the editor (editor/). The editor uses the engine; the engine never imports the
 * editor, so the site builds, serves and deploys without it; only the commands (commands/, each
 * behind an npm script) import both. Inside the editor, its browser app (editor/app/) and the wire
 * protocol (editor/protocol/) run in the browser: no Node module, nothing of the editor's server
 * side or of scripts/, and Firebase only in the editor's sign-in (editor/app/google-sign-in.ts).
 * @param {string} file a path from the repository's root, with forward slashes
 * @returns {'command' | 'engine' | 'editor-browser' | 'editor' | null}
 */
function wingOf(file) {
  if (file.startsWith('commands/')) return 'command';
  if (file.startsWith('src/') || file.startsWith('scripts/')) return 'engine';
  if (file.startsWith('editor/app/') || file.startsWith('editor/protocol/')) return 'editor-browser';
  if (file.startsWith('editor/')) return 'editor';
  return null;
}

const EDITOR_SIGN_IN = 'editor/app/google-sign-in.ts';

/** @type {import('eslint').Rule.RuleModule} */
const wingImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The engine never imports the editor; the editor\'s browser code imports nothing of its server side or of Node.' },
    schema: [],
    messages: {
      engine: `'{{source}}' is the editor (editor/), and this file is the engine ({{file}}): the engine never imports the editor, so that the site builds and serves without it. Hand the engine what it needs from a command (commands/), as npm run dev hands the dev server the editor's mount (editor/server/dev-config.ts), or move what both need into src/ or scripts/.`,
      browser: `'{{source}}' is {{what}}, but this file is the editor's browser code (editor/app/, editor/protocol/), which runs in the browser: ask the editor's server over its API (editor/protocol/), or move what both need into editor/protocol/ or src/.`,
      node: `'{{source}}' is a Node module, but this file is the editor's browser code (editor/app/, editor/protocol/), which runs in the browser: do this in the editor's server (editor/server/) and send the result over the API.`,
      firebase: `'{{source}}' is Firebase, which in the editor only its sign-in imports (${EDITOR_SIGN_IN}): call that file instead.`,
      tests: `'{{source}}' is a test file: the project's code imports nothing of tests/.`,
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const wing = wingOf(file);
    if (wing === null || wing === 'command') return {};
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (wing !== 'editor-browser') return;
        if (isNodeModule(source)) context.report({ node, messageId: 'node', data: { source } });
        else if (/^(firebase|@firebase\/[^/]+)(\/|$)/.test(source) && file !== EDITOR_SIGN_IN) context.report({ node, messageId: 'firebase', data: { source } });
        return;
      }
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      if (target.startsWith('tests/')) return context.report({ node, messageId: 'tests', data: { source } });
      const targetWing = wingOf(target);
      if (wing === 'engine' && (targetWing === 'editor' || targetWing === 'editor-browser')) context.report({ node, messageId: 'engine', data: { source, file } });
      else if (wing === 'editor-browser' && targetWing === 'editor') context.report({ node, messageId: 'browser', data: { source, what: "the editor's server side" } });
      else if (wing === 'editor-browser' && (targetWing === 'engine' || targetWing === 'command') && (target.startsWith('scripts/') || target.startsWith('commands/'))) context.report({ node, messageId: 'browser', data: { source, what: 'Node code of scripts/' } });
    };
    return importVisitors(check);
  },
};

/** The browser's globals, which content code does not touch (see `content` above). */
const DOM_GLOBALS = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'HTMLElement', 'customElements'];

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    // Written by scripts/codegen/section-index.mjs from the section folders.
    'src/sections/*.gen.ts',
    // A stand-in for Google's api.js served to the browser in the browser tests, not part of the project.
    'tests/browser/gapi-stub.js',
    // A build's lock and temporary folders beside dist/ (scripts/builder/output-folder.ts) and caches.
    'dist.*/',
    '.dist-*/',
    '.cache/',
    '.firebase/',
    'tests/.output/',
    '.scratch/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      parserOptions: {
        // The project's files are in tsconfig.json's projects; this file is not, so it gets a default
        // project, with the options of Node's code.
        projectService: { allowDefaultProject: ['eslint.config.js'], defaultProject: 'tsconfig.node.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A switch over a union names every member (one that handles a few of them is an `if`) and,
      // like every switch, has a default: `default: return assertNever(value)` (src/lib/assert-never.ts),
      // so a new member is a lint and type error where it must be handled, not a silent fall-through.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { requireDefaultForNonUnion: true }],
      'default-case': 'error',
      // As tsc's noUnusedLocals: a key left out by `{ key: _, ...rest }` and `_` parameters are meant.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // node:test's describe() and test() return promises that its runner awaits, not the caller.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'suite', 'it', 'test'] }] },
      ],
      // A missing dependency is a stale-value bug: an error, so that CI (which ignores warnings) stops it.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    // TypeScript checks the names in these files too (`// @ts-check`); see typescript-eslint's advice on no-undef.
    rules: { 'no-undef': 'off' },
  },
  {
    files: STATIC_COMPONENTS,
    ignores: ISLANDS,
    plugins: { islands: { meta: { name: 'cesa-islands' }, rules: { 'static-component': staticComponent } } },
    rules: { 'islands/static-component': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // The registries of the parts, generated from their folders: the one place the islands
    // mechanism names the parts above it, so that it can load each by name.
    ignores: ['src/islands/*.gen.ts'],
    plugins: { layers: { meta: { name: 'cesa-layers' }, rules: { imports: layerImports } } },
    rules: { 'layers/imports': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx,mjs}', 'scripts/**/*.{ts,tsx,mjs}', 'editor/**/*.{ts,tsx}', 'commands/**/*.{ts,mjs}'],
    plugins: { wings: { meta: { name: 'cesa-wings' }, rules: { imports: wingImports } } },
    rules: { 'wings/imports': 'error' },
  },
  {
    // Time is an input: a page is a function of the code, the content and the date it is made for, which
    // the command or the server reads once (--today, the servers' clocks) and passes down.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: NO_CLOCK },
        { selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='Date'][callee.property.name='now']", message: NO_CLOCK },
      ],
    },
  },
  {
    files: ['src/content/**/*.ts', 'src/sections/*/schema.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS.map((name) => ({
          name,
          message: 'The content layer knows nothing of the browser or the page (the build reads it in Node): take what is needed as a parameter, or do this in src/page/, src/ui/ or an island.',
        })),
      ],
    },
  },
]);
