/**
 * The server bundle (src/entry-server.tsx, made by Vite): React's render of a page's body, and nothing
 * else (the head, its JSON-LD and the page's assembly are the engine's own: prerender.ts). Kept apart so
 * that a thread that only renders bodies (body-worker.ts) loads React and this bundle and no more.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderData } from '../../src/app/data';

/** What the server bundle (src/entry-server.tsx) exports. */
export interface ServerEntry {
  /** The page's markup: static HTML, each island rendered for hydration in its place. */
  render(data: RenderData): string;
}

/** Loads the prerenderer with React's production build (the development build renders 3–5× slower). */
export async function importServer(serverDir: string): Promise<ServerEntry> {
  process.env.NODE_ENV = 'production';
  return (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
}
