/**
 * The brochure's thread (scripts/builder/parallel.ts, brochureInThread): loads pdf-lib and the brochure
 * only, not the page work of build-worker.ts, so it starts in a fraction of the time.
 */
import { parentPort } from 'node:worker_threads';
import { brochureOf } from './brochure';
import type { WorkerReply, WorkerRequest } from './parallel';

async function answer(request: WorkerRequest): Promise<void> {
  let reply: WorkerReply;
  try {
    if (request.kind !== 'brochure') throw new Error(`the brochure's thread cannot ${request.kind}`);
    reply = { id: request.id, ok: true, value: await brochureOf(request.site, request.summaries, { date: request.date }), phases: {} };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
}

parentPort!.on('message', (request: WorkerRequest) => void answer(request));
