/**
 * Dev server: every request renders the page from the current YAML (same code as the build), and
 * every save of a content file updates the open pages in place (src/dev-client.ts fetches the page
 * again and swaps it; a page of a saved file is served before the checks across files, which follow
 * once the page shows it). Content errors are the editor's, so they are
 * shown in the editor's words, page by page: a page whose file has errors shows them instead of the
 * page (as `npm run check` prints them, with the lines of the file); every other page is shown as
 * usual, with a small notice that links to the list of every error (/_errors). Errors of the site
 * document (_site.yaml) stop every page. The terminal prints them all on each save.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, InlineConfig, Plugin, ViteDevServer } from 'vite';
import type { RenderData } from '../../src/app/data';
import { courseIndexOf } from '../../src/content/course-facts';
import { formatReport } from '../../src/content/errors';
import { ContentCache, defaultCacheDir } from '../../src/content/cache';
import { writeEditorSchemas } from '../codegen/json-schema';
import { assembleContent, imageSizesOf, listPageFiles, validatePages, type Content, type ValidatedPage } from '../../src/content/load';
import { isPageFile, normaliseRoute } from '../../src/content/routes';
import { PAGE_SHOWN_EVENT, PAGE_UPDATE_EVENT, type PageUpdate } from '../../src/app/page-update';
import { DEV_HOST } from './dev-address';
import { ERRORS_ROUTE, errorListPage, errorNotice, errorPage, mapErrors, type ErrorMap } from './dev-errors';
import { renderHtml } from '../builder/prerender';
import type { ServerEntry } from '../builder/renderer';
import { publicFileAt, sendFile } from '../hosting/files';
import { indiaDateOf } from '../../src/content/calendar';

export interface ContentDevOptions {
  /** The folder that holds the content (pages/ and public/); default: the project root. */
  contentRoot?: string | undefined;
  /**
   * Mounted on the server before the pages: the visual editor in `npm run dev` (editor/server/dev-mount.ts
   * hands it in; the engine never imports the editor). It reads the content the pages are served from.
   */
  mount?: DevMount | undefined;
}

/** The content as the dev server holds it, for what it mounts. */
export interface DevContent {
  /** The project (its code). */
  root: string;
  /** Where pages/ and public/ are. */
  contentRoot: string;
  /** The content as the dev server loaded it (kept until a file changes). */
  load: () => Content;
  /** Forgets the loaded content: the next load() reads the files again. */
  invalidate: () => void;
}

export type DevMount = (server: ViteDevServer, content: DevContent) => void;

/** What `npm run dev` starts: the project's Vite config, this plugin, the address. */
export function devServerConfig(root: string, { port, contentRoot, mount }: ContentDevOptions & { port: number }): InlineConfig {
  return {
    root,
    appType: 'custom',
    // The content's own public/ (photos uploaded in the editor included), as the build copies it.
    publicDir: path.join(contentRoot ?? root, 'public'),
    plugins: [contentDevServer(root, { contentRoot, mount })],
    // The port asked for, or none: `npm run new` prints this address, so it must not move to the next free one.
    server: { host: DEV_HOST, port, strictPort: port !== 0 },
  };
}

/** The site as pages are served from it: the content and its errors by page. */
interface Loaded {
  content: Content;
  errors: ErrorMap;
}

/** How long the checks across files wait for an open page to show a save, when none says so (no page of it is open). */
const CHECK_AFTER_MS = 300;
/** How long after the last load the content cache's store is written. */
const STORE_CACHE_AFTER_MS = 2000;

/** The browser's script of the dev server: updates the open page after a save (src/dev-client.ts). */
export const DEV_CLIENT = '/src/dev-client.ts';

const byFile = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

/**
 * The site with some page files validated again, before the checks across files: each saved page
 * replaces its old one, or its errors replace the old ones of its file.
 */
