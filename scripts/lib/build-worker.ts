/** A build worker thread: validates or prerenders its share of the pages (see parallel.ts). */
import { parentPort } from 'node:worker_threads';
import { ContentCache } from '../../src/content/cache';
import { validatePages } from '../../src/content/load';
import { importServer, prerenderPages } from './prerender';
import type { WorkerTask } from './parallel';

parentPort!.on('message', async (task: WorkerTask) => {
  try {
    if (task.kind === 'validate') {
      const cache = task.cacheDir ? new ContentCache(task.cacheDir) : undefined;
      parentPort!.postMessage({ ok: true, value: validatePages(task.root, task.pagesDir, task.relatives, cache) });
    } else {
      const server = await importServer(task.serverDir);
      prerenderPages(server, task.template, task.site, { pages: task.pages, redirects: new Map(task.redirects) }, task.outDir);
      parentPort!.postMessage({ ok: true, value: task.pages.length });
    }
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
