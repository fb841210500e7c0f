// @ts-check
// Entry of the brochure's thread when the build runs from its TypeScript source (tests, tools): as
// build-worker.mjs, registers tsx, then loads the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./brochure-worker.ts');
