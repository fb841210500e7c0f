/** Prerendering: a route's data → its HTML file, with the server bundle of src/entry-server.tsx. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitialData } from '../../src/app/data';
import type { Head } from '../../src/app/head';
import type { Content, PageEntry } from '../../src/content/load';
import { dataFileOf, htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';

/** What the server bundle (src/entry-server.tsx) exports. */
export interface ServerEntry {
  render(data: InitialData): string;
  headOf(site: Site, route: string, page: InitialData['page']): Head;
  headHtml(head: Head, siteName: string): string;
  /** The page's JSON-LD block (src/app/structured-data.ts), kept out of the client bundle. */
  structuredDataHtml(site: Site, route: string, page: InitialData['page']): string;
  serialiseData(data: InitialData): string;
}

/** Loads the prerenderer with React's production build (the development build renders 3–5× slower). */
export async function importServer(serverDir: string): Promise<ServerEntry> {
  process.env.NODE_ENV = 'production';
  return (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
}


/** Writes each page's HTML and data; with `notFound`, the 404 page too. */
export function prerenderPages(
  server: ServerEntry,
  template: string,
  site: Site,
  content: Pick<Content, 'pages' | 'redirects'>,
  outDir: string,
  options: { notFound?: boolean } = {},
): void {
  const redirects = Object.fromEntries(content.redirects);
  const emit = (route: string, entry: PageEntry | null, file: string) => {
    const data: InitialData = { route, site, page: entry?.page ?? null, redirects };
    writeFile(path.join(outDir, file), renderHtml(server, template, data));
  };
  for (const entry of content.pages) {
    emit(entry.route, entry, htmlFileOf(entry.route));
    writeFile(path.join(outDir, dataFileOf(entry.route)), JSON.stringify(entry.page));
  }
  if (options.notFound) emit('/404', null, '404.html');
}

export function renderHtml(server: ServerEntry, template: string, data: InitialData): string {
  const head = [
    server.headHtml(server.headOf(data.site, data.route, data.page), data.site.name),
    server.structuredDataHtml(data.site, data.route, data.page),
  ].join('\n    ');
  return template
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', server.render(data))
    .replace('<!--app-data-->', server.serialiseData(data));
}


export function writeFile(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}
