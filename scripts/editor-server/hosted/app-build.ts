/**
 * The editor's browser app for the hosted editor: a Vite build of its two pages (the editor with its
 * sign-in, src/editor/hosted-main.tsx, and the preview beside the form, src/editor/preview-main.tsx)
 * into a cache folder, made again only when the code under src/ changed. No Vite dev server runs in
 * the hosted editor: it serves these files as they are.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import * as z from 'zod';
import { EDITOR_PREVIEW_ROUTE, EDITOR_ROUTE } from '../../../src/editor/protocol';
import { shell } from '../shells';

/** Where the built files are served from. */
export const APP_BASE = `${EDITOR_ROUTE}/app/`;

const ENTRIES = { editor: 'src/editor/hosted-main.tsx', preview: 'src/editor/preview-main.tsx' } as const;

const ManifestSchema = z.record(z.string(), z.object({ file: z.string(), css: z.array(z.string()).optional(), imports: z.array(z.string()).optional() }));
type Manifest = z.infer<typeof ManifestSchema>;

export interface EditorApp {
  /** The built files (served under APP_BASE). */
  dir: string;
  /** The editor's two pages, by route. */
  pages: Map<string, string>;
}

/** A hash of everything the app is made from: the code under src/, the dependencies, this file. */
function fingerprint(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) hash.update(path.relative(root, file)).update(readFileSync(file));
    }
  };
  walk(path.join(root, 'src'));
  for (const file of ['package-lock.json', 'scripts/editor-server/hosted/app-build.ts', 'scripts/editor-server/shells.ts']) {
    if (existsSync(path.join(root, file))) hash.update(file).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The stylesheets an entry needs: its own and those of the chunks it imports. */
function stylesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => stylesOf(manifest, imported, seen))];
}

function pagesOf(dir: string): Map<string, string> {
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as unknown);
  const page = (title: string, rootId: string, entry: string) => {
    const chunk = manifest[entry];
    if (!chunk) throw new Error(`The editor's build has no ${entry}.`);
    return shell(title, rootId, `${APP_BASE}${chunk.file}`, [...new Set(stylesOf(manifest, entry))].map((file) => `${APP_BASE}${file}`));
  };
  return new Map([
    [EDITOR_ROUTE, page('CESA editor', 'editor-root', ENTRIES.editor)],
    [EDITOR_PREVIEW_ROUTE, page('Preview · CESA editor', 'root', ENTRIES.preview)],
  ]);
}

/**
 * The built app in `cacheDir`, built first if the code changed since the last build (about half a
 * minute on a small machine). `log` hears when a build starts.
 */
export async function editorApp(root: string, cacheDir: string, log: (message: string) => void = () => undefined): Promise<EditorApp> {
  const dir = path.join(cacheDir, fingerprint(root));
  if (!existsSync(path.join(dir, '.vite/manifest.json'))) {
    log("Building the editor's browser app (once for this version of the code)…");
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
        rollupOptions: { input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])) },
      },
    });
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  }
  return { dir, pages: pagesOf(dir) };
}
