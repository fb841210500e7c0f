/** Prerendering: a route's data → its HTML file, with the server bundle of src/entry-server.tsx. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitialData, PageData } from '../../src/app/data';
import type { Head } from '../../src/app/head';
import { imageSizesOf, type Content, type PageEntry } from '../../src/content/load';
import { dataFileOf, htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { sha1, type OutputWriter } from './build-cache';
import { outputPathOf } from './output-folder';

/** What the server bundle (src/entry-server.tsx) exports. */
export interface ServerEntry {
  /** Settles once every section type's code is loaded: render only after it. */
  ready: Promise<unknown>;
  render(data: InitialData): string;
  headOf(site: Site, route: string, page: InitialData['page'], images: InitialData['images']): Head;
  headHtml(head: Head, siteName: string): string;
  /** The page's JSON-LD block (src/app/structured-data.ts), kept out of the client bundle. */
  structuredDataHtml(site: Site, route: string, page: InitialData['page'], images: InitialData['images'], menu: InitialData['menu']): string;
  serialiseData(data: InitialData): string;
}

/** Loads the prerenderer with React's production build (the development build renders 3–5× slower). */
export async function importServer(serverDir: string): Promise<ServerEntry> {
  process.env.NODE_ENV = 'production';
  const server = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  await server.ready;
  return server;
}


/** One HTML file to make: its route, where it goes, the data it renders and the key of that data. */
export interface PageJob {
  route: string;
  file: string;
  data: InitialData;
  key: string;
}

/**
 * Each page's HTML job and, written at once, its data file (`_data/<route>.json`); with `notFound`,
 * the 404 page's job too. A page's HTML is a function of its data, the template and the code, so its
 * key is the hash of those: a page whose key is unchanged is linked from the previous output instead
 * of being rendered (only the jobs returned still need rendering). Each carries the sizes of the
 * images it shows (its HTML: the site's and the page's; its data file: the page's).
 */
export function planPages(
  template: Template,
  site: Site,
  content: Pick<Content, 'pages' | 'redirects' | 'images' | 'menu'>,
  out: OutputWriter,
  options: { notFound?: boolean } = {},
): PageJob[] {
  const redirects = Object.fromEntries(content.redirects);
  const templateKey = sha1(template.html, JSON.stringify(template.appChunks), JSON.stringify(template.sectionChunks));
  const jobs: PageJob[] = [];
  const plan = (route: string, entry: PageEntry | null, file: string) => {
    const page = entry?.page ?? null;
    const data: InitialData = { route, site, menu: content.menu, page, redirects, images: imageSizesOf(content.images, { site, page }) };
    const key = sha1(out.base, templateKey, JSON.stringify(data));
    if (!out.reuse(file, key)) jobs.push({ route, file, data, key });
  };
  for (const entry of content.pages) {
    plan(entry.route, entry, htmlFileOf(entry.route));
    const data: PageData = { page: entry.page, images: imageSizesOf(content.images, { page: entry.page }) };
    const json = JSON.stringify(data);
    out.put(dataFileOf(entry.route), sha1(json), () => json);
  }
  if (options.notFound) plan('/404', null, '404.html');
  return jobs;
}

/** Renders the jobs' HTML into the output. */
export function renderJobs(server: ServerEntry, template: Template, jobs: readonly PageJob[], out: OutputWriter): void {
  for (const job of jobs) out.write(job.file, job.key, renderHtml(server, template, job.data));
}

export function renderHtml(server: ServerEntry, template: Template, data: InitialData): string {
  const head = [
    // With the page's images: a processed logo (og:image, JSON-LD) is named by its processed file.
    server.headHtml(server.headOf(data.site, data.route, data.page, data.images), data.site.name),
    server.structuredDataHtml(data.site, data.route, data.page, data.images, data.menu),
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
 * Reads the client build's template and manifest (the manifest is not copied into the site).
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
