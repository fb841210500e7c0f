/** A build worker thread: prerenders its share of the pages (see parallel.ts). */
import { parentPort } from 'node:worker_threads';
import { OutputWriter, type OutputRecord } from './build-cache';
import type { WorkerTask } from './parallel';
import { importServer, renderJobs } from './prerender';

/** This thread's share, rendered into the output with a writer of its own; its records go back. */
async function renderShare(task: WorkerTask): Promise<Record<string, OutputRecord>> {
  const out = new OutputWriter(task.staging, task.base);
  renderJobs(await importServer(task.serverDir), task.template, task.jobs, out);
  return out.written;
}

/** Answers every task, also with its error: the promise never rejects. */
async function run(task: WorkerTask): Promise<void> {
  try {
    parentPort!.postMessage({ ok: true, value: await renderShare(task) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

parentPort!.on('message', (task: WorkerTask) => void run(task));
