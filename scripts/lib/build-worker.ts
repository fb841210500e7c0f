/** A build worker thread: prerenders its share of the pages (see parallel.ts). */
import { parentPort } from 'node:worker_threads';
import type { WorkerTask } from './parallel';
import { importServer, prerenderPages } from './prerender';

/** Answers every task, also with its error: the promise never rejects. */
async function run(task: WorkerTask): Promise<void> {
  try {
    const server = await importServer(task.serverDir);
    prerenderPages(server, task.template, task.site, { pages: task.pages, redirects: new Map(task.redirects), images: new Map(task.images) }, task.outDir);
    parentPort!.postMessage({ ok: true, value: task.pages.length });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

parentPort!.on('message', (task: WorkerTask) => void run(task));
