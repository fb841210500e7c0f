/** Prerendering: a route's data → its HTML file, with the server bundle of src/entry-server.tsx. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RenderData } from '../../src/app/data';
import { headHtml, headOf } from '../../src/app/head';
import { datedRenderData } from '../../src/app/dated-data';
import { structuredDataHtml } from '../../src/app/structured-data';
import type { ServerEntry } from './renderer';
import { outputPathOf } from './output-folder';
import type { Phases } from './profile';

/** The page's HTML file; `phases`, if given, is told the time of each part (body, head, preloads). */
export function renderHtml(server: ServerEntry, template: Template, given: RenderData, phases?: Phases): string {
  const started = performance.now();
  // The figures of the date ({year}, {years}) computed for the day the page is made for: body and head alike.
  const data = datedRenderData(given);
  const body = server.render(data);
  phases?.add('body', performance.now() - started);
  return pageHtml(template, data, body, phases);
}

/**
 * The page's HTML file around its body (React's render of it): the
 * head's tags, the JSON-LD and the preloads, by the engine's own code (not the server bundle's, which
 * holds React's render alone and so loads in less time on every thread).
 */
function pageHtml(template: Template, data: RenderData, body: string, phases?: Phases): string {
  let clock = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    phases?.add(phase, now - clock);
    clock = now;
  };
  // With the page's images: a processed logo (og:image, JSON-LD) is named by its processed file.
  const tags = headHtml(headOf(data.site, data.route, data.page, data.images, data.shared), data.site.name);
  const structured = structuredDataHtml(data.site, data.route, data.page, { today: data.today, images: data.images, menu: data.menu, courses: data.courses });
  lap('head');
  const preloads = preloadsOf(template, body).map((href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`);
  lap('preloads');
  const head = [tags, structured, ...preloads].join('\n    ');
  const html = template.html.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => body);
  lap('html');
  return html;
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
    ...tagsWith(body, ' data-behaviour="')
      .map((tag) => BEHAVIOUR_TAG.exec(tag))
      .filter((match) => match !== null && !match[0].includes(' data-behaviour-when="visible"'))
      .map((match) => `behaviour:${match![1]}`),
    ...tagsWith(body, '<cesa-island ')
      .map((tag) => ISLAND_ON_LOAD.exec(tag))
      .flatMap((match) => (match ? [`island:${match[1]}`] : [])),
    // The scheduler is needed at once where there is an island: it listens for the visitor reaching for it.
    ...(body.includes('<cesa-island ') ? [SCHEDULER] : []),
  ];
  return [...new Set(parts.flatMap((part) => template.partChunks[part] ?? []))].map((file) => `/${file}`);
}

const BEHAVIOUR_TAG = /^<[a-z][^>]* data-behaviour="([a-z0-9-]+)"[^>]*>$/;
const ISLAND_ON_LOAD = /^<cesa-island [^>]*data-island="([a-z0-9-]+)"[^>]*data-when="load"/;

/**
 * The opening tags of `html` that hold `text`, in order, each once. A page holds a few such tags
 * among thousands: found by `indexOf`, then each tag read whole, instead of a pattern tried at every
 * tag of the page (a third of a millisecond a page).
 */
function tagsWith(html: string, text: string): string[] {
  const tags: string[] = [];
  for (let from = 0; ; ) {
    const at = html.indexOf(text, from);
    if (at < 0) return tags;
    const end = html.indexOf('>', at);
    if (end < 0) return tags;
    const start = text.startsWith('<') ? at : html.lastIndexOf('<', at);
    if (start >= 0 && html.lastIndexOf('>', at) < start) tags.push(html.slice(start, end + 1));
    from = end + 1;
  }
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