function withSaved({ content }: Loaded, saved: readonly ValidatedPage[], pagesFolder: string): Loaded {
  const files = new Set(saved.map((entry) => entry.file));
  const pages = [
    ...content.pages.filter((entry) => !files.has(entry.file)),
    ...saved.flatMap((entry) => (entry.ok ? [{ route: entry.route, file: entry.file, page: entry.page }] : [])),
  ].sort(byFile);
  const errors = [...content.errors.filter((error) => !files.has(error.file)), ...saved.flatMap((entry) => (entry.ok ? [] : entry.errors))].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
  return { content: { ...content, pages, errors }, errors: mapErrors(errors, pagesFolder) };
}

/** What a page shows beyond its own file: the errors (its own, the notice), the menu, the courses its cards show, the redirects, the images' sizes. */
function whatEveryPageShows({ content }: Loaded): string {
  const errors = content.errors.map((error) => [error.file, error.line, error.column, error.code, error.message]);
  return JSON.stringify([errors, content.menu, courseIndexOf(content.facts.map((facts) => facts.summary)), [...content.redirects], [...content.images]]);
}

/** The site the dev server serves, kept between requests and read again only where a file changed. */
class DevSite {
  readonly pagesDir: string;
  readonly publicDir: string;
  /** The pages folder as error files name it (`pages`). */
  readonly pagesFolder: string;
  // Kept while the server runs: after a save only the changed file is read and validated again (the
  // others are known by their stat), then the checks across files run on the whole site.
  private readonly cache: ContentCache;
  /** The whole site, checked across files; undefined once a file changed. */
  private loaded: Loaded | undefined;
  /**
   * After a save of page files only: the last checked site with those pages validated again, which the
   * open page is served from at once; the checks across files (links, routes, images, the menu) follow.
   */
  provisional: Loaded | undefined;
  private saving: NodeJS.Timeout | undefined;
  /** The page files of the last load, until the cache's store is written. */
  private unstored: string[] | undefined;

  constructor(
    readonly root: string,
    readonly contentRoot: string,
  ) {
    this.pagesDir = path.join(contentRoot, 'pages');
    this.publicDir = path.join(contentRoot, 'public');
    this.pagesFolder = path.relative(contentRoot, this.pagesDir).split(path.sep).join('/');
    this.cache = new ContentCache(defaultCacheDir(root));
  }

  /** Writes the cache's store now (for the next start and the build). */
  storeCache(): void {
    clearTimeout(this.saving);
    if (this.unstored) this.cache.save(this.pagesDir, this.unstored);
    this.unstored = undefined;
  }

  /** The whole site, checked across files. */
  load(): Loaded {
    if (!this.loaded) {
      const files = listPageFiles(this.pagesDir);
      const content = assembleContent({ root: this.contentRoot, pagesDir: this.pagesDir }, validatePages(this.contentRoot, this.pagesDir, files, this.cache));
      this.loaded = { content, errors: mapErrors(content.errors, this.pagesFolder) };
      // The cache's store (for the next start and the build) is written once saves pause: writing it takes as long as the checks.
      this.unstored = files;
      clearTimeout(this.saving);
      this.saving = setTimeout(() => this.storeCache(), STORE_CACHE_AFTER_MS);
      this.saving.unref();
    }
    return this.loaded;
  }

  /** What a page is served from: the saved pages at once, the whole site's checks when they have run. */
  current(): Loaded {
    return this.provisional ?? this.load();
  }

  /** Forgets the loaded site: the next load() reads the files again. */
  invalidate(): void {
    this.loaded = undefined;
    this.provisional = undefined;
  }

  /**
   * After a save of `savedPages` only: the last site with them validated again, which pages are served
   * from until the checks across files run; undefined when the whole site is to be read again (nothing
   * loaded yet, or a saved file gone again before it was read, its removal not yet reported).
   */
  withSavedPages(savedPages: ReadonlySet<string>): { base: Loaded; saved: ValidatedPage[] } | undefined {
    const base = this.provisional ?? this.loaded;
    if (!base) return undefined;
    try {
      return { base, saved: validatePages(this.contentRoot, this.pagesDir, [...savedPages], this.cache) };
    } catch {
      return undefined;
    }
  }

