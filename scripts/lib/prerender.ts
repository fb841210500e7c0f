/** Prerendering: a route's data → its HTML file, with the server bundle of src/entry-server.tsx. */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitialData, PageData } from '../../src/app/data';
import type { Head } from '../../src/app/head';
import { imageSizesOf, type Content, type PageEntry } from '../../src/content/load';
import { dataFileOf, htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { outputPathOf } from './output-folder';

/** What the server bundle (src/entry-server.tsx) exports. */
export interface ServerEntry {
  /** Settles once every section type's code is loaded: render only after it. */
  ready: Promise<unknown>;
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
  const server = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  await server.ready;
  return server;
}


/**
 * Writes each page's HTML and data; with `notFound`, the 404 page too. Each carries the sizes of the
 * images it shows (its HTML: the site's and the page's; its data file: the page's), from `images`.
 */
export function prerenderPages(
  server: ServerEntry,
  template: Template,
  site: Site,
  content: Pick<Content, 'pages' | 'redirects' | 'images'>,
  outDir: string,
  options: { notFound?: boolean } = {},
): void {
  const redirects = Object.fromEntries(content.redirects);
  const emit = (route: string, entry: PageEntry | null, file: string) => {
    const page = entry?.page ?? null;
    const data: InitialData = { route, site, page, redirects, images: imageSizesOf(content.images, { site, page }) };
    writeFile(path.join(outDir, file), renderHtml(server, template, data));
  };
  for (const entry of content.pages) {
    emit(entry.route, entry, htmlFileOf(entry.route));
    const data: PageData = { page: entry.page, images: imageSizesOf(content.images, { page: entry.page }) };
    writeFile(path.join(outDir, dataFileOf(entry.route)), JSON.stringify(data));
  }
  if (options.notFound) emit('/404', null, '404.html');
}

export function renderHtml(server: ServerEntry, template: Template, data: InitialData): string {
  const head = [
    server.headHtml(server.headOf(data.site, data.route, data.page), data.site.name),
    server.structuredDataHtml(data.site, data.route, data.page),
  ].join('\n    ');
  return template.html
    .replace('<!--app-head-->', head)
    .replace(PRELOAD_SLOT, `data-preload="${preloadsOf(template, data).join(' ')}"`)
    .replace('<!--app-html-->', server.render(data))
    .replace('<!--app-data-->', server.serialiseData(data));
}


/** The HTML template of the client build, and the chunks each section type's code is in. */
export interface Template {
  html: string;
  /** The app's chunk files (src/entry-client.tsx and what it imports), from Vite's manifest. */
  appChunks: string[];
  /** Section type → its chunk files (with the chunks they import), from Vite's manifest. */
  sectionChunks: Record<string, string[]>;
}

/** Where the page's code list goes: an attribute of the one script tag (read by src/boot.ts). */
const PRELOAD_SLOT = 'data-preload=""';

/** The app, loaded by src/boot.ts once the page is painted. */
const APP_ENTRY = 'src/entry-client.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
  isEntry?: boolean;
}

/**
 * Reads the client build's template and manifest; removes the manifest (it is not for the site).
 * Sections live in src/sections/<type>/, so a dynamic entry there is that type's code.
 */
export function readTemplate(clientDir: string): Template {
  // The page is readable before any script runs: its one script (src/boot.ts, tiny) must not
  // compete with the first paint, and fetches the rest after it.
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8').replace(
    '<script type="module" crossorigin',
    `<script type="module" fetchpriority="low" crossorigin ${PRELOAD_SLOT}`,
  );
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const sectionChunks: Record<string, string[]> = {};
  let appChunks: string[] = [];
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const chunksOf = (key: string, seen = new Set<string>()): string[] => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || seen.has(key)) return [];
      seen.add(key);
      return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(imported, seen))];
    };
    appChunks = chunksOf(APP_ENTRY);
    for (const [key, chunk] of Object.entries(manifest)) {
      const type = /^src\/sections\/([a-z0-9-]+)\//.exec(key)?.[1];
      if (type && chunk.isDynamicEntry) sectionChunks[type] = [...new Set(chunksOf(key))];
    }
    rmSync(path.join(clientDir, '.vite'), { recursive: true, force: true });
  }
  return { html, appChunks, sectionChunks };
}

/** The code a page needs to hydrate: the app's chunks and those of its section types, fetched together. */
function preloadsOf(template: Template, data: InitialData): string[] {
  const sections = (data.page?.sections ?? []).flatMap((section) => template.sectionChunks[section.type] ?? []);
  return [...new Set([...template.appChunks, ...sections])].map((file) => `/${file}`);
}

export function writeFile(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
}

/**
 * Writes `relative` (e.g. `about/index.html`) inside the output folder `outDir`, and nowhere else:
 * throws OutputPathError, naming the path, if it is absolute or resolves outside (`../x`, `a/../../x`,
 * through a symbolic link). Defence in depth: the content check reports such paths first.
 */
export function writeOutput(outDir: string, relative: string, data: string | Uint8Array): string {
  const file = outputPathOf(outDir, relative);
  writeFileSync(file, data);
  return file;
}
