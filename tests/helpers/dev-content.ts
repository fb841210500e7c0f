/**
 * A throwaway content folder and `npm run dev` on it (the project's Vite config and content plugin),
 * for the tests of the dev server and the visual editor (mounted as npm run dev mounts it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { editorDevServerConfig } from '../../editor/server/dev-config';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The smallest valid page: meta and a hero titled `<title> heading`; `extra` goes on under the hero. */
export const tinyPage = (title: string, extra = '') =>
  `meta:\n  title: ${title}\n  description: d\n  keywords: [k]\nsections:\n  - type: hero\n    title: ${title} heading\n${extra}`;

/** Writes a file of the content folder, making its folders. */
export function writeInto(content: string, file: string, text: string | Uint8Array): void {
  mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
  writeFileSync(path.join(content, file), text);
}

export interface RunningDevServer {
  server: ViteDevServer;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

/** The dev server on `contentRoot`, on a free loopback port; `beforeListen` sees it first (e.g. to spy on its websocket). */
export async function startDevServer(contentRoot: string, beforeListen?: (server: ViteDevServer) => void): Promise<RunningDevServer> {
  const server = await createServer({ ...editorDevServerConfig(ROOT, { port: 0, contentRoot }), logLevel: 'silent' });
  beforeListen?.(server);
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { server, port, base: `http://127.0.0.1:${port}` };
}
