/**
 * `npm run build`: the static site in dist/, or every content error and dist/ untouched.
 * Options (for tests and tools): --out <dir> (default dist), --content <dir> (where pages/ is), --verbose.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport } from '../src/content/errors';
import { buildSite } from './lib/site-build';

const { values } = parseArgs({
  options: { out: { type: 'string' }, content: { type: 'string' }, verbose: { type: 'boolean', default: false } },
});
const root = process.cwd();
const result = await buildSite({
  root,
  outDir: path.resolve(values.out ?? 'dist'),
  contentRoot: values.content ? path.resolve(values.content) : root,
  verbose: values.verbose,
});
if (!result.ok) {
  console.error(formatReport(result.errors, { color: process.stderr.isTTY }));
  console.error('\nThe build stopped: the previous output was left as it was.');
  process.exit(1);
}
console.log(`Built ${result.pages} pages into ${path.relative(root, result.outDir) || '.'} in ${result.seconds.toFixed(1)} s.`);