  /** The editor's schemas list the routes and public files, so links and images are checked while typing. */
  updateEditorSchemas(): void {
    try {
      writeEditorSchemas(this.root, this.load().content);
    } catch (error) {
      console.warn(`The editor's schemas (schemas/editor/) could not be updated: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The content's mistakes in the terminal, or that it is OK. */
  report(server: ViteDevServer): void {
    const { errors } = this.load();
    if (errors.all.length === 0) {
      server.config.logger.info('content OK', { timestamp: true });
      return;
    }
    server.config.logger.error(formatReport(errors.all, { color: true }), { timestamp: true });
    server.config.logger.error(
      errors.site.length > 0
        ? `Every page shows the mistakes of ${errors.site[0]!.file} until they are fixed; all mistakes: ${ERRORS_ROUTE}`
        : `Pages whose file has a mistake show it in the browser; the other pages are shown as usual. All mistakes: ${ERRORS_ROUTE}`,
    );
  }
}

/**
 * Keeps the open pages up to date with the content: after each save (the watcher's events)
 * the site is read again where it changed and the pages showing it update.
 */
function liveUpdates(server: ViteDevServer, site: DevSite): void {
  const send = (routes: PageUpdate['routes']) => server.ws.send(PAGE_UPDATE_EVENT, { routes } satisfies PageUpdate);
  let checking: NodeJS.Timeout | undefined;
  let closed = false;
  const stopSaves = watchSaves(server, site, (savedPages) => {
    if (!closed) update(savedPages);
  });
  server.httpServer?.once('close', () => {
    closed = true;
    stopSaves();
    clearTimeout(checking);
    site.storeCache();
  });

  /** The checks across files after a quick update: the terminal's report, and the open pages again if they change anything. */
  const check = () => {
    clearTimeout(checking);
    const shown = site.provisional;
    if (!shown || closed) return;
    site.provisional = undefined;
    const checked = site.load();
    site.report(server);
    if (whatEveryPageShows(shown) !== whatEveryPageShows(checked)) send('*');
    site.updateEditorSchemas();
  };
  const checkSoon = (delay: number) => {
    clearTimeout(checking);
    checking = setTimeout(check, delay);
    checking.unref();
  };
  // An open page shows the saved text: the checks can run without slowing it down.
  server.ws.on(PAGE_SHOWN_EVENT, () => {
    if (site.provisional) checkSoon(0);
  });

  /**
   * After a save. Page files changed: only they are validated again, the open pages showing them
   * update at once, and the whole site is checked after (once a page shows the save, or CHECK_AFTER_MS).
   * Anything else (the site document, public/, a file added or removed): the whole site is loaded and
   * checked, and every open page updates.
   */
  const update = (savedPages: ReadonlySet<string> | undefined) => {
    const quick = savedPages && site.withSavedPages(savedPages);
    site.invalidate();
    if (!quick) {
      site.report(server);
      send('*');
      // Then the editor's schemas, if a page or a public file came or went (after the update: not in its way).
      site.updateEditorSchemas();
      return;
    }
    site.provisional = withSaved(quick.base, quick.saved, site.pagesFolder);
    // The notice every page carries counts the files with errors.
    send(site.provisional.errors.files === quick.base.errors.files ? quick.saved.map((entry) => entry.route) : '*');
    checkSoon(CHECK_AFTER_MS);
  };
}

/**
 * Calls `onSave` once a save of content has settled, with the page files saved since the last call
 * (undefined when anything else changed: the site document, public/, a file added or removed).
 * Returns what stops it.
 */
function watchSaves(server: ViteDevServer, site: DevSite, onSave: (savedPages: ReadonlySet<string> | undefined) => void): () => void {
  const { pagesDir, publicDir } = site;
  server.watcher.add([pagesDir, publicDir]);
  let pending: NodeJS.Timeout | undefined;
  /** Page files saved since the last update; undefined once anything else changed. */
  let savedPages: Set<string> | undefined = new Set();
  const onChange = (event: 'change' | 'add' | 'unlink') => (file: string) => {
    if (!file.startsWith(pagesDir + path.sep) && !file.startsWith(publicDir + path.sep)) return;
    const relative = path.relative(pagesDir, file).split(path.sep).join('/');
    if (event === 'change' && file.startsWith(pagesDir + path.sep) && isPageFile(relative)) savedPages?.add(relative);
    else savedPages = undefined;
    // One save can be several events (an editor truncates, writes, renames), and the watcher
    // drops a file's events that follow its first by less than 50 ms: the content is read again,
    // reported and updated once, 60 ms after the last of them, when the file is whole (a wait
    // shorter than the watcher's 50 ms could read a file half written and miss its last event).
    clearTimeout(pending);
    pending = setTimeout(() => {
      pending = undefined;
      const saved = savedPages;
      savedPages = new Set();
      onSave(saved);
    }, 60);
    pending.unref();
  };
  server.watcher.on('change', onChange('change'));
  server.watcher.on('add', onChange('add'));
  server.watcher.on('unlink', onChange('unlink'));
  return () => clearTimeout(pending);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(html);
}

/** The pages, rendered from the content at each request (the list of mistakes at /_errors, fresh public files). */
function servePages(server: ViteDevServer, site: DevSite): Connect.NextHandleFunction {
  const client = path.posix.join(server.config.base, DEV_CLIENT);
  const serveContent = async (req: Connect.IncomingMessage, res: ServerResponse, next: Connect.NextFunction): Promise<void> => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === ERRORS_ROUTE) return sendHtml(res, 200, errorListPage(site.load().errors, client));
      // A file that came into public/ a moment ago (a photo uploaded in the editor): Vite serves
      // public/ from a list its watcher keeps, which may not have it yet.
      const fresh = publicFileAt(site.publicDir, url.pathname);
      if (fresh) return sendFile(res, fresh);
      if (!(req.headers.accept ?? '').includes('text/html')) return next();

      const { content, errors } = site.current();
      const { site: document, pages, redirects, images, menu } = content;
      const route = normaliseRoute(url.pathname);
      // The site document's errors stop every page; a page's own errors stop that page.
      const stopping = !document || errors.site.length > 0 ? errors.site : (errors.byRoute.get(route) ?? []);
      if (!document || stopping.length > 0) return sendHtml(res, 500, errorPage(route, errors, client));

      const target = redirects.get(route);
      if (target) {
        res.statusCode = 301;
        res.setHeader('Location', target);
        res.end();
        return;
      }
      const entry = pages.find((page) => page.route === route);
      const page = entry?.page ?? null;
      const data: RenderData = { route, today: indiaDateOf(new Date()), site: document, menu, courses: courseIndexOf(content.facts.map((facts) => facts.summary)), page, images: imageSizesOf(images, { site: document, page }) };
      const template = await server.transformIndexHtml(url.pathname, readFileSync(path.join(site.root, 'index.html'), 'utf8'));
      const serverEntry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
      const html = renderHtml(serverEntry, { html: template, partChunks: {} }, data);
      sendHtml(res, entry ? 200 : 404, html.replace('</body>', `${errorNotice(errors)}\n<script type="module" src="${client}"></script>\n</body>`));
    } catch (error) {
      if (error instanceof Error) server.ssrFixStacktrace(error);
      next(error);
    }
  };
  // serveContent passes its own errors to next(), so nothing waits for its promise.
  return (req, res, next) => void serveContent(req, res, next);
}

export function contentDevServer(root: string, { contentRoot = root, mount }: ContentDevOptions = {}): Plugin {
  const site = new DevSite(root, contentRoot);
  return {
    name: 'cesa-content',
    apply: 'serve',
    // A saved component that only the prerenderer uses (a static section, the layout) is in no module
    // graph of the browser, so Vite would update nothing: the open pages reload and show it.
    hotUpdate({ file, modules, server }) {
      if (this.environment.name !== 'ssr' || modules.length === 0) return;
      server.ws.send({ type: 'full-reload', path: '*', triggeredBy: file });
    },
    configureServer(server) {
      // The visual editor (/_editor) when handed in: before Vite's own middleware and the pages.
      mount?.(server, { root, contentRoot, load: () => site.load().content, invalidate: () => site.invalidate() });
      liveUpdates(server, site);
      site.report(server);
      site.updateEditorSchemas();
      // Runs after Vite's own middleware, so modules and public/ files are served first.
      return () => {
        server.middlewares.use(servePages(server, site));
      };
    },
  };
}
