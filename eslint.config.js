// @ts-check
/**
 * ESLint (flat config), run by `npm run lint` and so by `npm test` and CI: typescript-eslint's
 * type-checked rules (through the TypeScript project of tsconfig.json) and the Rules of React.
 */
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

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    // Written by scripts/lib/section-index.mjs from the section folders.
    'src/sections/*.gen.ts',
    // A stand-in for Google's api.js served to the browser in the browser tests, not part of the project.
    'tests/browser/gapi-stub.js',
    // A build's lock and temporary folders beside dist/ (scripts/lib/output-folder.ts) and caches.
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
        // The project's files are in tsconfig.json; this file is not, so it gets a default project.
        projectService: { allowDefaultProject: ['eslint.config.js'] },
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
]);
