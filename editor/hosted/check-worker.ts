/**
 * A checking thread of the hosted editor (./check-threads.ts): makes what an editor sent into the text
 * a save would write and checks it on its own (./page-checks.ts), one request at a time. Its memory
 * and time are limited by the thread that started it: a page that would cost more ends this thread,
 * not the server.
 */
import { parentPort } from 'node:worker_threads';
import { prepareHere, type SentPage } from '../server/page-checks';
import type { CheckReply } from './check-threads';

parentPort!.on('message', (sent: SentPage) => {
  let reply: CheckReply;
  try {
    reply = { ok: true, prepared: prepareHere(sent) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
// Ready: the first request is not kept waiting for the modules to load.
parentPort!.postMessage('ready');
