/**
 * The editor's browser app as the hosted editor serves it: the files `npm run build:editor` made
 * ahead (editor/app-build.ts) for this version of the code, read from their manifest. The server
 * never builds them itself: it runs without Vite, from an install without the developers' tools.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { codeFiles } from '../../scripts/builder/code';
import { EDITOR_PREVIEW_ROUTE, EDITOR_ROUTE } from '../protocol/api';
import { shell } from '../server/shells';
import { ADMIN } from '../errors';

/** Where the built files are served from. */
export const APP_BASE = `${EDITOR_ROUTE}/app/`;

/** The app's two entry points: the editor with its sign-in, and the preview beside the form. */
export const APP_ENTRIES = { editor: 'editor/app/hosted-main.tsx', preview: 'editor/app/preview-main.tsx' } as const;

const ManifestSchema = z.record(z.string(), z.object({ file: z.string(), css: z.array(z.string()).optional(), imports: z.array(z.string()).optional() }));
type Manifest = z.infer<typeof ManifestSchema>;

export interface EditorApp {
  /** The built files (served under APP_BASE). */
  dir: string;
  /** The editor's two pages, by route. */
  pages: Map<string, string>;
}

/** Where the app of the project's code at `root` is built (one folder per version of the code). */
export function editorAppDir(root: string): string {
  const hash = createHash('sha256');
  for (const file of codeFiles(root, 'editor-app')) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  return path.join(root, '.cache/editor-app', hash.digest('hex').slice(0, 16));
}

/** Whether the app of this code is built. */
export const isEditorAppBuilt = (dir: string): boolean => existsSync(path.join(dir, '.vite/manifest.json'));

/** The stylesheets an entry needs: its own and those of the chunks it imports. */
function stylesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => stylesOf(manifest, imported, seen))];
}

/** The built app in `dir`; refused in words when it is not built for this code. */
export function editorApp(dir: string): EditorApp {
  if (!isEditorAppBuilt(dir)) {
    throw new Error(ADMIN.text('ADMIN_EDITOR_APP_NOT_BUILT', { dir }));
  }
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as unknown);
  const page = (title: string, rootId: string, entry: string) => {
    const chunk = manifest[entry];
    if (!chunk) throw new Error(ADMIN.text('ADMIN_EDITOR_APP_INCOMPLETE', { entry }));
    return shell(title, rootId, `${APP_BASE}${chunk.file}`, [...new Set(stylesOf(manifest, entry))].map((file) => `${APP_BASE}${file}`));
  };
  return {
    dir,
    pages: new Map([
      [EDITOR_ROUTE, page('CESA editor', 'editor-root', APP_ENTRIES.editor)],
      [EDITOR_PREVIEW_ROUTE, page('Preview · CESA editor', 'root', APP_ENTRIES.preview)],
    ]),
  };
}
