/** `npm run build`: the static site in dist/, or every content error and dist/ untouched. */
import { formatReport } from '../src/content/errors';
import { buildSite } from './lib/site-build';

const result = await buildSite({ root: process.cwd(), verbose: process.argv.includes('--verbose') });
if (!result.ok) {
  console.error(formatReport(result.errors, { color: process.stderr.isTTY }));
  console.error('\nThe build stopped: dist/ was left as it was.');
  process.exit(1);
}
console.log(`Built ${result.pages} pages into ${result.outDir} in ${result.seconds.toFixed(1)} s.`);
