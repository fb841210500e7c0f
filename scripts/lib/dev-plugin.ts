/**
 * Dev server: every request renders the page from the current YAML (same code as the build), every
 * save reloads the browser, and content errors show in Vite's overlay and in the terminal.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import type { InitialData, PageData } from '../../src/app/data';
import { formatReport } from '../../src/content/errors';
import { imageSizesOf, loadContent, type Content } from '../../src/content/load';
import { dataFileOf, normaliseRoute } from '../../src/content/routes';
import { renderHtml, type ServerEntry } from './prerender';

export function contentDevServer(root: string): Plugin {
  let content: Content | undefined;
  const load = (): Content => (content ??= loadContent({ root }));

  const report = (server: ViteDevServer) => {
    const { errors } = load();
    if (errors.length === 0) {
      server.config.logger.info('content OK', { timestamp: true });
      return;
    }
    server.config.logger.error(formatReport(errors, { color: true }), { timestamp: true });
    server.ws.send({ type: 'error', err: { message: formatReport(errors), stack: '', plugin: 'content' } });
  };

  return {
    name: 'cesa-content',
    apply: 'serve',
    configureServer(server) {
      const pagesDir = path.join(root, 'pages');
      const publicDir = path.join(root, 'public');
      server.watcher.add(pagesDir);
      const onChange = (file: string) => {
        if (!file.startsWith(pagesDir) && !file.startsWith(publicDir)) return;
        content = undefined;
        report(server);
        if (load().errors.length === 0) server.ws.send({ type: 'full-reload', path: '*' });
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      report(server);

      // Runs after Vite's own middleware, so modules and public/ files are served first.
      return () => {
        const serveContent = async (req: Connect.IncomingMessage, res: ServerResponse, next: Connect.NextFunction): Promise<void> => {
          try {
            const url = new URL(req.url ?? '/', 'http://localhost');
            const { site, pages, redirects, images, errors } = load();
            const wantsData = url.pathname.startsWith('/_data/');
            if (!wantsData && !(req.headers.accept ?? '').includes('text/html')) return next();

            if (errors.length > 0 || !site) {
              res.statusCode = 500;
              res.setHeader('Content-Type', wantsData ? 'application/json' : 'text/html; charset=utf-8');
              res.end(wantsData ? JSON.stringify({ errors }) : errorPage(formatReport(errors)));
              return;
            }
            if (wantsData) {
              const entry = pages.find((page) => `/${dataFileOf(page.route)}` === url.pathname);
              res.statusCode = entry ? 200 : 404;
              res.setHeader('Content-Type', 'application/json');
              const data: PageData | undefined = entry && { page: entry.page, images: imageSizesOf(images, { page: entry.page }) };
              res.end(data ? JSON.stringify(data) : '{}');
              return;
            }

            const route = normaliseRoute(url.pathname);
            const target = redirects.get(route);
            if (target) {
              res.statusCode = 301;
              res.setHeader('Location', target);
              res.end();
              return;
            }
            const entry = pages.find((page) => page.route === route);
            const page = entry?.page ?? null;
            const data: InitialData = { route, site, page, redirects: Object.fromEntries(redirects), images: imageSizesOf(images, { site, page }) };
            const template = await server.transformIndexHtml(url.pathname, readFileSync(path.join(root, 'index.html'), 'utf8'));
            const serverEntry = (await server.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
            await serverEntry.ready;
            res.statusCode = entry ? 200 : 404;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(renderHtml(serverEntry, { html: template, appChunks: [], sectionChunks: {} }, data));
          } catch (error) {
            if (error instanceof Error) server.ssrFixStacktrace(error);
            next(error);
          }
        };
        // serveContent passes its own errors to next(), so nothing waits for its promise.
        server.middlewares.use((req, res, next) => void serveContent(req, res, next));
      };
    },
  };
}

/** A page that shows the content errors in Vite's overlay and reloads itself once they are fixed. */
function errorPage(report: string): string {
  const message = JSON.stringify(report).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content errors</title></head>
<body><pre style="white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace;padding:1rem">${report.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>
<script type="module">
import { ErrorOverlay } from '/@vite/client';
document.body.appendChild(new ErrorOverlay({ message: ${message}, stack: '', plugin: 'content' }));
</script></body></html>`;
}
