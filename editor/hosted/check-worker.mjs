// @ts-check
// Entry of the hosted editor's checking threads (check-threads.ts). Threads do not reliably inherit the
// parent's TypeScript loader (`tsx` does not pass it on), so register it here, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./check-worker.ts');
