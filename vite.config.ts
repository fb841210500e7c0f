import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/lib/compile-hints.ts';
import { reactRouterTreeShaking } from './scripts/lib/router-tree-shaking.ts';
import { writeSectionIndex } from './scripts/lib/section-index.mjs';

/** The modules that list the section folders are written before anything imports them. */
const sectionIndex = (): Plugin => ({ name: 'cesa-section-index', config: () => void writeSectionIndex() });

export default defineConfig({
  plugins: [sectionIndex(), react(), reactRouterTreeShaking(), compileHints()],
  build: {
    // Section code is split per type (src/sections/lazy-registry.ts) but its CSS is not: one small
    // stylesheet in the <head> styles every prerendered section before any script runs (no shift).
    cssCodeSplit: false,
    // Every browser the site supports (Safari 17+, Chrome, Firefox 115+) knows modulepreload.
    modulePreload: { polyfill: false },
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
