import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compileHints } from './scripts/lib/compile-hints.ts';
import { reactRouterTreeShaking } from './scripts/lib/router-tree-shaking.ts';

export default defineConfig({
  plugins: [react(), reactRouterTreeShaking(), compileHints()],
  build: {
    // Section code is split per type (src/sections/lazy-registry.ts) but its CSS is not: one small
    // stylesheet in the <head> styles every prerendered section before any script runs (no shift).
    cssCodeSplit: false,
    // Every browser the site supports (Safari 17+, Chrome, Firefox 115+) knows modulepreload.
    modulePreload: { polyfill: false },
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
