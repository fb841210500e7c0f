// @ts-check
// Entry of the build's worker threads. Threads do not reliably inherit the parent's TypeScript
// loader (`node --import tsx` does not pass it on), so register it here, then load the worker.
import { register } from 'tsx/esm/api';

register();
await import('./build-worker.ts');
