// @ts-check
/**
 * ESLint (flat config), run by `npm run lint` and so by `npm test` and CI: typescript-eslint's
 * type-checked rules (through the TypeScript project of tsconfig.json) and the Rules of React.
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

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
]);
