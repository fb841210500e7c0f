import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/lib/compile-hints.ts';
import { reactRouterTreeShaking } from './scripts/lib/router-tree-shaking.ts';
import { writeSectionIndex } from './scripts/lib/section-index.mjs';

/** The modules that list the section folders are written before anything imports them. */
const sectionIndex = (): Plugin => ({ name: 'cesa-section-index', config: () => void writeSectionIndex() });

/**
 * Vite wraps every dynamic import() of the client in a preload helper that fetches the imported
 * chunk's own imports and CSS alongside it. With `modulePreload: false` and one stylesheet it has
 * nothing to fetch, yet its code (0.9 KB gzip) stayed in src/boot.ts's chunk, the one script of every
 * page. Here the helper is only the import itself (a failed import still rejects, as before).
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const noPreloadHelper = (): Plugin => ({
  name: 'cesa-no-preload-helper',
  apply: 'build',
  enforce: 'pre',
  resolveId: (id) => (id === PRELOAD_HELPER || id === 'vite/preload-helper.js' ? PRELOAD_HELPER : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
});

export default defineConfig({
  plugins: [sectionIndex(), noPreloadHelper(), react(), reactRouterTreeShaking(), compileHints()],
  build: {
    // Section code is split per type (src/sections/lazy-registry.ts) but its CSS is not: one small
    // stylesheet in the <head> styles every prerendered section before any script runs (no shift).
    cssCodeSplit: false,
    // No preload helper (0.9 KB gzip, in src/boot.ts's chunk, on every page's first load): the
    // prerendered page lists its chunks in `data-preload` and src/boot.ts preloads them itself, and
    // a section type loaded later (client-side navigation) imports only chunks the app has already
    // loaded, so there is nothing for the helper to fetch in parallel.
    modulePreload: false,
    rollupOptions: {
      output: {
        // A section type's chunk is named after it (section-faq-….js), not after its file (component-….js).
        chunkFileNames: (chunk) => {
          const type = /\/src\/sections\/([a-z0-9-]+)\/component\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return type ? `assets/section-${type}-[hash].js` : 'assets/[name]-[hash].js';
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
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/browser/**', 'node_modules/**'],
  },
});
