/**
 * The build's two heavy steps, validating and prerendering, spread over worker threads (one per
 * core). Small sites stay in one thread: starting workers costs more than it saves below a few
 * hundred pages.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ContentCache } from '../../src/content/cache';
import { assembleContent, listPageFiles, validatePages, type Content, type PageEntry, type ValidatedPage } from '../../src/content/load';
import type { Site } from '../../src/content/site-schema';
import { importServer, prerenderPages } from './prerender';

export type WorkerTask =
  | { kind: 'validate'; root: string; pagesDir: string; relatives: string[]; cacheDir?: string | undefined }
  | { kind: 'render'; serverDir: string; template: string; site: Site; pages: PageEntry[]; redirects: [string, string][]; outDir: string };

type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: string };

const PARALLEL_FROM = 200;

export function workerCount(pages: number): number {
  return pages < PARALLEL_FROM ? 1 : Math.max(1, Math.min(availableParallelism(), 8));
}

function split<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, index) => items.slice(index * size, (index + 1) * size)).filter((part) => part.length > 0);
}

/** Runs one task per worker thread, each in a fresh worker, and collects the replies in order. */
async function runInWorkers<T>(tasks: WorkerTask[]): Promise<T[]> {
  return Promise.all(
    tasks.map(
      (task) =>
        new Promise<T>((resolve, reject) => {
          const worker = new Worker(new URL('./build-worker.mjs', import.meta.url));
          worker.once('message', (reply: WorkerReply<T>) => {
            void worker.terminate();
            if (reply.ok) resolve(reply.value);
            else reject(new Error(`build worker failed: ${reply.error}`));
          });
          worker.once('error', reject);
          worker.postMessage(task);
        }),
    ),
  );
}

export interface LoadFastOptions {
  root: string;
  /** Keep validated pages of unchanged files between runs. */
  cacheDir?: string | undefined;
}

/** loadContent, with validation spread over the cores for large sites. */
export async function loadContentFast({ root, cacheDir }: LoadFastOptions): Promise<Content> {
  const pagesDir = path.join(root, 'pages');
  const relatives = listPageFiles(pagesDir);
  const workers = workerCount(relatives.length);
  let validated: ValidatedPage[];
  if (workers === 1) {
    validated = validatePages(root, pagesDir, relatives, cacheDir ? new ContentCache(cacheDir) : undefined);
  } else {
    const parts = await runInWorkers<ValidatedPage[]>(split(relatives, workers).map((share) => ({ kind: 'validate', root, pagesDir, relatives: share, cacheDir })));
    validated = parts.flat();
  }
  return assembleContent({ root, pagesDir }, validated);
}

/** prerenderPages, spread over the cores for large sites. */
export async function prerenderFast(serverDir: string, template: string, site: Site, content: Pick<Content, 'pages' | 'redirects'>, outDir: string): Promise<void> {
  const workers = workerCount(content.pages.length);
  if (workers === 1) {
    prerenderPages(await importServer(serverDir), template, site, content, outDir);
    return;
  }
  const redirects = [...content.redirects];
  await runInWorkers<number>(split(content.pages, workers).map((pages) => ({ kind: 'render', serverDir, template, site, pages, redirects, outDir })));
}
