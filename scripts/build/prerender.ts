/** Prerendering: a route's data → its HTML file, with the server bundle of src/entry-server.tsx. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderData, SharedMedia } from '../../src/app/data';
import type { Head } from '../../src/app/head';
import { imageSizesOf, type Content, type PageEntry } from '../../src/content/load';
import { htmlFileOf } from '../../src/content/routes';
import type { Site } from '../../src/content/site-schema';
import { sha1, type OutputWriter } from './build-cache';
import { outputPathOf } from './output-folder';

/** What the server bundle (src/entry-server.tsx) exports. */
export interface ServerEntry {
  render(data: RenderData): string;
  headOf(site: Site, route: string, page: RenderData['page'], images: RenderData['images'], shared: RenderData['shared']): Head;
  headHtml(head: Head, siteName: string): string;
  /** The page's JSON-LD block (src/app/structured-data.ts), kept out of the client bundle. */
  structuredDataHtml(site: Site, route: string, page: RenderData['page'], images: RenderData['images'], menu: RenderData['menu']): string;
}

/** Loads the prerenderer with React's production build (the development build renders 3–5× slower). */
export async function importServer(serverDir: string): Promise<ServerEntry> {
  process.env.NODE_ENV = 'production';
  return (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
}


/** One HTML file to make: its route, where it goes, the data it renders and the key of that data. */
export interface PageJob {
  route: string;
  file: string;
  data: RenderData;
  key: string;
}

export interface PlanOptions {
  /** Plan the 404 page too. */
  notFound?: boolean;
  /** Each route's card and icons (the 404 page's under /404), from scripts/build/social.ts. */
  shared?: ReadonlyMap<string, SharedMedia>;
}

/**
 * Each page's HTML job; with `notFound`, the 404 page's job too. A page's HTML is a function of its
 * data, the template and the code, so its key is the hash of those: a page whose key is unchanged is
 * linked from the previous output instead of being rendered (only the jobs returned still need
 * rendering). Each carries the sizes of the images it shows (the site's and the page's).
 */
export function planPages(
  template: Template,
  site: Site,
  content: Pick<Content, 'pages' | 'redirects' | 'images' | 'menu'>,
  out: OutputWriter,
  options: PlanOptions = {},
): PageJob[] {
  const templateKey = sha1(template.html, JSON.stringify(template.partChunks));
  const jobs: PageJob[] = [];
  const plan = (route: string, entry: PageEntry | null, file: string) => {
    const page = entry?.page ?? null;
    const shared = options.shared?.get(route);
    const data: RenderData = { route, site, menu: content.menu, page, images: imageSizesOf(content.images, { site, page }), ...(shared ? { shared } : {}) };
    const key = sha1(out.base, templateKey, JSON.stringify(data));
    if (!out.reuse(file, key)) jobs.push({ route, file, data, key });
  };
  for (const entry of content.pages) plan(entry.route, entry, htmlFileOf(entry.route));
  if (options.notFound) plan('/404', null, '404.html');
  return jobs;
}

/** Renders the jobs' HTML into the output. */
export function renderJobs(server: ServerEntry, template: Template, jobs: readonly PageJob[], out: OutputWriter): void {
  for (const job of jobs) out.write(job.file, job.key, renderHtml(server, template, job.data));
}

export function renderHtml(server: ServerEntry, template: Template, data: RenderData): string {
  const body = server.render(data);
  const head = [
    // With the page's images: a processed logo (og:image, JSON-LD) is named by its processed file.
    server.headHtml(server.headOf(data.site, data.route, data.page, data.images, data.shared), data.site.name),
    server.structuredDataHtml(data.site, data.route, data.page, data.images, data.menu),
    ...preloadsOf(template, body).map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`),
  ].join('\n    ');
  return template.html.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => body);
}


/** The HTML template of the client build, and the chunks of each part's browser code. */
export interface Template {
  html: string;
  /**
   * `behaviour:<name>` and `island:<name>` → the chunk files of that part's code (with the chunks
   * they import), from Vite's manifest. Empty in the dev server, which serves modules as they are.
   */
  partChunks: Record<string, string[]>;
}

/** The browser code of a part (src/islands/parts.gen.ts): `src/sections/stats/behaviour.ts` → behaviour:stats. */
const PART_MODULE = /^src\/(?:sections|layout)\/([a-z0-9-]+)\/(behaviour|island)\.tsx?$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isDynamicEntry?: boolean;
  isEntry?: boolean;
}

/** The islands' scheduler (src/site.ts imports it where the page holds an island), as the manifest and partChunks name it. */
const SCHEDULER_MODULE = 'src/islands/schedule.ts';
const SCHEDULER = 'scheduler';

/** Reads the client build's template and manifest (the manifest is not copied into the site). */
export function readTemplate(clientDir: string): Template {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const partChunks: Record<string, string[]> = {};
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const chunksOf = (key: string, seen = new Set<string>()): string[] => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || seen.has(key)) return [];
      seen.add(key);
      return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunksOf(imported, seen))];
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      const part = PART_MODULE.exec(key);
      if (part && chunk.isDynamicEntry) partChunks[`${part[2]}:${part[1]}`] = [...new Set(chunksOf(key))];
    }
    // The islands' scheduler, which the page script imports on pages that hold an island.
    if (manifest[SCHEDULER_MODULE]) partChunks[SCHEDULER] = [...new Set(chunksOf(SCHEDULER_MODULE))];
  }
  return { html, partChunks };
}

/**
 * The code the page runs as soon as it loads, fetched beside the page's one script rather than after
 * it (at low priority, like the script): the behaviours its HTML names, the islands' scheduler where
 * there is an island, and the islands it hydrates on load. Islands that wait for the visitor are not
 * preloaded: most visitors never reach for them.
 */
function preloadsOf(template: Template, body: string): string[] {
  const parts = [
    // Not a behaviour that loads when its part nears the screen (`data-behaviour-when="visible"`): preloading it would fetch it anyway.
    ...[...body.matchAll(/<[a-z][^>]* data-behaviour="([a-z0-9-]+)"[^>]*>/g)]
      .filter((match) => !match[0].includes(' data-behaviour-when="visible"'))
      .map((match) => `behaviour:${match[1]}`),
    ...[...body.matchAll(/<cesa-island [^>]*data-island="([a-z0-9-]+)"[^>]*data-when="load"/g)].map((match) => `island:${match[1]}`),
    // The scheduler is needed at once where there is an island: it listens for the visitor reaching for it.
    ...(body.includes('<cesa-island ') ? [SCHEDULER] : []),
  ];
  return [...new Set(parts.flatMap((part) => template.partChunks[part] ?? []))].map((file) => `/${file}`);
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
