/**
 * Builds the editor's browser app for the hosted editor (`npm run build:editor`, which
 * `npm run editor-server` runs before it starts): a Vite build of its two pages into
 * .cache/editor-app/<version of the code>/, made again only when the code it is made from changed
 * (scripts/builder/code.ts, kind 'editor-app'). The server reads the result (hosted/app-files.ts) and
 * never loads Vite.
 */
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { APP_BASE, APP_ENTRIES, editorApp, editorAppDir, isEditorAppBuilt, type EditorApp } from './hosted/app-files';

/**
 * The app of the code at `root`, built first when this version of the code has none (about half a
 * minute on a small machine). `log` hears when a build starts. Vite is loaded only then.
 */
export async function buildEditorApp(root: string, log: (message: string) => void = () => undefined): Promise<EditorApp> {
  const dir = editorAppDir(root);
  if (!isEditorAppBuilt(dir)) {
    log("Building the editor's browser app (once for this version of the code)…");
    const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
    const staging = `${dir}.staging-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    await build({
      configFile: false,
      root,
      base: APP_BASE,
      logLevel: 'error',
      plugins: [react()],
      build: {
        outDir: staging,
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        rollupOptions: { input: Object.fromEntries(Object.entries(APP_ENTRIES).map(([name, file]) => [name, path.join(root, file)])) },
      },
    });
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return editorApp(dir);
}
