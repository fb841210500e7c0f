import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { writeSectionIndex } from './scripts/codegen/section-index.mjs';

/** The modules that list the section folders and the parts' browser code are written before anything imports them. */
const sectionIndex = (): Plugin => ({ name: 'cesa-section-index', config: () => void writeSectionIndex() });

/**
 * Vite wraps every dynamic import() of the client in a preload helper that fetches the imported
 * chunk's own imports and CSS alongside it. With one stylesheet, and the page's behaviours preloaded
 * by its HTML (scripts/builder/prerender.ts), it would have little to fetch, yet its code (0.9 KB gzip)
 * would sit in src/site.ts's chunk, the one script of every page, whose budget is 2 KB. Here the
 * helper is only the import itself (a failed import still rejects, as before).
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const noPreloadHelper = (): Plugin => ({
  name: 'cesa-no-preload-helper',
  apply: 'build',
  enforce: 'pre',
  resolveId: (id) => (id === PRELOAD_HELPER || id === 'vite/preload-helper.js' ? PRELOAD_HELPER : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
});

/**
 * The page's one script, and the behaviours it preloads (prerender.ts), at low fetch priority: the
 * page is whole without them, so on a slow network the stylesheet and the first photo come first.
 * (A module script is fetched at high priority by default, which also makes Lighthouse count it as
 * render-blocking in its simulated LCP.) Vite writes the script tag itself, so the attribute is added after.
 */
const lowPriorityScript = (): Plugin => ({
  name: 'cesa-low-priority-script',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"'),
  },
});

/**
 * The unit tests in two tiers. A test file that starts a build, a server, git or another program,
 * runs a compiler or linter over the project, or drives the whole editor app in jsdom, says so in a
 * line of its own: `// @tier slow: <what it does>`. Those are the slow tier; every other file is the
 * fast one (`npm run test:fast`, the edit loop). `npm run test:unit` runs both, each file once.
 * tests/tiers.test.ts holds the marks to what the files import.
 */
const SLOW_MARK = /^\/\/ @tier slow: \S/m;
const UNIT_TESTS = 'tests/**/*.test.{ts,tsx}';
const NOT_UNIT_TESTS = ['tests/browser/**', 'node_modules/**'];
const TESTS = fileURLToPath(new URL('tests', import.meta.url));
/** The files of the slow tier (none where there are no tests: a checkout the hosted editor builds from may have none). */
function slowTests(): string[] {
  if (!existsSync(TESTS)) return [];
  return readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('browser/'))
    .filter((file) => SLOW_MARK.test(readFileSync(path.join(TESTS, file), 'utf8')))
    .map((file) => `tests/${file}`)
    .sort();
}
const SLOW_TESTS = slowTests();

export default defineConfig({
  plugins: [sectionIndex(), noPreloadHelper(), lowPriorityScript(), react()],
  build: {
    // One small stylesheet in the <head> styles every prerendered part before any script runs (no shift).
    cssCodeSplit: false,
    // No preload helper and no polyfill: the prerendered page lists its behaviours' chunks as <link rel="modulepreload">.
    modulePreload: false,
    rollupOptions: {
      output: {
        // A part's chunk is named after it (behaviour-stats-….js, island-brochure-….js), not after its file.
        chunkFileNames: (chunk) => {
          const part = /\/src\/(?:sections|layout)\/([a-z0-9-]+)\/(behaviour|island)\.tsx?$/.exec(chunk.facadeModuleId ?? '');
          return part ? `assets/${part[2]}-${part[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['tests/setup.ts'],
    // CI machines are small and shared: a slow test is not a failing one.
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'fast', include: [UNIT_TESTS], exclude: [...NOT_UNIT_TESTS, ...SLOW_TESTS] } },
      // (A project with no files would take Vitest's default pattern, the browser tests included.)
      ...(SLOW_TESTS.length > 0 ? [{ extends: true as const, test: { name: 'slow', include: SLOW_TESTS, exclude: NOT_UNIT_TESTS } }] : []),
    ],
  },
});
