/** A build worker thread: validates and renders its share of the pages (see parallel.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './parallel';
import { PageWork } from './page-work';

const work = new PageWork();
// From the thread's start to here: its modules loaded (the renderer is loaded with the first render). Its
// clock, like every thread's, counts from the process's start: the parent says when it started the thread.
work.phases.add('thread start-up', performance.now() - ((workerData as { startedAt?: number } | null)?.startedAt ?? 0));

/** Answers every request, also with its error: the promise never rejects. */
async function answer(request: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    if (request.kind === 'brochure') throw new Error('the brochure has a thread of its own (brochure-worker.ts)');
    const value = request.kind === 'validate' ? work.validate(request.task) : request.kind === 'prepare' ? void (await work.prepare(request.serverDir)) : await work.render(request.context, request.jobs);
    reply = { id: request.id, ok: true, value, phases: work.phases.take() };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
}

// One request at a time, in the order they came: a render's runs (parallel.ts) each wait for the one before.
let answering = Promise.resolve();
parentPort!.on('message', (request: WorkerRequest) => {
  answering = answering.then(() => answer(request));
});
