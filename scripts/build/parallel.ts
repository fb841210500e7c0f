/**
 * Prerendering, the build's heaviest step, spread over the cores: this thread and a worker thread
 * per other core. Small sites stay in one thread: starting workers costs more than it saves below a
 * few hundred pages.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ContentCache } from '../../src/content/cache';
import { loadContent, type Content } from '../../src/content/load';
import type { Site } from '../../src/content/site-schema';
import type { OutputRecord, OutputWriter } from './build-cache';
import { importServer, planPages, renderJobs, type PageJob, type PlanOptions, type Template } from './prerender';

/** A worker thread's share: the pages to render and where to write them. */
export type WorkerTask = { serverDir: string; template: Template; jobs: PageJob[]; staging: string; base: string };

type WorkerReply<T> = { ok: true; value: T } | { ok: false; error: string };

const PARALLEL_FROM = 200;

/** Threads for a site of this size; CESA_BUILD_THREADS overrides it (for measuring). */
export function workerCount(pages: number): number {
  const forced = Number(process.env.CESA_BUILD_THREADS);
  if (Number.isInteger(forced) && forced > 0) return forced;
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

/**
 * loadContent with the content-hash cache. Validation stays on this thread: with js-yaml it costs
 * less than a millisecond a page, about what sending a validated page back from a worker costs.
 */
export function loadContentCached({ root, cacheDir }: LoadFastOptions): Content {
  return loadContent({ root, cache: cacheDir ? new ContentCache(cacheDir) : undefined });
}

/**
 * Every page's HTML and data into the output (with `notFound`, the 404 page): pages whose data,
 * template and code are unchanged are linked from the previous output; the rest are rendered, spread
 * over the cores when there are enough of them (this thread renders a share too).
 */
export async function prerenderFast(
  serverDir: string,
  template: Template,
  site: Site,
  content: Pick<Content, 'pages' | 'redirects' | 'images' | 'menu'>,
  out: OutputWriter,
  options: PlanOptions = {},
): Promise<void> {
  const jobs = planPages(template, site, content, out, options);
  if (jobs.length === 0) return;
  const threads = workerCount(jobs.length);
  const server = await importServer(serverDir);
  const [own = [], ...shares] = split(jobs, threads);
  const others = runInWorkers<Record<string, OutputRecord>>(shares.map((share) => ({ serverDir, template, jobs: share, staging: out.staging, base: out.base })));
  renderJobs(server, template, own, out);
  for (const written of await others) out.merge(written);
}
